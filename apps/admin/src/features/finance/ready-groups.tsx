import { useQuery } from '@tanstack/react-query';
import { INVOICE_ITEM_LABELS } from '@trackit/contract/finance-enums';
import {
  type ReadyGroup,
  type ReadyLine,
  type ReadyToInvoiceQuery,
  readyToInvoiceQuerySchema,
} from '@trackit/contract/invoice.schema';
import { formatTaxRate } from '@trackit/contract/money';
import { Button, Card, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../components/list/data-list';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { chineseSelection } from '../../components/list/selection-labels';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { orderPath } from '../order/order-labels';
import { readyToInvoiceQuery } from './finance.queries';
import { InvoiceRequestDrawer } from './invoice-request-drawer';
import { useRecipientFilterOptions } from './recipient-filter-options';

const groupKey = (group: ReadyGroup) => `${group.company.id}-${group.team_recipient?.id ?? 'none'}`;

const lineColumns: TableColumnsType<ReadyLine> = [
  {
    title: '订单',
    dataIndex: 'order_number',
    render: (number: string, line) => (
      <>
        <Link to={orderPath(line.order_id)}>{number}</Link>
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          {line.order_title}
        </Typography.Text>
      </>
    ),
  },
  { title: '模特', dataIndex: 'model_name', width: 120 },
  {
    title: '项目 / 税率',
    dataIndex: 'item',
    width: 132,
    render: (item: ReadyLine['item'], line) =>
      `${INVOICE_ITEM_LABELS[item]} · ${formatTaxRate(line.tax_rate)}`,
  },
  {
    title: '价税合计',
    dataIndex: 'total',
    width: 128,
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '已开票',
    dataIndex: 'invoiced',
    width: 128,
    align: 'right',
    render: (fen: number, line) => <MoneyCell fen={fen - line.given_back} />,
  },
  {
    title: '未开票',
    dataIndex: 'remaining',
    width: 128,
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
];

interface GroupCardProps {
  group: ReadyGroup;
  mayRequest: boolean;
  onRequest: (group: ReadyGroup, lines: ReadyLine[]) => void;
}

/** One client and one payee entity: its lines to invoice, selectable, and 申请开票 for the selection. */
function GroupCard({ group, mayRequest, onRequest }: GroupCardProps) {
  const [selected, setSelected] = useState<number[]>([]);
  const chosen = group.lines.filter((line) => selected.includes(line.fee_line_id));
  const chosenTotal = chosen.reduce((sum, line) => sum + line.remaining, 0);
  const recipient = group.team_recipient;
  const request = (
    <Button
      type="primary"
      disabled={chosen.length === 0}
      onClick={() => onRequest(group, chosen)}
      data-testid={`ready-request-${groupKey(group)}`}
    >
      申请开票{chosen.length > 0 ? `（${chosen.length} 条）` : ''}
    </Button>
  );
  return (
    <Card
      size="small"
      // The list's rows are bare: the cards keep apart by their margin.
      style={{ marginBlock: 8 }}
      data-testid={`ready-group-${groupKey(group)}`}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{group.company.name}</span>
          {recipient ? (
            <Tag>{recipient.short_name}</Tag>
          ) : (
            <Tooltip title="出账时团队还没有收款主体：开票时选择，订单随之使用">
              <Tag color="warning">未设置收款主体</Tag>
            </Tooltip>
          )}
          <Typography.Text type="secondary">
            {group.order_count} 个订单 · {group.line_count} 条费用 · 未开票{' '}
            <MoneyCell fen={group.remaining} />
          </Typography.Text>
        </Flex>
      }
      extra={
        mayRequest && (
          <Flex gap={12} align="center">
            {chosen.length > 0 && (
              <span>
                已选 <MoneyCell fen={chosenTotal} />
              </span>
            )}
            {request}
          </Flex>
        )
      }
    >
      <Table
        size="small"
        rowKey="fee_line_id"
        pagination={false}
        columns={lineColumns}
        dataSource={group.lines}
        rowSelection={
          mayRequest
            ? {
                ...chineseSelection<ReadyLine>(
                  (line) => `${line.model_name} ${line.order_number} ${INVOICE_ITEM_LABELS[line.item]}`,
                ),
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
              }
            : undefined
        }
      />
      {group.line_count > group.lines.length && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          仅显示前 {group.lines.length} 条，共 {group.line_count} 条；开票后其余费用会出现在这里。
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * 待开票's first tab: billed orders' fee lines not fully invoiced, by client company and payee entity (an
 * invoice covers one of each, China's "three flows"), filtered in the address; 申请开票 on a selection.
 */
export function ReadyGroups({ onRequested }: { onRequested: (invoiceId: number) => void }) {
  const search = useListSearch<ReadyToInvoiceQuery>(readyToInvoiceQuerySchema);
  const groups = useQuery(readyToInvoiceQuery(search.query));
  const mayRequest = useCan('accounting', 'edit');
  const recipients = useRecipientFilterOptions();
  const [requesting, setRequesting] = useState<{ group: ReadyGroup; lines: ReadyLine[] } | null>(null);
  const companyId = search.query.company_id;

  return (
    <>
      <ListToolbar search={search}>
        <div style={{ width: 220 }}>
          <CompanySelect
            value={companyId ?? null}
            onChange={(value) => search.set({ company_id: value ?? undefined })}
            current={
              companyId === undefined
                ? null
                : (groups.data?.data.find((group) => group.company.id === companyId)?.company ?? null)
            }
            aria-label="客户公司"
            testId="ready-company-filter"
          />
        </div>
        <ListSelectFilter
          search={search}
          field="team_recipient_id"
          options={recipients.options}
          loading={recipients.loading}
          label="收款主体"
          width={180}
          testId="ready-recipient-filter"
        />
      </ListToolbar>
      <DataList
        list={groups}
        search={search}
        rowKey={groupKey}
        renderItem={(group) => (
          <GroupCard
            group={group}
            mayRequest={mayRequest}
            onRequest={(g, lines) => setRequesting({ group: g, lines })}
          />
        )}
        emptyText="没有待开票的费用"
        filteredEmptyText="没有符合条件的待开票费用"
        testId="ready-groups"
      />
      {requesting && (
        <InvoiceRequestDrawer
          group={requesting.group}
          lines={requesting.lines}
          onClose={() => setRequesting(null)}
          onRequested={(id) => {
            setRequesting(null);
            onRequested(id);
          }}
        />
      )}
    </>
  );
}
