import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { INVOICE_ITEM_LABELS } from '@trackit/contract/finance-enums';
import { type ReadyGroup, type ReadyLine, readyToInvoiceQuerySchema } from '@trackit/contract/invoice.schema';
import { formatTaxRate } from '@trackit/contract/money';
import { App, Button, Card, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataList } from '../../components/list/data-list';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { parseRecordId } from '../../components/record-id';
import { useCan } from '../../layouts/use-permission-level';
import { readyToInvoiceQuery, useRequestInvoice } from './invoice.queries';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceRequestModal } from './invoice-request-modal';

/** The address's parameter naming the open invoice (ADMIN_PATHS.invoice): notifications and the log link to it. */
export const INVOICE_PARAM = 'invoice';

const columns: TableColumnsType<ReadyLine> = [
  {
    title: '订单',
    key: 'order',
    render: (_, line) => (
      <Flex vertical>
        <Link to={toAdminRoute(ADMIN_PATHS.order(line.order_id)) ?? '/'}>{line.order_number}</Link>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {line.order_title}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: '模特', dataIndex: 'model_name', width: 120 },
  { title: '项目', key: 'item', width: 110, render: (_, line) => INVOICE_ITEM_LABELS[line.item] },
  { title: '税率', key: 'tax_rate', width: 70, render: (_, line) => formatTaxRate(line.tax_rate) },
  {
    title: '价税合计',
    key: 'total',
    width: 130,
    align: 'right',
    render: (_, line) => <MoneyCell fen={line.total} />,
  },
  {
    title: '未开票',
    key: 'remaining',
    width: 130,
    align: 'right',
    render: (_, line) => <MoneyCell fen={line.remaining} testId={`ready-remaining-${line.fee_line_id}`} />,
  },
];

/** One client and one payee entity: its lines, a selection of them and 申请开票. */
function ReadyGroupCard({ group, canRequest }: { group: ReadyGroup; canRequest: boolean }) {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [asking, setAsking] = useState(false);
  const request = useRequestInvoice();
  const chosen = group.lines.filter((line) => selected.includes(line.fee_line_id));
  const chosenRemaining = chosen.reduce((sum, line) => sum + line.remaining, 0);
  const recipient = group.team_recipient;
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      title={
        <Space wrap>
          <span>{group.company.name}</span>
          {recipient ? (
            <Tag color="blue">{recipient.short_name}</Tag>
          ) : (
            <Tag color="orange">未设收款主体</Tag>
          )}
          <Typography.Text type="secondary">{`${group.order_count} 个订单 · ${group.line_count} 条费用`}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          <span>未开票</span>
          <MoneyCell fen={group.remaining} />
          {canRequest && (
            <Button
              type="primary"
              disabled={!recipient || chosen.length === 0}
              onClick={() => setAsking(true)}
              data-testid={`ready-request-${group.company.id}-${recipient?.id ?? 0}`}
            >
              {chosen.length > 0 ? `申请开票（${chosen.length}）` : '申请开票'}
            </Button>
          )}
        </Space>
      }
    >
      <Table<ReadyLine>
        size="small"
        rowKey={(line) => line.fee_line_id}
        columns={columns}
        dataSource={group.lines}
        pagination={false}
        rowSelection={
          canRequest && recipient
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
      />
      {group.line_count > group.lines.length && (
        <Typography.Text type="secondary">{`仅显示前 ${group.lines.length} 条，开票后显示其余费用`}</Typography.Text>
      )}
      {asking && recipient && (
        <InvoiceRequestModal
          group={group}
          lineCount={chosen.length}
          remaining={chosenRemaining}
          busy={request.isPending}
          onClose={() => setAsking(false)}
          onSubmit={(values) =>
            request.mutate(
              {
                ...values,
                team_recipient_id: recipient.id,
                company_id: group.company.id,
                fee_line_ids: chosen.map((line) => line.fee_line_id),
              },
              {
                onSuccess: () => {
                  void message.success('已提交开票申请');
                  setAsking(false);
                  setSelected([]);
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}

/**
 * 待开票 (/admin/finance/ready_to_invoice): billed orders' fee lines not fully invoiced, one card per
 * client company and payee entity (three flows: one invoice never mixes them); members who may edit
 * finance select lines of a card and request an invoice.
 */
export function ReadyToInvoicePage() {
  const search = useListSearch(readyToInvoiceQuerySchema);
  const groups = useQuery(readyToInvoiceQuery(search.query));
  const canRequest = useCan('accounting', 'edit');
  const [params, setParams] = useSearchParams();
  const openInvoice = parseRecordId(params.get(INVOICE_PARAM) ?? undefined);
  const closeInvoice = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(INVOICE_PARAM);
        return updated;
      },
      { replace: true },
    );
  return (
    <Card title={groups.data ? `共 ${groups.data.total} 组待开票` : '待开票'}>
      <DataList
        list={groups}
        search={search}
        rowKey={(group) => `${group.company.id}-${group.team_recipient?.id ?? 0}`}
        renderItem={(group) => <ReadyGroupCard group={group} canRequest={canRequest} />}
        emptyText="没有待开票的费用"
        filteredEmptyText="没有符合条件的待开票费用"
        testId="ready-to-invoice-list"
      />
      {openInvoice !== undefined && <InvoiceDrawer id={openInvoice} onClose={closeInvoice} />}
    </Card>
  );
}
