import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { MESSAGES } from '@trackit/contract/messages';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import {
  type ReadyToSettle,
  type ReadyToSettleQuery,
  readyToSettleQuerySchema,
} from '@trackit/contract/settlement.schema';
import { App, Button, Tooltip, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { useCan } from '../../layouts/use-permission-level';
import { readyToSettleQuery, useCreateSettlement } from './settlement.queries';
import { settlementRoute } from './settlement-list';
import { SettlementModelSelect } from './settlement-model-select';

const secondLine = { display: 'block', fontSize: 12 } as const;

/** 生成结算单: a draft of everything releasable now; the page opens it. */
function CreateButton({ row }: { row: ReadyToSettle }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateSettlement();
  const reason =
    row.commission_rate === null
      ? '该模特尚未填写佣金比例'
      : row.releasable.gross === 0
        ? '客户尚未付款，暂无可结算金额'
        : null;
  const button = (
    <Button
      size="small"
      type="primary"
      disabled={reason !== null}
      loading={create.isPending}
      onClick={() =>
        create.mutate(
          { model_id: row.model.id },
          {
            onSuccess: (settlement) => {
              void message.success(`已生成结算单 ${settlement.number}`);
              void navigate(settlementRoute(settlement.id));
            },
          },
        )
      }
      data-testid={`settlement-create-${row.model.id}`}
    >
      生成结算单
    </Button>
  );
  return reason ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

const figure = (fen: number, second: number, secondLabel: string) => (
  <>
    <MoneyCell fen={fen} />
    <Typography.Text type="secondary" style={secondLine}>
      {secondLabel} <MoneyCell fen={second} />
    </Typography.Text>
  </>
);

const columns = (editable: boolean): DataTableColumn<ReadyToSettle, ReadyToSettleQuery>[] => [
  {
    title: '模特',
    key: 'model',
    kind: 'title',
    render: (_: unknown, row) => (
      <>
        <Link to={toAdminRoute(ADMIN_PATHS.model(row.model.id)) ?? '/'}>{row.model.name}</Link>
        <Typography.Text type="secondary" style={secondLine}>
          {MODEL_PAYOUT_TYPE_LABELS[row.payout_type]} · 佣金{' '}
          {row.commission_rate === null ? '未填写' : `${row.commission_rate / 100}%`}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '费用',
    key: 'lines',
    kind: 'count',
    render: (_: unknown, row) => row.lines.length,
  },
  {
    title: '可结算 / 收入',
    key: 'gross',
    kind: 'money',
    align: 'right',
    render: (_: unknown, row) => figure(row.releasable.gross, row.releasable.income, '收入'),
  },
  {
    title: '可结算实付 / 个税',
    key: 'net',
    kind: 'money',
    align: 'right',
    render: (_: unknown, row) => (
      <span data-testid={`ready-net-${row.model.id}`}>
        {figure(row.releasable.net, row.releasable.tax, '个税')}
      </span>
    ),
  },
  {
    title: '待回款 / 实付',
    key: 'waiting',
    kind: 'money',
    align: 'right',
    render: (_: unknown, row) =>
      row.waiting.gross === 0 ? (
        MESSAGES.empty
      ) : (
        <span data-testid={`ready-waiting-${row.model.id}`}>
          {figure(row.waiting.gross, row.waiting.net, '实付')}
        </span>
      ),
  },
  ...(editable
    ? [
        {
          title: '操作',
          key: 'actions',
          kind: 'actions' as const,
          width: 112,
          render: (_: unknown, row: ReadyToSettle) => <CreateButton row={row} />,
        },
      ]
    : []),
];

/**
 * 待结算: each model with fees the clients paid (releasable now: gross, income, the tax a settlement
 * drafted now would withhold, the net) and what still waits for clients; `accounting` edit drafts a
 * settlement of what is releasable.
 */
export function ReadyToSettleList() {
  const search = useListSearch(readyToSettleQuerySchema);
  const { query } = search;
  const list = useQuery(readyToSettleQuery(query));
  const editable = useCan('accounting', 'edit');
  const modelName = list.data?.data.find((row) => row.model.id === query.model_id)?.model.name;
  return (
    <>
      <ListToolbar search={search}>
        <SettlementModelSelect
          value={query.model_id ?? null}
          onChange={(value) => search.set({ model_id: value ?? undefined })}
          current={query.model_id !== undefined && modelName ? { id: query.model_id, name: modelName } : null}
          testId="ready-model-filter"
        />
      </ListToolbar>
      <DataTable
        list={list}
        search={search}
        columns={columns(editable)}
        rowKey={(row) => row.model.id}
        rowTestId={(row) => `ready-row-${row.model.id}`}
        emptyText="没有待结算的模特"
        filteredEmptyText="该模特没有待结算的费用"
        testId="ready-to-settle"
      />
    </>
  );
}
