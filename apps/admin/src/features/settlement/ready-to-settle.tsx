import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { MESSAGES } from '@trackit/contract/messages';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import { formatRate } from '@trackit/contract/rates';
import {
  type ReadyToSettle,
  type ReadyToSettleQuery,
  readyToSettleQuerySchema,
  type SettlementDetail,
} from '@trackit/contract/settlement.schema';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { useCan } from '../../layouts/use-permission-level';
import { ReadyLines } from './ready-lines';
import { readyToSettleQuery, useCreateSettlement } from './settlement.queries';
import { settlementRoute } from './settlement-list';
import { SettlementModelSelect } from './settlement-model-select';

const secondLine = { display: 'block', fontSize: 12 } as const;

/** The chosen lines of each model (none: everything releasable). */
type Chosen = Readonly<Record<number, readonly number[]>>;

/** Opens the new draft after saying so. */
function useOpenDraft() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (settlement: SettlementDetail) => {
    void message.success(`已生成结算单 ${settlement.number}`);
    void navigate(settlementRoute(settlement.id));
  };
}

/** 生成结算单: a draft of the chosen lines, or of everything releasable now; the page opens it. */
function CreateButton({ row, chosen }: { row: ReadyToSettle; chosen: readonly number[] }) {
  const create = useCreateSettlement();
  const open = useOpenDraft();
  const lines = row.lines.filter((line) => chosen.includes(line.fee_line_id));
  const reason =
    row.commission_rate === null
      ? '该模特尚未填写佣金比例'
      : chosen.length === 0 && row.releasable.gross === 0
        ? '客户尚未付款，暂无可结算金额'
        : lines.some((line) => line.releasable.gross === 0)
          ? '所选费用中有客户尚未付款的费用，可改用预付结算'
          : null;
  const button = (
    <Button
      size="small"
      type="primary"
      disabled={reason !== null}
      loading={create.isPending}
      onClick={() =>
        create.mutate(
          chosen.length === 0
            ? { model_id: row.model.id }
            : { model_id: row.model.id, fee_line_ids: [...chosen] },
          { onSuccess: open },
        )
      }
      data-testid={`settlement-create-${row.model.id}`}
    >
      {chosen.length === 0 ? '生成结算单' : `结算所选 ${chosen.length} 条`}
    </Button>
  );
  return reason ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

/**
 * 预付结算 (accounting manage): settles the chosen lines whole, ahead of the client, after a confirmation
 * saying so.
 */
function AdvanceButton({ row, chosen }: { row: ReadyToSettle; chosen: readonly number[] }) {
  const { modal } = App.useApp();
  const create = useCreateSettlement();
  const open = useOpenDraft();
  const lines = row.lines.filter((line) => chosen.includes(line.fee_line_id));
  const reason =
    row.commission_rate === null
      ? '该模特尚未填写佣金比例'
      : lines.length === 0
        ? '请先展开费用并勾选要预付的费用'
        : null;
  const gross = lines.reduce((sum, line) => sum + line.releasable.gross + line.waiting_gross, 0);
  const confirm = () =>
    modal.confirm({
      title: `预付结算 · ${row.model.name}`,
      content: (
        <div data-testid="advance-confirm">
          <Typography.Paragraph>
            所选 {lines.length} 条费用将按全部金额（合计 <MoneyCell fen={gross} />
            ，未含已结算部分）结算给模特，不等客户付款。
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            预付的费用之后客户付款时不再另行结算；若客户最终未付款，需通过冲正收回。
          </Typography.Paragraph>
        </div>
      ),
      okText: '生成预付结算单',
      onOk: () =>
        create
          .mutateAsync({ model_id: row.model.id, fee_line_ids: [...chosen], advance: true })
          .then(open, () => undefined),
    });
  const button = (
    <Button
      size="small"
      disabled={reason !== null}
      loading={create.isPending}
      onClick={confirm}
      data-testid={`settlement-advance-${row.model.id}`}
    >
      预付结算
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

interface ColumnOptions {
  editable: boolean;
  manage: boolean;
  chosen: Chosen;
  expanded: readonly number[];
  onToggle: (modelId: number) => void;
}

const columns = ({
  editable,
  manage,
  chosen,
  expanded,
  onToggle,
}: ColumnOptions): DataTableColumn<ReadyToSettle, ReadyToSettleQuery>[] => [
  {
    title: '模特',
    key: 'model',
    kind: 'title',
    render: (_: unknown, row) => (
      <>
        <Link to={toAdminRoute(ADMIN_PATHS.model(row.model.id)) ?? '/'}>{row.model.name}</Link>
        <Typography.Text type="secondary" style={secondLine}>
          {MODEL_PAYOUT_TYPE_LABELS[row.payout_type]} · 佣金{' '}
          {row.commission_rate === null ? '未填写' : formatRate(row.commission_rate)}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '费用',
    key: 'lines',
    // The count with its open/close arrow.
    width: 88,
    render: (_: unknown, row) => (
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        onClick={() => onToggle(row.model.id)}
        data-testid={`ready-lines-toggle-${row.model.id}`}
      >
        {row.lines.length} 条{expanded.includes(row.model.id) ? <UpOutlined /> : <DownOutlined />}
      </Button>
    ),
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
          width: manage ? 136 : 112,
          render: (_: unknown, row: ReadyToSettle) => (
            <Flex vertical gap={4} align="start">
              <CreateButton row={row} chosen={chosen[row.model.id] ?? []} />
              {manage && <AdvanceButton row={row} chosen={chosen[row.model.id] ?? []} />}
            </Flex>
          ),
        },
      ]
    : []),
];

/**
 * 待结算: each model with fees the clients paid (releasable now: gross, income, the tax a settlement
 * drafted now would withhold, the net) and what still waits for clients. A model's row opens its lines;
 * `accounting` edit drafts a settlement of the ticked lines or of everything releasable, manage also pays
 * the ticked lines ahead of the client (预付结算) and sets a line's commission rate by hand.
 */
export function ReadyToSettleList() {
  const search = useListSearch(readyToSettleQuerySchema);
  const { query } = search;
  const list = useQuery(readyToSettleQuery(query));
  const editable = useCan('accounting', 'edit');
  const manage = useCan('accounting', 'manage');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Chosen>({});
  const onToggle = (modelId: number) =>
    setExpanded((keys) =>
      keys.includes(modelId) ? keys.filter((key) => key !== modelId) : [...keys, modelId],
    );
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
        columns={columns({ editable, manage, chosen, expanded, onToggle })}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: expanded,
          expandedRowRender: (row) => (
            <ReadyLines
              row={row}
              selectable={editable}
              manage={manage}
              chosen={chosen[row.model.id] ?? []}
              onChoose={(ids) => setChosen((all) => ({ ...all, [row.model.id]: ids }))}
            />
          ),
        }}
        rowKey={(row) => row.model.id}
        rowTestId={(row) => `ready-row-${row.model.id}`}
        emptyText="没有待结算的模特"
        filteredEmptyText="该模特没有待结算的费用"
        testId="ready-to-settle"
      />
    </>
  );
}
