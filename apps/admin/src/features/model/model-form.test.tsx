// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Model } from '@trackit/contract/model.schema';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answerCalls } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { modelFixture } from './model.fixtures';
import { ModelForm, modelBody, modelFormValues, statusOptions } from './model-form';

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

  it('refuses an empty name, a height out of range and a wrong mobile, with the server’s messages', async () => {
    const onSubmit = vi.fn();
    render(<ModelForm canManage={false} submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('model-height-input', '300');
    fill('model-mobile-input', '1234');
    fireEvent.blur(screen.getByTestId('model-mobile-input'));
    fireEvent.click(screen.getByTestId('model-submit'));
    expect(await screen.findByText('*请输入1-50个字符')).toBeTruthy();
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
});
