import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import {
  type Settlement,
  type SettlementQuery,
  settlementQuerySchema,
} from '@trackit/contract/settlement.schema';
import { SETTLEMENT_STATUS_LABELS } from '@trackit/contract/settlement-enums';
import { DatePicker, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { dateTimeText } from '../order/order-labels';
import { settlementListQuery } from './settlement.queries';
import { SettlementStatusTag } from './settlement-labels';
import { SettlementModelSelect } from './settlement-model-select';

const secondLine = { display: 'block', fontSize: 12 } as const;
export const settlementRoute = (id: number) => toAdminRoute(ADMIN_PATHS.settlement(id)) ?? '/';

const COLUMNS: DataTableColumn<Settlement, SettlementQuery>[] = [
  {
    title: '结算单',
    key: 'number',
    kind: 'title',
    render: (_: unknown, row) => (
      <Flex gap={4} wrap align="center">
        <Link to={settlementRoute(row.id)} data-testid={`settlement-open-${row.id}`}>
          {row.number}
        </Link>
        {row.corrects && <Tag color="purple">冲正</Tag>}
        {row.has_advance && <Tag color="orange">提前支付</Tag>}
      </Flex>
    ),
  },
  {
    title: '模特',
    key: 'model',
    kind: 'name',
    render: (_: unknown, row) => (
      <>
        {row.model.name}
        <Typography.Text type="secondary" style={secondLine}>
          {MODEL_PAYOUT_TYPE_LABELS[row.payout_type]}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '计税月份 / 期间',
    key: 'month',
    kind: 'days',
    render: (_: unknown, row) => (
      <>
        {row.tax_month}
        {row.period_from && row.period_to && (
          <Typography.Text type="secondary" style={secondLine}>
            {row.period_from.slice(5)} ~ {row.period_to.slice(5)}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: '实付',
    dataIndex: 'net',
    kind: 'money',
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '预扣个税',
    dataIndex: 'tax',
    kind: 'money',
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '状态',
    dataIndex: 'status',
    kind: 'tag',
    render: (status: Settlement['status'], row) => (
      <SettlementStatusTag status={status} testId={`settlement-status-${row.id}`} />
    ),
  },
  {
    title: '生成时间',
    dataIndex: 'created_at',
    kind: 'dateTime',
    sortField: 'created_at',
    render: (at: string) => dateTimeText(at),
  },
];

/** 结算单: every settlement, filtered in the address by model, status, tax month and keyword. */
export function SettlementList() {
  const search = useListSearch(settlementQuerySchema);
  const { query } = search;
  const list = useQuery(settlementListQuery(query));
  const modelName = list.data?.data.find((row) => row.model.id === query.model_id)?.model.name;
  return (
    <>
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="结算单编号或模特姓名"
          testId="settlement-keyword"
        />
        <SettlementModelSelect
          value={query.model_id ?? null}
          onChange={(value) => search.set({ model_id: value ?? undefined })}
          current={query.model_id !== undefined && modelName ? { id: query.model_id, name: modelName } : null}
          testId="settlement-model-filter"
        />
        <ListSelectFilter
          search={search}
          field="status"
          multiple
          options={SETTLEMENT_STATUS_LABELS}
          label="状态"
          width={190}
          testId="settlement-status-filter"
        />
        <DatePicker
          picker="month"
          value={query.month ? dayjs(`${query.month}-01`) : null}
          onChange={(value) => search.set({ month: value ? value.format('YYYY-MM') : undefined })}
          placeholder="计税月份"
          aria-label="计税月份"
          style={{ width: 130 }}
          data-testid="settlement-month-filter"
        />
      </ListToolbar>
      <DataTable
        list={list}
        search={search}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        rowPath={(row) => settlementRoute(row.id)}
        rowTestId={(row) => `settlement-row-${row.id}`}
        emptyText="还没有结算单"
        filteredEmptyText="没有符合条件的结算单"
        testId="settlement-list"
      />
    </>
  );
}
