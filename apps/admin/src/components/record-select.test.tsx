// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import { Form, Select } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { CompanySelect } from '../features/company/company-select';
import { answer, answerCalls } from '../testing/api-answers';
import { renderPage } from '../testing/render-page';

vi.mock('../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const noCompanies = () =>
  answerCalls(
    api,
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
  );

describe('RecordSelect (through CompanySelect)', () => {
  it('is the control its form label names: the label is tied to the search box', async () => {
    noCompanies();
    renderPage(
      <Form>
        <Form.Item name="company_id" label="客户公司">
          <CompanySelect testId="company-input" />
        </Form.Item>
      </Form>,
      '/',
    );
    const box = await screen.findByLabelText('客户公司');
    expect(box.getAttribute('role')).toBe('combobox');
  });

  it('is named by its placeholder as a filter, with no label of its own', async () => {
    noCompanies();
    renderPage(
      <div>
        <CompanySelect testId="company-filter" />
        <Select aria-label="类型" options={[]} />
      </div>,
      '/',
    );
    expect((await screen.findByLabelText('搜索公司名称')).getAttribute('role')).toBe('combobox');
    expect(screen.getByLabelText('类型').getAttribute('role')).toBe('combobox');
  });
});
