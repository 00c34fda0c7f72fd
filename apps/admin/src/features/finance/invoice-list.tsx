import { useQuery } from '@tanstack/react-query';
import { invoiceOpen } from '@trackit/contract/allocations';
import { businessDateTime } from '@trackit/contract/business-time';
import { RECEIVABLE_WORDS } from '@trackit/contract/finance-dashboard-lists';
import { INVOICE_STATUS_LABELS, INVOICE_TYPE_LABELS } from '@trackit/contract/finance-enums';
import { type Invoice, type InvoiceQuery, invoiceQuerySchema } from '@trackit/contract/invoice.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { Button, Checkbox, Typography } from 'antd';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListDateRangeFilter } from '../../components/list/list-date-range-filter';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { invoiceListQuery } from './finance.queries';
import { InvoiceStatusTag } from './invoice-labels';
import { useRecipientFilterOptions } from './recipient-filter-options';

/** A reversed date range typed into the address is read the right way round. */
const normalizeInvoiceQuery = (query: InvoiceQuery): InvoiceQuery =>
  query.issued_from && query.issued_to && query.issued_from > query.issued_to
    ? { ...query, issued_from: query.issued_to, issued_to: query.issued_from }
    : query;

const columnsFor = (onOpen: (id: number) => void): DataTableColumn<Invoice, InvoiceQuery>[] => [
  {
    title: '购方 / 客户',
    key: 'buyer',
    kind: 'title',
    render: (_: unknown, invoice) => (
      <>
        <Typography.Link onClick={() => onOpen(invoice.id)} data-testid={`invoice-open-${invoice.id}`}>
          {invoice.buyer.name}
        </Typography.Link>
        {invoice.buyer.name !== invoice.company.name && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {invoice.company.name}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: '收款主体',
    key: 'team_recipient',
    kind: 'name',
    render: (_: unknown, invoice) => invoice.team_recipient.short_name,
  },
  {
    title: '类型',
    dataIndex: 'type',
    kind: 'tag',
    fits: Object.values(INVOICE_TYPE_LABELS),
    render: (type: Invoice['type']) => INVOICE_TYPE_LABELS[type],
  },
  {
    title: '发票号码 / 开票日期',
    dataIndex: 'number',
    width: 200,
    render: (number: string | null, invoice) =>
      number ? (
        <>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{number}</span>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {invoice.issued_on}
          </Typography.Text>
        </>
      ) : (
        MESSAGES.empty
      ),
  },
  {
    title: '价税合计',
    dataIndex: 'total',
    kind: 'money',
    align: 'right',
    render: (fen: number, invoice) => (
      <>
        <MoneyCell fen={fen} />
        {invoice.reversed > 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            红冲 <MoneyCell fen={-invoice.reversed} />
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    // What receipts paid of an issued invoice, and what it can still receive (issue 35 item 7).
    title: `${RECEIVABLE_WORDS.received} / ${RECEIVABLE_WORDS.outstanding}`,
    key: 'outstanding',
    kind: 'money',
    align: 'right',
    render: (_: unknown, invoice) =>
      invoice.status === 'issued' ? (
        <>
          <MoneyCell fen={invoice.allocated} testId={`invoice-received-${invoice.id}`} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {RECEIVABLE_WORDS.outstanding}{' '}
            <MoneyCell fen={invoiceOpen(invoice)} testId={`invoice-outstanding-${invoice.id}`} />
          </Typography.Text>
        </>
      ) : (
        MESSAGES.empty
      ),
  },
  {
    title: '状态',
    dataIndex: 'status',
    kind: 'tag',
    fits: Object.values(INVOICE_STATUS_LABELS),
    render: (status: Invoice['status'], invoice) => (
      <>
        <InvoiceStatusTag status={status} />
        {invoice.correction_pending && (
          <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
            红冲待审批
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: '申请时间',
    dataIndex: 'created_at',
    kind: 'date',
    render: (at: string, invoice) => (
      <>
        {businessDateTime(at).slice(0, 10)}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {invoice.created_by?.nickname ?? MESSAGES.empty}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    kind: 'actions',
    width: 64,
    render: (_: unknown, invoice) => (
      <Button type="link" size="small" onClick={() => onOpen(invoice.id)} style={{ paddingInline: 0 }}>
        {invoice.can.issue ? '开具' : '查看'}
      </Button>
    ),
  },
];

/** 待开票's second tab: every invoice, newest request first, filtered in the address; a row opens it. */
export function InvoiceList({ onOpen }: { onOpen: (id: number) => void }) {
  const search = useListSearch<InvoiceQuery>(invoiceQuerySchema, { normalize: normalizeInvoiceQuery });
  const invoices = useQuery(invoiceListQuery(search.query));
  const recipients = useRecipientFilterOptions();
  return (
    <>
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="发票号码或购方名称"
          testId="invoice-keyword"
        />
        <ListSelectFilter
          search={search}
          field="status"
          multiple
          options={INVOICE_STATUS_LABELS}
          label="状态"
          width={200}
          testId="invoice-status-filter"
        />
        <ListSelectFilter
          search={search}
          field="type"
          options={INVOICE_TYPE_LABELS}
          label="发票类型"
          width={130}
          testId="invoice-type-filter"
        />
        <ListSelectFilter
          search={search}
          field="team_recipient_id"
          options={recipients.options}
          loading={recipients.loading}
          label="收款主体"
          width={160}
          testId="invoice-recipient-filter"
        />
        <ListDateRangeFilter
          search={search}
          from="issued_from"
          to="issued_to"
          label="开票日期"
          testId="invoice-date-filter"
        />
        <Checkbox
          checked={search.query.open === true}
          onChange={(event) => search.set({ open: event.target.checked ? true : undefined })}
          data-testid="invoice-open-filter"
        >
          只看未收清
        </Checkbox>
      </ListToolbar>
      <DataTable
        list={invoices}
        search={search}
        columns={columnsFor(onOpen)}
        rowKey={(invoice) => invoice.id}
        rowTestId={(invoice) => `invoice-row-${invoice.id}`}
        emptyText="还没有发票"
        filteredEmptyText="没有符合条件的发票"
        testId="invoice-list"
      />
    </>
  );
}
