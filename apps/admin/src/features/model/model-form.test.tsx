// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Model } from '@trackit/contract/model.schema';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pressEnter } from '../../testing/keyboard';
import { renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { modelFixture } from './model.fixtures';
import { ModelForm } from './model-form';
import { modelBody, modelFormValues, statusOptions } from './model-form-values';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

/** The form as a page renders it (the manager picker asks the server for the team's members). */
const render = (form: ReactElement) => renderPage(form, '/');

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const storedModel = (overrides: Partial<Model> = {}): Model =>
  modelFixture({
    english_name: 'Sunny',
    tags: ['清新'],
    mobile: '13812345678',
    id_number: '11010519491231002X',
    socials: [{ platform: '小红书', handle: 'sunny', followers: 12_800 }],
    manager_member_id: 3,
    manager_nickname: '沈念',
    commission_rate: 2000,
    contract_start: '2026-01-01',
    contract_end: '2027-12-31',
    last_measured_at: '2026-11-01T08:00:00Z',
    ...overrides,
  });

describe('ModelForm: one form for create and edit, checked by the contract schema', () => {
  beforeEach(() =>
    answerCalls(api, memberOptionsAnswer([memberOption(3, '沈念', '经纪部'), memberOption(4, '王经纪')])),
  );
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('sends the parsed values: trimmed, measurements as numbers, empty fields null', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '  刘晓阳 ');
    fill('model-height-input', '178');
    fill('model-weight-input', '55');
    fill('model-city-input', '上海');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]?.[0];
    expect(body).toMatchObject({
      name: '刘晓阳',
      gender: 'female',
      status: 'active',
      height: 178,
      weight: 55,
      city: '上海',
      english_name: null,
      birthday: null,
      commission_rate: null,
      tags: [],
      socials: [],
    });
    // Below manage the ID is not even mentioned: the server refuses a request that names it.
    expect(body).not.toHaveProperty('id_number');
  });

  it('reads the commission and the mother agency’s share to the basis point: 4.35 % and 0.29 % are taken', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '刘晓阳');
    // Math.round(4.35 * 100) !== 4.35 * 100 refused these two before the one rate input.
    fill('model-commission-input', '4.35');
    fill('model-mother-agency-input', 'Elite Paris');
    fill('model-mother-agency-rate-input', '0.29');
    fireEvent.mouseDown(
      screen.getByTestId('model-mother-agency-basis-input').querySelector('input') as Element,
    );
    fireEvent.click(await screen.findByTitle('按佣金'));
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      commission_rate: 435,
      mother_agency_rate: 29,
      mother_agency_basis: 'commission',
    });
    // Three decimals are not a rate: said beside the field, nothing sent.
    fill('model-commission-input', '4.355');
    fireEvent.click(screen.getByTestId('model-submit'));
    expect(await screen.findByText('*请输入0-100之间的数字，最多两位小数')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('asks for the name and branch of a bank outside the list, and sends them', async () => {
    const onSubmit = vi.fn();
    render(
      <ModelForm canManage={false} canPayout submitting={false} submitText="创建" onSubmit={onSubmit} />,
    );
    fill('model-name-input', '刘晓阳');
    fill('model-payout-name-input', '刘晓阳');
    fill('model-payout-account-input', '5013 1000 1234 5678 9');
    const bank = screen.getByTestId('model-payout-bank-input').querySelector('input') as Element;
    fireEvent.change(bank, { target: { value: '农商' } });
    fireEvent.click(await screen.findByTitle('其他银行（城商行、农商行等）'));
    // Choosing 其他银行 asks for its name.
    await screen.findByTestId('model-payout-bank-name-input');
    fireEvent.click(screen.getByTestId('model-submit'));
    expect(await screen.findByText('*请填写开户银行的名称，如：上海银行、北京农商银行')).toBeTruthy();
    expect(await screen.findByText('*请填写开户支行')).toBeTruthy();
    fill('model-payout-bank-name-input', '上海农商银行');
    fill('model-payout-branch-input', '静安支行');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      payout_bank: 'other',
      payout_bank_name: '上海农商银行',
      payout_bank_branch: '静安支行',
      payout_account_number: '50131000123456789',
    });
  });

  it('refuses an empty name, a height out of range and a wrong mobile, with the server’s messages', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-height-input', '300');
    fill('model-mobile-input', '1234');
    fireEvent.blur(screen.getByTestId('model-mobile-input'));
    fireEvent.click(screen.getByTestId('model-submit'));
    expect(await screen.findByText('*请输入姓名')).toBeTruthy();
    expect(await screen.findByText('*请输入50-250之间的整数（厘米）')).toBeTruthy();
    expect(await screen.findByText('*请输入正确手机号')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the national ID only at manage level, and checks its check character there', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    expect(screen.queryByTestId('model-id-number-input')).toBeNull();
    cleanup();
    render(<ModelForm canManage submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '刘晓阳');
    fill('model-id-number-input', '110105194912310021');
    fireEvent.blur(screen.getByTestId('model-id-number-input'));
    expect(await screen.findByText('*请输入正确身份证号')).toBeTruthy();
    fill('model-id-number-input', '11010519491231002x');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ id_number: '11010519491231002X' });
  });

  it('checks the number per document, keeps a 居民身份证 holder resident, asks a passport holder’s stay', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', 'Anna Berg');
    // A 居民身份证: resident, no stay in China asked.
    const type = screen.getByTestId('model-id-type-input');
    fireEvent.mouseDown(type.querySelector('.ant-select-selector') ?? type);
    fireEvent.click(await screen.findByTitle('居民身份证'));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: '居民个人' })).toHaveProperty('checked', true),
    );
    expect(screen.getByRole('radio', { name: '非居民个人' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('model-first-entry-input')).toBeNull();
    // A passport: its own rule for the number, the residency free, the stay in China asked.
    fireEvent.mouseDown(type.querySelector('.ant-select-selector') ?? type);
    fireEvent.click(await screen.findByTitle('护照'));
    expect(await screen.findByTestId('model-first-entry-input')).toBeTruthy();
    expect(screen.getByTestId('model-expected-departure-input')).toBeTruthy();
    fill('model-id-number-input', 'ab1');
    fireEvent.blur(screen.getByTestId('model-id-number-input'));
    expect(await screen.findByText('*护照号码应为5-20位字母或数字')).toBeTruthy();
    fill('model-id-number-input', 'p1234567');
    fireEvent.click(screen.getByRole('radio', { name: '非居民个人' }));
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      id_type: 'passport',
      id_number: 'P1234567',
      tax_residency: 'non_resident',
      first_entry_date: null,
      expected_departure_date: null,
    });
  });

  it('sends the stay in China only with a document from outside the mainland', () => {
    const abroad = storedModel({
      id_type: 'passport',
      id_number: 'P1234567',
      tax_residency: 'non_resident',
      first_entry_date: '2026-11-01',
      expected_departure_date: '2027-01-31',
    });
    expect(modelBody(modelFormValues(abroad), true)).toMatchObject({
      id_type: 'passport',
      tax_residency: 'non_resident',
      first_entry_date: '2026-11-01',
      expected_departure_date: '2027-01-31',
    });
    const home = modelFormValues(abroad);
    home.id_type = 'resident_id_card';
    home.id_number = '11010519491231002X';
    home.tax_residency = 'non_resident';
    expect(modelBody(home, true)).toMatchObject({
      id_type: 'resident_id_card',
      tax_residency: 'resident',
      first_entry_date: null,
      expected_departure_date: null,
    });
    expect(modelBody(modelFormValues(abroad), false)).not.toHaveProperty('tax_residency');
  });

  it('offers 已解约 only at manage level', () => {
    expect(statusOptions(true).map((option) => option.label)).toEqual(['合作中', '暂停合作', '已解约']);
    expect(statusOptions(false).map((option) => option.label)).toEqual(['合作中', '暂停合作']);
  });

  it('starts from a stored model when editing, and gives back the same body unchanged', () => {
    const model = storedModel();
    const body = modelBody(modelFormValues(model), true);
    expect(body).toMatchObject({
      name: '刘晓阳',
      birthday: '2002-05-10',
      height: 178,
      bust: 84,
      cup: 'B',
      tags: ['清新'],
      socials: [{ platform: '小红书', handle: 'sunny', followers: 12_800 }],
      commission_rate: 2000,
      contract_start: '2026-01-01',
      contract_end: '2027-12-31',
      id_number: '11010519491231002X',
      wechat: null,
    });
    expect(body).toMatchObject({ manager_member_id: 3 });
    expect(modelBody(modelFormValues(model), false)).not.toHaveProperty('id_number');
  });

  it('offers the payout account only to those who may see it, and sends it with its spaces dropped', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    expect(screen.queryByTestId('model-payout-account-input')).toBeNull();
    expect(screen.getByTestId('model-payout-hidden').textContent).toContain('仅信息管理或财务的管理权限');
    fill('model-name-input', '刘晓阳');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const hidden = onSubmit.mock.calls[0]?.[0];
    expect(hidden).toMatchObject({ payout_type: 'individual', mother_agency_rate: null });
    // Not even mentioned: the server refuses a request that names the account below those levels.
    expect(hidden).not.toHaveProperty('payout_account_number');
    cleanup();

    const onPayout = vi.fn();
    render(
      <ModelForm canManage={false} canPayout submitting={false} submitText="创建" onSubmit={onPayout} />,
    );
    fill('model-name-input', '刘晓阳');
    fill('model-payout-name-input', '刘晓阳');
    // The three go together: a name alone asks for the bank and the number.
    fireEvent.click(screen.getByTestId('model-submit'));
    expect((await screen.findAllByText('*开户名、开户银行和银行账号须一并填写')).length).toBe(2);
    expect(onPayout).not.toHaveBeenCalled();
  });

  it('keeps the payout details and the mother agency’s share through an edit, in basis points', () => {
    const model = storedModel({
      mother_agency: 'Elite Paris',
      mother_agency_rate: 1250,
      mother_agency_basis: 'gross',
      payout_type: 'studio',
      payout_account_name: '晓阳工作室',
      payout_bank: 'icbc',
      payout_account_number: '6212264301001234567',
    });
    const values = modelFormValues(model);
    expect(values).toMatchObject({
      mother_agency_rate: 1250,
      payout_account_number: '6212 2643 0100 1234 567',
    });
    expect(modelBody(values, false, true)).toMatchObject({
      mother_agency: 'Elite Paris',
      mother_agency_rate: 1250,
      mother_agency_basis: 'gross',
      payout_type: 'studio',
      payout_account_name: '晓阳工作室',
      payout_bank: 'icbc',
      payout_account_number: '6212264301001234567',
    });
    const cleared = modelBody(
      { ...values, payout_account_name: ' ', payout_bank: null, payout_account_number: '' },
      false,
      true,
    );
    expect(cleared).toMatchObject({
      payout_account_name: null,
      payout_bank: null,
      payout_account_number: null,
    });
    expect(modelBody(values, true, false)).not.toHaveProperty('payout_bank');
  });

  it('names the current manager and sends the one chosen from the team', async () => {
    const onSubmit = vi.fn();
    render(
      <ModelForm
        model={storedModel()}
        canManage={false}
        submitting={false}
        submitText="保存"
        onSubmit={onSubmit}
      />,
    );
    const picker = screen.getByTestId('model-manager-input');
    expect(picker.textContent).toContain('沈念');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByText('王经纪'));
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ manager_member_id: 4 });
  });
  it('does not create on Enter in a field: creating needs the button', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '刘晓阳');
    expect(pressEnter(screen.getByTestId('model-name-input'))).toBe(false);
    fill('model-height-input', '178');
    expect(pressEnter(screen.getByTestId('model-height-input'))).toBe(false);
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: '刘晓阳', height: 178 });
  });

  it('is looked after by the member creating it unless another is picked; never set, left to the server', async () => {
    const onSubmit = vi.fn();
    render(
      <ModelForm
        defaultManager={{ id: 3, nickname: '沈念' }}
        canManage={false}
        submitting={false}
        submitText="创建"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByTestId('model-manager-input').textContent).toContain('沈念');
    fill('model-name-input', '刘晓阳');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ manager_member_id: 3 });
    expect(modelBody({ ...modelFormValues(), name: '无人' }, false)).not.toHaveProperty('manager_member_id');
  });

  it('warns of a namesake born the same day, linking to her, and creates only when told she is not the same', async () => {
    const namesake = modelFixture({
      id: 41,
      name: '刘晓阳',
      english_name: 'Sunny',
      birthday: '2002-05-10',
      manager_nickname: '沈念',
    });
    answerCalls(
      api,
      memberOptionsAnswer([memberOption(3, '沈念')]),
      answer(endpoints.model.duplicates, () => [namesake]),
    );
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '刘晓阳');
    const birthday = document.querySelector<HTMLInputElement>('#birthday');
    if (!birthday) throw new Error('no birthday input');
    fireEvent.mouseDown(birthday);
    fireEvent.change(birthday, { target: { value: '2002-05-10' } });
    fireEvent.keyDown(birthday, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('model-submit'));

    const warning = await screen.findByTestId('model-duplicates');
    expect(callsTo(api, endpoints.model.duplicates)[0]?.[0]).toEqual({
      query: { name: '刘晓阳', birthday: '2002-05-10' },
    });
    expect(warning.textContent).toContain('团队中已有同名且出生日期相同的模特');
    const link = screen.getByTestId('model-duplicates-link');
    expect(link.textContent).toBe('刘晓阳');
    expect(link.getAttribute('href')).toBe('/admin/information/model/41');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(warning.textContent).toContain('Sunny · 女 · 2002-05-10 · 合作中 · 经纪人 沈念');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('model-duplicates-confirm'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: '刘晓阳', birthday: '2002-05-10' });

    // Another name: the warning goes, and the next 创建 asks again.
    fill('model-name-input', '刘晓月');
    await waitFor(() => expect(screen.queryByTestId('model-duplicates')).toBeNull());
  });

  it('asks nothing when there is no birthday to compare, nor when editing', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-name-input', '刘晓阳');
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    cleanup();
    render(
      <ModelForm
        model={storedModel()}
        canManage={false}
        submitting={false}
        submitText="保存"
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByTestId('model-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(callsTo(api, endpoints.model.duplicates)).toEqual([]);
  });
});
