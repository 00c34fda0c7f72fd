// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Company } from '@trackit/contract/company.schema';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answerCalls } from '../../testing/api-answers';
import { pressEnter } from '../../testing/keyboard';
import { renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { CompanyForm, companyBody, companyFormValues } from './company-form';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

/** The form as a page renders it (the owner picker asks the server for the team's members). */
const render = (form: ReactElement) => renderPage(form, '/');

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const storedCompany: Company = {
  id: 3,
  name: '北京光年广告有限公司',
  short_name: '光年',
  credit_code: '91110000600037341L',
  industry: 'advertising',
  tier: 'key',
  invoice_title: null,
  invoice_address: null,
  bank_name: null,
  bank_account: null,
  payment_terms_days: 45,
  owner_member_id: 1,
  owner: { id: 1, nickname: '林晓' },
  notes: null,
  status: 'active',
  contact_count: 2,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('CompanyForm: one form for create and edit, checked by the contract schema', () => {
  beforeEach(() =>
    answerCalls(api, memberOptionsAnswer([memberOption(1, '林晓'), memberOption(2, '王经纪')])),
  );
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('sends the parsed values: trimmed, credit code upper-cased, empty fields null, tier defaulted', async () => {
    const onSubmit = vi.fn();
    render(<CompanyForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('company-name-input', '  上海星河传媒有限公司 ');
    fill('company-credit-code-input', '91350100m000100y43');
    fill('company-bank-account-input', '6225 8801 2345');
    fireEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: '上海星河传媒有限公司',
      credit_code: '91350100M000100Y43',
      bank_account: '622588012345',
      short_name: null,
      industry: null,
      tier: 'regular',
      payment_terms_days: null,
    });
    // No owner picked and none known: left out, so the server makes the creator the owner.
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('owner_member_id');
  });

  it('does not create on Enter in a field: creating needs the button', async () => {
    const onSubmit = vi.fn();
    render(<CompanyForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('company-name-input', '上海星河传媒有限公司');
    expect(pressEnter(screen.getByTestId('company-name-input'))).toBe(false);
    expect(pressEnter(screen.getByTestId('company-credit-code-input'))).toBe(false);
    fireEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('makes the member creating a company its owner unless another is picked', () => {
    const values = companyFormValues(undefined, { id: 1, nickname: '林晓' });
    expect(companyBody({ ...values, name: '上海星河传媒有限公司' })).toMatchObject({ owner_member_id: 1 });
    expect(companyBody({ ...values, name: '上海星河传媒有限公司', owner_member_id: null })).toMatchObject({
      owner_member_id: null,
    });
  });

  it('refuses a credit code with a wrong check character and an empty name, with the server’s messages', async () => {
    const onSubmit = vi.fn();
    render(<CompanyForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('company-credit-code-input', '91350100M000100Y44');
    fireEvent.blur(screen.getByTestId('company-credit-code-input'));
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('*请输入正确的18位统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('*请输入公司名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts from a stored company when editing, and gives back the same body unchanged', () => {
    const body = companyBody(companyFormValues(storedCompany));
    expect(body).toMatchObject({
      name: storedCompany.name,
      short_name: '光年',
      credit_code: storedCompany.credit_code,
      industry: 'advertising',
      tier: 'key',
      payment_terms_days: 45,
      invoice_title: null,
      owner_member_id: 1,
    });
  });

  it('names the current owner and sends the member chosen instead', async () => {
    const onSubmit = vi.fn();
    render(<CompanyForm company={storedCompany} submitting={false} submitText="保存" onSubmit={onSubmit} />);
    const picker = screen.getByTestId('company-owner-input');
    expect(picker.textContent).toContain('林晓');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByText('王经纪'));
    fireEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ owner_member_id: 2 });
  });
});
