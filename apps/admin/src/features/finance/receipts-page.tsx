import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import {
  RECEIPT_STATE_LABELS,
  type Receipt,
  type ReceiptQuery,
  receiptQuerySchema,
} from '@trackit/contract/receipt.schema';
import { Button, Card, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListDateRangeFilter } from '../../components/list/list-date-range-filter';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { parseRecordId } from '../../components/record-id';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { ReceiptCreateDrawer } from './receipt-create-drawer';
import { ReceiptDetailDrawer } from './receipt-detail-drawer';
import { ReceiptStateTag } from './receipt-labels';
import { receiptListQuery } from './receipts.queries';
import { useRecipientFilterOptions } from './recipient-filter-options';

/** A reversed date range typed into the address is read the right way round. */
export const normalizeReceiptQuery = (query: ReceiptQuery): ReceiptQuery =>
  query.received_from && query.received_to && query.received_from > query.received_to
    ? { ...query, received_from: query.received_to, received_to: query.received_from }
    : query;

const secondLine = { display: 'block', fontSize: 12 } as const;

const columnsFor = (onOpen: (id: number) => void): DataTableColumn<Receipt, ReceiptQuery>[] => [
  {
    title: '收款日期 / 流水号',
    dataIndex: 'received_on',
    width: 170,
    render: (date: string, receipt) => (
      <>
        {date}
        <Typography.Text type="secondary" ellipsis={{ tooltip: receipt.reference }} style={secondLine}>
          {receipt.reference || MESSAGES.empty}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '付款方',
    key: 'payer',
    kind: 'title',
    render: (_: unknown, receipt) => (
      <>
        <Typography.Link onClick={() => onOpen(receipt.id)} data-testid={`receipt-open-${receipt.id}`}>
          {receipt.payer_name}
        </Typography.Link>
        {/* The client, when the bank slip's payer does not already name it. */}
        {receipt.company?.name !== receipt.payer_name && (
          <Typography.Text type="secondary" style={secondLine} data-testid={`receipt-company-${receipt.id}`}>
            {receipt.company ? `客户：${receipt.company.name}` : '未指定客户'}
          </Typography.Text>
        )}
        {receipt.notes && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: receipt.notes }} style={secondLine}>
            {receipt.notes}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: '收款主体',
    key: 'team_recipient',
    // A short name of up to 20 characters: five or six on one line.
    width: 120,
    render: (_: unknown, receipt) => receipt.team_recipient.short_name,
  },
  {
    title: '金额',
    dataIndex: 'amount',
    kind: 'money',
    align: 'right',
    render: (fen: number, receipt) => (
      <Typography.Text delete={receipt.voided_at !== null} type={receipt.voided_at ? 'secondary' : undefined}>
        <MoneyCell fen={fen} testId={`receipt-amount-${receipt.id}`} />
      </Typography.Text>
    ),
  },
  {
    title: '已核销 / 未核销',
    dataIndex: 'allocated',
    width: 150,
    align: 'right',
    render: (fen: number, receipt) =>
      receipt.voided_at !== null ? (
        MESSAGES.empty
      ) : (
        <>
          <MoneyCell fen={fen} />
          <Typography.Text
            type={receipt.unallocated > 0 ? 'warning' : 'secondary'}
            style={secondLine}
            data-testid={`receipt-unallocated-${receipt.id}`}
          >
            {receipt.unallocated > 0 ? (
              <>
                预收 <MoneyCell fen={receipt.unallocated} />
              </>
            ) : (
              '已核销完'
            )}
          </Typography.Text>
        </>
      ),
  },
  {
    title: '状态',
    key: 'state',
    kind: 'tag',
    fits: Object.values(RECEIPT_STATE_LABELS),
    render: (_: unknown, receipt) => (
      <ReceiptStateTag receipt={receipt} testId={`receipt-state-${receipt.id}`} />
    ),
  },
  {
    title: '操作',
    key: 'actions',
    kind: 'actions',
    width: 64,
    render: (_: unknown, receipt) => (
      <Button type="link" size="small" onClick={() => onOpen(receipt.id)} style={{ paddingInline: 0 }}>
        {receipt.can.allocate ? '核销' : '查看'}
      </Button>
    ),
  },
];

/**
 * 收款 (/admin/finance/receipts, docs/product.md "收款 page"): every receipt, newest first, filtered in the
 * address (payer or 流水号, payee entity, received dates, 有未核销余额). 登记收款 records money not tied to
 * an order and opens it; `?receipt=id` opens one in a drawer (its allocations, 核销, 撤销核销, 作废).
 */
export function ReceiptsPage() {
  const search = useListSearch<ReceiptQuery>(receiptQuerySchema, { normalize: normalizeReceiptQuery });
  const { query } = search;
  const receipts = useQuery(receiptListQuery(query));
  const recipients = useRecipientFilterOptions();
  const companyName = receipts.data?.data.find((row) => row.company?.id === query.company_id)?.company?.name;
  const editable = useCan('accounting', 'edit');
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const receiptId = parseRecordId(params.get('receipt') ?? undefined);

  const openReceipt = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('receipt', String(id));
      return next;
    });
  const closeReceipt = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('receipt');
      return next;
    });

  return (
    <Card
      title={receipts.data ? `共 ${receipts.data.total} 笔收款` : '收款'}
      extra={
        editable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="receipt-create"
          >
            登记收款
          </Button>
        )
      }
      data-testid="receipts-page"
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="付款方或流水号"
          testId="receipt-keyword"
        />
        <ListSelectFilter
          search={search}
          field="team_recipient_id"
          options={recipients.options}
          loading={recipients.loading}
          label="收款主体"
          width={160}
          testId="receipt-recipient-filter"
        />
        <div style={{ width: 190 }}>
          <CompanySelect
            value={query.company_id ?? null}
            onChange={(value) => search.set({ company_id: value ?? undefined })}
            current={
              query.company_id !== undefined && companyName
                ? { id: query.company_id, name: companyName }
                : null
            }
            aria-label="客户公司"
            testId="receipt-company-filter"
          />
        </div>
        <ListDateRangeFilter
          search={search}
          from="received_from"
          to="received_to"
          label="收款日期"
          testId="receipt-date-filter"
        />
        <Checkbox
          checked={query.unallocated === true}
          onChange={(event) => search.set({ unallocated: event.target.checked ? true : undefined })}
          data-testid="receipt-unallocated-filter"
        >
          有未核销余额
        </Checkbox>
        <Checkbox
          checked={query.voided === false}
          onChange={(event) => search.set({ voided: event.target.checked ? false : undefined })}
          data-testid="receipt-live-filter"
        >
          不含已作废
        </Checkbox>
      </ListToolbar>
      <DataTable
        list={receipts}
        search={search}
        columns={columnsFor(openReceipt)}
        rowKey={(receipt) => receipt.id}
        rowTestId={(receipt) => `receipt-row-${receipt.id}`}
        emptyText="还没有收款"
        filteredEmptyText="没有符合条件的收款"
        testId="receipt-list"
      />
      {receiptId !== undefined && <ReceiptDetailDrawer id={receiptId} onClose={closeReceipt} />}
      {creating && (
        <ReceiptCreateDrawer
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            openReceipt(id);
          }}
        />
      )}
    </Card>
  );
}
