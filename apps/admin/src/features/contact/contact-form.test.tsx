// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pressEnter } from '../../testing/keyboard';
import { ContactForm } from './contact-form';

vi.mock('../../api', () => ({ api: { call: vi.fn().mockResolvedValue([]) }, tokens: {}, loginHistory: {} }));

const withQueries = (element: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ContactForm', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(api.call).mockReset().mockResolvedValue([]);
  });

  it('adds a contact to the company it was opened from, empties as null', async () => {
    const onSubmit = vi.fn();
    withQueries(
      <ContactForm
        company={{ id: 7, name: '上海星河传媒有限公司' }}
        submitting={false}
        submitText="添加"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByDisplayValue('上海星河传媒有限公司')).toBeTruthy();
    fill('contact-name-input', ' 王珊 ');
    fill('contact-mobile-input', '13912345678');
    fill('contact-email-input', 'wang@example.com');
    fireEvent.click(screen.getByTestId('contact-invoice-checkbox'));
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: '王珊',
      company_id: 7,
      position: null,
      mobile: '13912345678',
      wechat: null,
      email: 'wang@example.com',
      notes: null,
      is_invoice_contact: true,
    });
  });

  it('refuses a wrong mobile number and e-mail with the server’s messages', async () => {
    const onSubmit = vi.fn();
    withQueries(<ContactForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('contact-name-input', '李雷');
    fill('contact-mobile-input', '1391234');
    fill('contact-email-input', 'li@');
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('*请输入正确手机号')).toBeTruthy();
    expect(await screen.findByText('*请输入正确邮箱')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('does not add the contact on Enter in a field: adding needs the button', async () => {
    const onSubmit = vi.fn();
    withQueries(<ContactForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('contact-name-input', '李雷');
    expect(pressEnter(screen.getByTestId('contact-name-input'))).toBe(false);
    expect(pressEnter(screen.getByTestId('contact-position-input'))).toBe(false);
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('warns that the mobile is already a contact’s, naming and linking them, and creates when told', async () => {
    answerCalls(
      api,
      answer(endpoints.contact.duplicates, () => [
        {
          id: 9,
          name: '王珊',
          company_id: 7,
          company: { id: 7, name: '上海星河传媒有限公司' },
          position: '市场总监',
          mobile: '13912345678',
          wechat: null,
          email: null,
          notes: null,
          is_invoice_contact: false,
          status: 'archived' as const,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      ]),
    );
    const onSubmit = vi.fn();
    withQueries(<ContactForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fill('contact-name-input', '王珊');
    fill('contact-mobile-input', '13912345678');
    fireEvent.click(screen.getByTestId('contact-submit'));
    const warning = await screen.findByTestId('contact-duplicates');
    expect(callsTo(api, endpoints.contact.duplicates)[0]?.[0]).toEqual({ query: { mobile: '13912345678' } });
    expect(warning.textContent).toContain('团队中已有联系人使用这个手机号');
    expect(warning.textContent).toContain('上海星河传媒有限公司 · 市场总监 · 已归档');
    expect(screen.getByTestId('contact-duplicates-link').getAttribute('href')).toBe(
      '/admin/information/contacts/9',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('contact-duplicates-confirm'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: '王珊', mobile: '13912345678' });
  });
});
