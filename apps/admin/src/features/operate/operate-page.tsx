import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import {
  OPERATION_ACTION_LABELS,
  OPERATION_ACTIONS,
  type OperationLog,
} from '@trackit/contract/operation-log.schema';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import {
  OPERATE_PAGE_SIZE,
  type OperateFilter,
  operationLogsQuery,
  parseOperateFilter,
  toOperateSearch,
} from './operate.queries';
import { formatOperationDetail, formatTarget } from './operation-detail';

const ACTION_OPTIONS = OPERATION_ACTIONS.map((action) => ({
  value: action,
  label: OPERATION_ACTION_LABELS[action],
}));

type Range = [Dayjs, Dayjs];

const RANGE_PRESETS: { label: string; value: () => Range }[] = [
  { label: '今天', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  { label: '最近7天', value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: '最近30天', value: () => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] },
];

const disableFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

const columns: TableColumnsType<OperationLog> = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 180,
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTimeSeconds),
  },
  {
    title: '成员',
    dataIndex: 'member',
    width: 140,
    render: (member: OperationLog['member']) => member?.nickname ?? MESSAGES.empty,
  },
  { title: '操作', dataIndex: 'action_label', width: 200 },
  {
    title: '对象',
    key: 'target',
    width: 160,
    render: (_, log) => formatTarget(log.target_type, log.target_id),
  },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip || MESSAGES.empty },
  {
    title: '详情',
    dataIndex: 'detail',
    render: (detail: OperationLog['detail']) => {
      const lines = formatOperationDetail(detail);
      if (lines.length === 0) return MESSAGES.empty;
      return (
        <Flex vertical>
          {lines.map((line) => (
            <Typography.Text key={line} type="secondary" style={{ fontSize: 13 }}>
              {line}
            </Typography.Text>
          ))}
        </Flex>
      );
    },
  },
];

/** The team's operation log (/admin/operate, permission operation_record): who did what, and when. */
export function OperatePage() {
  const [search, setSearch] = useSearchParams();
  const filter = parseOperateFilter(search);
  const logs = useQuery(operationLogsQuery(filter));

  const setFilter = (next: OperateFilter) => setSearch(toOperateSearch(next), { replace: true });
  const filtered = Boolean(filter.action || filter.from || filter.to);
  const range: Range | null = filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null;

  return (
    <Card>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部操作"
          options={ACTION_OPTIONS}
          value={filter.action ?? null}
          onChange={(action: string | null | undefined) =>
            setFilter({ ...filter, action: action ?? undefined, page: 1 })
          }
          style={{ width: 220 }}
          aria-label="操作类型"
          data-testid="operate-filter-action"
        />
        <DatePicker.RangePicker
          value={range}
          presets={RANGE_PRESETS}
          disabledDate={disableFuture}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            setFilter({
              ...filter,
              from: from?.format(DATE_FORMATS.date),
              to: to?.format(DATE_FORMATS.date),
              page: 1,
            });
          }}
          data-testid="operate-filter-range"
        />
        {filtered && <Button onClick={() => setFilter({ page: 1 })}>重置</Button>}
      </Flex>
      <div data-testid="operate-table">
        <Table<OperationLog>
          rowKey="id"
          columns={columns}
          dataSource={logs.data?.data ?? []}
          loading={logs.isFetching}
          size="middle"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? '没有符合条件的记录' : '暂无操作记录'}
              />
            ),
          }}
          pagination={{
            current: filter.page,
            pageSize: OPERATE_PAGE_SIZE,
            total: logs.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (page) => setFilter({ ...filter, page }),
          }}
        />
      </div>
    </Card>
  );
}
