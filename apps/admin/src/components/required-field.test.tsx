// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { invoiceNumberSchema } from '@trackit/contract/finance-enums';
import { invoiceBuyerSchema } from '@trackit/contract/invoice.schema';
import { receiptCreateSchema } from '@trackit/contract/receipt.schema';
import { Button, Form, Input, InputNumber } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaRule } from './schema-rule';

/** The finance fields of issue 35, as their forms declare them: schemaRule alone, no hand-written `required`. */
function FinanceFields() {
  return (
    <Form>
      <Form.Item name="number" label="数电发票号码" rules={[schemaRule(invoiceNumberSchema)]}>
        <Input />
      </Form.Item>
      <Form.Item name="amount" label="收款金额" rules={[schemaRule(receiptCreateSchema.shape.amount)]}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="payer_name" label="付款方" rules={[schemaRule(receiptCreateSchema.shape.payer_name)]}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label="购方名称" rules={[schemaRule(invoiceBuyerSchema.shape.name)]}>
        <Input />
      </Form.Item>
      <Form.Item name="reference" label="流水号" rules={[schemaRule(receiptCreateSchema.shape.reference)]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

describe('a required field (issue 35)', () => {
  afterEach(cleanup);

  it('shows its asterisk, and an optional one does not', () => {
    const { container } = render(<FinanceFields />);
    const required = [...container.querySelectorAll('.ant-form-item-required')].map(
      (label) => label.textContent,
    );
    expect(required).toEqual(['数电发票号码', '收款金额', '付款方', '购方名称']);
  });

  it('says what is missing when left empty', async () => {
    render(<FinanceFields />);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    for (const message of [
      '*请输入20位数电发票号码',
      '*请输入收款金额',
      '*请输入付款方名称',
      '*请输入购方名称',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(/个字符/)).toBeNull();
  });
});
