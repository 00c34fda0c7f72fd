// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Company } from '@trackit/contract/company.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyForm, companyBody, companyFormValues } from './company-form';

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('CompanyForm: one form for create and edit, checked by the contract schema', () => {
  afterEach(cleanup);

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
  });

  it('refuses a credit code with a wrong check character and an empty name, with the server’s messages', async () => {
    const onSubmit = vi.fn();
    render(<CompanyForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('company-credit-code-input', '91350100M000100Y44');
    fireEvent.blur(screen.getByTestId('company-credit-code-input'));
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('*请输入正确的18位统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('*请输入1-50个字符')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts from a stored company when editing, and gives back the same body unchanged', () => {
    const company: Company = {
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
    const body = companyBody(companyFormValues(company));
    expect(body).toMatchObject({
      name: company.name,
      short_name: '光年',
      credit_code: company.credit_code,
      industry: 'advertising',
      tier: 'key',
      payment_terms_days: 45,
      invoice_title: null,
    });
    // The owner is not a field of the form: editing never changes it.
    expect(body).not.toHaveProperty('owner_member_id');
  });
});
