import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import { RECEIVABLE_WORDS } from '@trackit/contract/finance-dashboard-lists';
import {
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  RED_LETTER_STATE_LABELS,
} from '@trackit/contract/finance-enums';
import {
  type Invoice,
  type InvoiceQuery,
  type InvoiceTotals,
  invoiceQuerySchema,
} from '@trackit/contract/invoice.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import { Button, Card, Checkbox, Flex, Statistic, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListDateRangeFilter } from '../../components/list/list-date-range-filter';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { parseRecordId } from '../../components/record-id';
import { CompanySelect } from '../company/company-select';
import { invoiceListQuery, invoiceTotalsQuery, useExportInvoices } from './finance.queries';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceStatusTag } from './invoice-labels';
import { useRecipientFilterOptions } from './recipient-filter-options';

/** A reversed date range typed into the address is read the right way round. */
const normalizeInvoiceQuery = (query: InvoiceQuery): InvoiceQuery =>
  query.issued_from && query.issued_to && query.issued_from > query.issued_to
    ? { ...query, issued_from: query.issued_to, issued_to: query.issued_from }
    : query;

const secondLine = { display: 'block', fontSize: 12 } as const;

const columnsFor = (onOpen: (id: number) => void): DataTableColumn<Invoice, InvoiceQuery>[] => [
  {
    title: '发票号码 / 类型',
    dataIndex: 'number',
    width: 200,
    render: (number: string | null, invoice) => (
      <>
        <Typography.Link onClick={() => onOpen(invoice.id)} data-testid={`invoice-open-${invoice.id}`}>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{number ?? '（待开具）'}</span>
        </Typography.Link>
        <Typography.Text type="secondary" style={secondLine}>
          {INVOICE_TYPE_LABELS[invoice.type]}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '客户 / 收款主体',
    key: 'company',
    kind: 'title',
    render: (_: unknown, invoice) => (
      <>
        <Typography.Text ellipsis={{ tooltip: invoice.company.name }} style={{ maxWidth: '100%' }}>
          {invoice.company.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={secondLine}>
          {invoice.team_recipient.short_name}
          {invoice.buyer.name !== invoice.company.name ? ` · 购方 ${invoice.buyer.name}` : ''}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '开票日期',
    dataIndex: 'issued_on',
    kind: 'date',
    render: (issuedOn: string | null, invoice) => (
      <>
        {issuedOn ?? MESSAGES.empty}
        {invoice.due_on && (
          <Typography.Text
            type={
              invoice.outstanding > 0 && invoice.due_on < businessDate(new Date()) ? 'danger' : 'secondary'
            }
            style={secondLine}
          >
            到期 {invoice.due_on}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: '价税合计',
    dataIndex: 'total',
    kind: 'money',
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    // One word means one thing on every page (RECEIVABLE_WORDS, issue 35 item 7).
    title: RECEIVABLE_WORDS.received,
    dataIndex: 'allocated',
    kind: 'money',
    align: 'right',
    render: (fen: number, invoice) => <MoneyCell fen={fen} testId={`invoice-received-${invoice.id}`} />,
  },
  {
    title: RECEIVABLE_WORDS.outstanding,
    dataIndex: 'outstanding',
    kind: 'money',
    align: 'right',
    render: (fen: number, invoice) =>
      fen > 0 ? <MoneyCell fen={fen} testId={`invoice-outstanding-${invoice.id}`} /> : MESSAGES.empty,
  },
  {
    title: '状态 / 红冲',
    dataIndex: 'status',
    kind: 'tag',
    fits: [...Object.values(INVOICE_STATUS_LABELS), RED_LETTER_STATE_LABELS.partial],
    render: (status: Invoice['status'], invoice) => (
      <>
        <InvoiceStatusTag status={status} />
        {invoice.red_letter === 'partial' && (
          <Typography.Text type="secondary" style={secondLine}>
            {RED_LETTER_STATE_LABELS.partial} <MoneyCell fen={-invoice.reversed} />
          </Typography.Text>
        )}
        {invoice.correction_pending && (
          <Typography.Text type="warning" style={secondLine}>
            红冲待审批
          </Typography.Text>
        )}
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

/** The sums of every row the filters keep (all pages). */
function InvoiceFigures({ totals }: { totals: InvoiceTotals }) {
  return (
    <Flex gap={48} wrap style={{ marginBottom: 16 }} data-testid="invoice-totals-figures">
      <Statistic title={`价税合计（${totals.count} 张）`} value={formatYuan(totals.total)} />
      <Statistic title="已红冲" value={formatYuan(totals.reversed)} />
      <Statistic title={RECEIVABLE_WORDS.received} value={formatYuan(totals.allocated)} />
      <Statistic
        title={RECEIVABLE_WORDS.outstanding}
        value={formatYuan(totals.outstanding)}
        valueStyle={{ fontWeight: 600 }}
        data-testid="invoice-total-outstanding"
      />
    </Flex>
  );
}

/**
 * 发票 (/admin/finance/invoices, docs/product.md "The invoice register"): every invoice, newest request
 * first: number, type, client, payee entity, issue date, total, allocated, outstanding and its red-letter
 * state; filtered in the address (open, overdue, status, type, entity, client, issue dates, keyword), with
 * the totals of every row the filters keep and the Excel export of exactly those rows (a totals row last).
 * `?invoice=id` opens one in a drawer (the address notifications and 待我审批 link to).
 */
export function InvoicesPage() {
  const search = useListSearch<InvoiceQuery>(invoiceQuerySchema, { normalize: normalizeInvoiceQuery });
  const { query } = search;
  const invoices = useQuery(invoiceListQuery(query));
  const totals = useQuery(invoiceTotalsQuery(query));
  const recipients = useRecipientFilterOptions();
  const exporting = useExportInvoices();
  const [params, setParams] = useSearchParams();
  const invoiceId = parseRecordId(params.get('invoice') ?? undefined);
  const companyName = invoices.data?.data.find((row) => row.company.id === query.company_id)?.company.name;
  const setInvoice = (id: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('invoice');
      else next.set('invoice', String(id));
      return next;
    });
  return (
    <Card
      title="发票"
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(query)}
          data-testid="invoice-export"
        >
          导出
        </Button>
      }
      data-testid="invoices-page"
    >
      {totals.data && <InvoiceFigures totals={totals.data} />}
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
          width={150}
          testId="invoice-recipient-filter"
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
            testId="invoice-company-filter"
          />
        </div>
        <ListDateRangeFilter
          search={search}
          from="issued_from"
          to="issued_to"
          label="开票日期"
          testId="invoice-date-filter"
        />
        <Checkbox
          checked={query.open === true}
          onChange={(event) => search.set({ open: event.target.checked ? true : undefined })}
          data-testid="invoice-open-filter"
        >
          只看未收清
        </Checkbox>
        <Checkbox
          checked={query.overdue === true}
          onChange={(event) => search.set({ overdue: event.target.checked ? true : undefined })}
          data-testid="invoice-overdue-filter"
        >
          只看已逾期
        </Checkbox>
        {query.overdue && <Tag color="error">逾期：开票日期加客户账期已过、仍未收清</Tag>}
      </ListToolbar>
      <DataTable
        list={invoices}
        search={search}
        columns={columnsFor(setInvoice)}
        rowKey={(invoice) => invoice.id}
        rowTestId={(invoice) => `invoice-row-${invoice.id}`}
        emptyText="还没有发票"
        filteredEmptyText="没有符合条件的发票"
        testId="invoice-list"
      />
      {invoiceId !== undefined && <InvoiceDrawer id={invoiceId} onClose={() => setInvoice(undefined)} />}
    </Card>
  );
}
