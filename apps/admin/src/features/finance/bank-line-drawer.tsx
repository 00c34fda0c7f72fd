import { useQuery } from '@tanstack/react-query';
import {
  type BankLine,
  INVOICE_MATCH_REASON_LABELS,
  PAYER_MATCH_REASON_LABELS,
  type SuggestedInvoice,
} from '@trackit/contract/bank-statement.schema';
import { formatYuan, MAX_AMOUNT_FEN } from '@trackit/contract/money';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { CompanySelect } from '../company/company-select';
import { bankLineInvoicesQuery, useIgnoreBankLine, useRecordBankLine } from './bank-statements.queries';

const NONE: readonly SuggestedInvoice[] = [];

/**
 * 登记 one credit of a bank statement (docs/product.md "Bank statement import"): the client (suggested
 * from the payer's name, changeable), its open invoices with the amounts suggested (the invoice named in
 * 摘要, one of the same amount, then the oldest), each amount editable; what is not allocated stays the
 * client's credit (预收款). 确认登记 records the receipt and its allocations in one step; 忽略 takes a reason.
 */
export function BankLineDrawer({ line, onClose }: { line: BankLine; onClose: () => void }) {
  const { message } = App.useApp();
  const [first] = line.companies;
  const [companyId, setCompanyId] = useState<number | null>(first?.id ?? null);
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(first ?? null);
  const chosenSuggested = companyId === (first?.id ?? null);
  const other = useQuery(bankLineInvoicesQuery(line.id, chosenSuggested ? null : companyId));
  const invoices: readonly SuggestedInvoice[] = chosenSuggested ? line.invoices : (other.data ?? NONE);
  const [amounts, setAmounts] = useState<Record<number, number | null>>({});
  useEffect(() => {
    setAmounts(Object.fromEntries(invoices.map((invoice) => [invoice.id, invoice.suggested || null])));
  }, [invoices]);
  const [reason, setReason] = useState('');
  const record = useRecordBankLine();
  const ignore = useIgnoreBankLine();
  const allocated = Object.values(amounts).reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const over = allocated > line.amount;
  const overInvoice = invoices.find((invoice) => (amounts[invoice.id] ?? 0) > invoice.open);
  const credit = line.amount - allocated;

  const submit = () =>
    record.mutate(
      {
        id: line.id,
        body: {
          company_id: companyId,
          allocations: invoices.flatMap((invoice) => {
            const amount = amounts[invoice.id] ?? 0;
            return amount > 0 ? [{ invoice_id: invoice.id, amount }] : [];
          }),
        },
      },
      {
        onSuccess: () => {
          void message.success('已登记收款');
          onClose();
        },
      },
    );

  return (
    <Drawer
      open
      size={720}
      title={`登记流水 · ${line.payer_name || '未写付款方'}`}
      onClose={onClose}
      destroyOnHidden
      data-testid="bank-line-drawer"
      extra={
        <Space>
          <Popconfirm
            title="忽略这笔流水？"
            description={
              <Input
                placeholder="原因，如：存款利息、内部转账"
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.target.value)}
                data-testid="bank-line-ignore-reason"
              />
            }
            okText="忽略"
            okButtonProps={{ disabled: reason.trim() === '', loading: ignore.isPending }}
            onConfirm={() =>
              ignore.mutate(
                { id: line.id, body: { reason } },
                {
                  onSuccess: () => {
                    void message.success('已忽略');
                    onClose();
                  },
                },
              )
            }
          >
            <Button data-testid="bank-line-ignore">忽略</Button>
          </Popconfirm>
          <Button
            type="primary"
            disabled={over || overInvoice !== undefined}
            loading={record.isPending}
            onClick={submit}
            data-testid="bank-line-record"
          >
            确认登记
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="交易日期">{line.transacted_on}</Descriptions.Item>
          <Descriptions.Item label="金额">
            <Typography.Text strong>{formatYuan(line.amount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="付款方">{line.payer_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="对方账号">{line.payer_account || '—'}</Descriptions.Item>
          <Descriptions.Item label="摘要 / 附言" span={2}>
            {line.summary || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="收款主体">{line.team_recipient.short_name}</Descriptions.Item>
          <Descriptions.Item label="流水号">{line.serial || '—'}</Descriptions.Item>
        </Descriptions>
        {line.possible_receipt ? (
          <Alert
            type="warning"
            showIcon
            message={`同一收款主体在 ${line.transacted_on} 已有一笔相同金额的收款（付款方「${line.possible_receipt.payer_name}」），请确认不是同一笔钱再登记`}
            data-testid="bank-line-possible-receipt"
          />
        ) : null}
        <div>
          <Typography.Text strong>客户公司</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <CompanySelect
              value={companyId}
              current={picked}
              onChange={(value) => setCompanyId(value)}
              testId="bank-line-company"
            />
          </div>
          {line.companies.length > 0 ? (
            <Space size={4} wrap style={{ marginTop: 6 }}>
              <Typography.Text type="secondary">按付款方建议：</Typography.Text>
              {line.companies.map((company) => (
                <Button
                  key={company.id}
                  size="small"
                  type={company.id === companyId ? 'primary' : 'default'}
                  onClick={() => {
                    setPicked({ id: company.id, name: company.name });
                    setCompanyId(company.id);
                  }}
                >
                  {company.name}（{PAYER_MATCH_REASON_LABELS[company.reason]}）
                </Button>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              没有找到与付款方相符的客户，请搜索选择；不选则登记为未指定客户的收款
            </Typography.Text>
          )}
        </div>
        {companyId ? (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            loading={!chosenSuggested && other.isLoading}
            dataSource={invoices}
            locale={{ emptyText: '该客户没有未收完的发票，登记后全部作为预收款' }}
            data-testid="bank-line-invoices"
            columns={[
              { title: '发票号码', dataIndex: 'number', render: (number: string) => number },
              { title: '开票日期', dataIndex: 'issued_on', width: 110 },
              {
                title: '未收',
                dataIndex: 'open',
                align: 'right',
                render: (fen: number) => <MoneyCell fen={fen} />,
              },
              {
                title: '建议依据',
                dataIndex: 'reason',
                width: 120,
                render: (reason: SuggestedInvoice['reason']) => INVOICE_MATCH_REASON_LABELS[reason],
              },
              {
                title: '核销金额',
                key: 'amount',
                width: 170,
                render: (_: unknown, invoice) => (
                  <MoneyInput
                    value={amounts[invoice.id] ?? null}
                    max={Math.min(MAX_AMOUNT_FEN, invoice.open)}
                    onChange={(value: number | null) =>
                      setAmounts((current) => ({ ...current, [invoice.id]: value }))
                    }
                    status={(amounts[invoice.id] ?? 0) > invoice.open ? 'error' : undefined}
                    data-testid={`bank-line-amount-${invoice.id}`}
                  />
                ),
              },
            ]}
          />
        ) : null}
        {over ? (
          <Alert type="error" showIcon message={`核销合计不能超过流水金额 ${formatYuan(line.amount)}`} />
        ) : overInvoice ? (
          <Alert
            type="error"
            showIcon
            message={`发票 ${overInvoice.number} 最多可核销 ${formatYuan(overInvoice.open)}`}
          />
        ) : (
          <Typography.Text data-testid="bank-line-summary">
            核销 {formatYuan(allocated)}
            {credit > 0
              ? `，余 ${formatYuan(credit)} 记为${companyId ? '该客户的预收款' : '未核销收款'}`
              : ''}
          </Typography.Text>
        )}
      </Flex>
    </Drawer>
  );
}
