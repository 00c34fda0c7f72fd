import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { AGING_BUCKET_LABELS, ORDER_PAYMENT_STATE_LABELS } from '@trackit/contract/finance-enums';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import {
  type FeeQuery,
  type FeeRow,
  type FeeTotals,
  feeQuerySchema,
} from '@trackit/contract/receivable.schema';
import { Button, Card, Checkbox, DatePicker, Flex, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListDateRangeFilter } from '../../components/list/list-date-range-filter';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { CompanySelect } from '../company/company-select';
import { MemberSelect } from '../organization/member-select';
import { feeListQuery, feeTotalsQuery, useExportFees } from './fees.queries';
import { OverdueText, PaymentStateTag } from './payment-labels';
import { useRecipientFilterOptions } from './recipient-filter-options';

/** A reversed billing-date range typed into the address is read the right way round. */
export const normalizeFeeQuery = (query: FeeQuery): FeeQuery =>
  query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query;

const secondLine = { display: 'block', fontSize: 12 } as const;

/** 财务详情 of an order, as a router path. */
const financeOrderRoute = (id: number) => toAdminRoute(ADMIN_PATHS.financeOrder(id)) ?? '/';

const COLUMNS: DataTableColumn<FeeRow, FeeQuery>[] = [
  {
    title: '订单',
    key: 'order',
    kind: 'title',
    render: (_: unknown, row) => (
      <>
        <Link to={financeOrderRoute(row.id)} data-testid={`fee-open-${row.id}`}>
          {row.number}
        </Link>
        <Typography.Text type="secondary" ellipsis style={secondLine}>
          {row.title || MESSAGES.empty}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '客户 / 收款主体',
    key: 'company',
    // A client's full name (北京光年广告有限公司) needs the room; it shares what is left with 订单.
    minWidth: 200,
    render: (_: unknown, row) => (
      <>
        <Typography.Text ellipsis style={{ display: 'block' }}>
          {row.company?.name ?? MESSAGES.empty}
        </Typography.Text>
        <Typography.Text type="secondary" style={secondLine}>
          {row.team_recipient?.short_name ?? MESSAGES.empty}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '到期日 / 出账',
    dataIndex: 'due_on',
    kind: 'date',
    sortField: 'due_on',
    render: (due: string | null, row) => (
      <>
        {due ?? MESSAGES.empty}
        <Typography.Text type="secondary" style={secondLine}>
          {row.billed_on}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '应收 / 已开票',
    dataIndex: 'billed',
    kind: 'money',
    align: 'right',
    render: (fen: number, row) => (
      <>
        <MoneyCell fen={fen} />
        <Typography.Text type="secondary" style={secondLine}>
          <MoneyCell fen={row.invoiced} />
        </Typography.Text>
      </>
    ),
  },
  {
    title: '已收',
    dataIndex: 'received',
    kind: 'money',
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '未收',
    dataIndex: 'outstanding',
    kind: 'money',
    align: 'right',
    sortField: 'outstanding',
    render: (fen: number, row) => (
      <Typography.Text strong={fen > 0} data-testid={`fee-outstanding-${row.id}`}>
        <MoneyCell fen={fen} />
      </Typography.Text>
    ),
  },
  {
    title: '状态 / 逾期',
    dataIndex: 'days_overdue',
    width: 120,
    sortField: 'days_overdue',
    render: (_: number, row) => (
      <>
        <PaymentStateTag state={row.payment_state} testId={`fee-state-${row.id}`} />
        <span style={secondLine}>
          <OverdueText bucket={row.aging_bucket} daysOverdue={row.days_overdue} />
        </span>
      </>
    ),
  },
];

/** The filter's figures over every page, and what is outstanding in each aging bucket (a click filters it). */
function FeeFigures({
  totals,
  chosen,
  onBucket,
}: {
  totals: FeeTotals;
  /** The aging buckets the filter keeps: their chips show checked. */
  chosen: readonly NonNullable<FeeRow['aging_bucket']>[];
  onBucket: (bucket: FeeRow['aging_bucket']) => void;
}) {
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-testid="fee-totals">
      <Flex gap={48} wrap>
        <Statistic title={`应收（${totals.count} 单）`} value={formatYuan(totals.billed)} />
        <Statistic title="已开票" value={formatYuan(totals.invoiced)} />
        <Statistic title="已收" value={formatYuan(totals.received)} />
        <Statistic
          title="未收"
          value={formatYuan(totals.outstanding)}
          valueStyle={{ fontWeight: 600 }}
          data-testid="fee-total-outstanding"
        />
      </Flex>
      <Flex gap={8} wrap align="center">
        <Typography.Text type="secondary">账龄：</Typography.Text>
        {totals.buckets.map((entry) => (
          <Tag.CheckableTag
            key={entry.bucket}
            checked={chosen.includes(entry.bucket)}
            aria-pressed={chosen.includes(entry.bucket)}
            onChange={(checked) => onBucket(checked ? entry.bucket : null)}
            style={{ border: '1px solid var(--ant-color-border)', paddingBlock: 2 }}
            data-testid={`fee-bucket-${entry.bucket}`}
          >
            {AGING_BUCKET_LABELS[entry.bucket]} {formatYuan(entry.outstanding)}（{entry.count}）
          </Tag.CheckableTag>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * 费用 (/admin/finance/fees): every billed order's money as of a date (截至, default today): billed,
 * invoiced, received, outstanding, due date, days overdue and aging, filtered in the address (client, payee
 * entity, state, aging, billing dates, owner, keyword), with the totals of every page of the filter and the
 * export of exactly its rows. An order opens its 财务详情.
 */
export function FeesPage() {
  const search = useListSearch(feeQuerySchema, { normalize: normalizeFeeQuery });
  const { query } = search;
  const fees = useQuery(feeListQuery(query));
  const totals = useQuery(feeTotalsQuery(query));
  const recipients = useRecipientFilterOptions();
  const exporting = useExportFees();
  const today = businessDate(new Date());
  const companyName = fees.data?.data.find((row) => row.company?.id === query.company_id)?.company?.name;
  const ownerName = fees.data?.data.find((row) => row.owner?.id === query.owner_member_id)?.owner?.nickname;

  return (
    <Card
      title={query.as_of && query.as_of !== today ? `费用（截至 ${query.as_of}）` : '费用'}
      extra={
        <Space>
          <DatePicker
            value={dayjs(query.as_of ?? today)}
            allowClear={false}
            disabledDate={(value) => value.format(DATE_FORMATS.date) > today}
            onChange={(value) => {
              const day = value?.format(DATE_FORMATS.date);
              search.set({ as_of: day === today ? undefined : day });
            }}
            prefix="截至"
            style={{ width: 170 }}
            aria-label="截至日期"
            data-testid="fee-as-of"
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(query)}
            data-testid="fee-export"
          >
            导出
          </Button>
        </Space>
      }
    >
      {totals.data && (
        <FeeFigures
          totals={totals.data}
          chosen={query.aging_bucket ?? []}
          onBucket={(bucket) => search.set({ aging_bucket: bucket ? [bucket] : undefined })}
        />
      )}
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="订单编号、标题或客户"
          testId="fee-keyword"
        />
        <ListSelectFilter
          search={search}
          field="payment_state"
          multiple
          options={ORDER_PAYMENT_STATE_LABELS}
          label="收款状态"
          width={190}
          testId="fee-state-filter"
        />
        <ListSelectFilter
          search={search}
          field="aging_bucket"
          multiple
          options={AGING_BUCKET_LABELS}
          label="账龄"
          width={190}
          testId="fee-bucket-filter"
        />
        <ListSelectFilter
          search={search}
          field="team_recipient_id"
          options={recipients.options}
          loading={recipients.loading}
          label="收款主体"
          width={150}
          testId="fee-recipient-filter"
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
            testId="fee-company-filter"
          />
        </div>
        <MemberSelect
          value={query.owner_member_id ?? null}
          onChange={(value) => search.set({ owner_member_id: value ?? undefined })}
          current={
            query.owner_member_id !== undefined && ownerName
              ? { id: query.owner_member_id, nickname: ownerName }
              : null
          }
          placeholder="负责人"
          style={{ width: 130 }}
          testId="fee-owner-filter"
        />
        <ListDateRangeFilter search={search} from="from" to="to" label="出账日期" testId="fee-date-filter" />
        <Checkbox
          checked={query.outstanding === true}
          onChange={(event) => search.set({ outstanding: event.target.checked ? true : undefined })}
          data-testid="fee-outstanding-filter"
        >
          只看未收清
        </Checkbox>
      </ListToolbar>
      <DataTable
        list={fees}
        search={search}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        rowPath={(row) => financeOrderRoute(row.id)}
        rowTestId={(row) => `fee-row-${row.id}`}
        emptyText="还没有已出账的订单"
        filteredEmptyText="没有符合条件的订单"
        testId="fee-list"
      />
    </Card>
  );
}
