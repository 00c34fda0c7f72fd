import { useQuery } from '@tanstack/react-query';
import { AGING_BUCKET_LABELS } from '@trackit/contract/finance-enums';
import { formatYuan } from '@trackit/contract/money';
import { Card, Flex, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { useCan } from '../../layouts/use-permission-level';
import { companyAccountQuery, receiptListQuery } from '../finance/receipts.queries';
import { feeList, RECEIPTS_PATH } from '../finance-dashboard/finance-dashboard-links';

/**
 * 客户往来 on the company page (docs/product.md "A client's account"), for members who read finance: what
 * was billed, invoiced and received and what is outstanding (the figures of 费用 filtered to the client, as
 * of today), its aging by bucket (each opening 费用 on it), and the receipts named to the client with
 * their credit (预收款: received, not yet allocated). The client's statements and their state follow in
 * their own section.
 */
export function CompanyAccountSection({ companyId }: { companyId: number }) {
  const canRead = useCan('accounting', 'read');
  if (!canRead) return null;
  return <CompanyAccount companyId={companyId} />;
}

function CompanyAccount({ companyId }: { companyId: number }) {
  const account = useQuery(companyAccountQuery(companyId));
  const credits = useQuery(
    receiptListQuery({ page: 1, per_page: 5, company_id: companyId, unallocated: true }),
  );
  const overdue = account.data?.buckets
    .filter((bucket) => bucket.bucket !== 'not_due')
    .reduce((sum, bucket) => sum + bucket.outstanding, 0);
  return (
    <Card
      title="客户往来"
      data-testid="company-account"
      extra={
        account.data ? (
          <Flex gap={12} align="center">
            <Typography.Text type="secondary">截至 {account.data.as_of}</Typography.Text>
            <Link to={feeList({ company_id: companyId })}>在费用中查看</Link>
          </Flex>
        ) : null
      }
    >
      <QueryState query={account} loading={{ rows: 3 }}>
        {(data) => (
          <Flex vertical gap={16}>
            <Flex gap={32} wrap>
              <Statistic title={`已出账（${data.orders} 单）`} value={formatYuan(data.billed)} />
              <Statistic title="已开票" value={formatYuan(data.invoiced)} />
              <Statistic title="已收" value={formatYuan(data.received)} />
              <Statistic
                title="未收"
                value={formatYuan(data.outstanding)}
                valueStyle={overdue ? { color: '#cf1322' } : undefined}
                data-testid="company-account-outstanding"
              />
              <Statistic
                title={`预收款（${data.credit_receipts} 笔未核销）`}
                value={formatYuan(data.credit)}
                valueStyle={data.credit > 0 ? { color: '#389e0d' } : undefined}
                data-testid="company-account-credit"
              />
            </Flex>
            <Flex gap={8} wrap align="center" data-testid="company-account-aging">
              <Typography.Text type="secondary">账龄：</Typography.Text>
              {data.buckets.map((bucket) => (
                <Link
                  key={bucket.bucket}
                  to={feeList({ company_id: companyId, aging_bucket: [bucket.bucket] })}
                >
                  <Tag color={bucket.outstanding > 0 && bucket.bucket !== 'not_due' ? 'red' : undefined}>
                    {AGING_BUCKET_LABELS[bucket.bucket]} {formatYuan(bucket.outstanding)}
                    {bucket.count > 0 ? `（${bucket.count} 单）` : ''}
                  </Tag>
                </Link>
              ))}
            </Flex>
            <div>
              <Flex justify="space-between" align="baseline">
                <Typography.Text strong>
                  收款 {data.receipts} 笔，共 {formatYuan(data.receipts_total)}
                </Typography.Text>
                <Link to={`${RECEIPTS_PATH}?company_id=${companyId}`}>该客户的全部收款</Link>
              </Flex>
              {data.credit > 0 ? (
                <Table
                  size="small"
                  rowKey="id"
                  style={{ marginTop: 8 }}
                  loading={credits.isLoading}
                  pagination={false}
                  dataSource={credits.data?.data ?? []}
                  data-testid="company-account-credits"
                  columns={[
                    { title: '收款日期', dataIndex: 'received_on', width: 120 },
                    {
                      title: '付款方',
                      key: 'payer',
                      render: (_: unknown, receipt) => (
                        <Link to={`${RECEIPTS_PATH}?receipt=${receipt.id}`}>{receipt.payer_name}</Link>
                      ),
                    },
                    {
                      title: '金额',
                      dataIndex: 'amount',
                      align: 'right',
                      render: (fen: number) => <MoneyCell fen={fen} />,
                    },
                    {
                      title: '未核销（预收款）',
                      dataIndex: 'unallocated',
                      align: 'right',
                      render: (fen: number) => <MoneyCell fen={fen} />,
                    },
                  ]}
                />
              ) : null}
            </div>
          </Flex>
        )}
      </QueryState>
    </Card>
  );
}
