import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import type { FieldChange } from '@trackit/contract/operation-catalogue';
import {
  OPERATION_ACTION_LABELS,
  type OperationLog,
  type OperationLogQuery,
  operationLogQuerySchema,
  TEAM_LOG_ACTIONS,
} from '@trackit/contract/operation-log.schema';
import { toOptions } from '@trackit/contract/options';
import { Card, DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { ChangeList, OperationSentence } from '../../components/operation-entry';
import { MemberSelect } from '../organization/member-select';
import { operationLogsQuery, orderDateRange } from './operate.queries';

const ACTION_OPTIONS = toOptions(TEAM_LOG_ACTIONS, OPERATION_ACTION_LABELS);

type Range = [Dayjs, Dayjs];

const RANGE_PRESETS: { label: string; value: () => Range }[] = [
  { label: '今天', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  { label: '最近7天', value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: '最近30天', value: () => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] },
];

const disableFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

const shown = (value: string | null | undefined) => value || MESSAGES.empty;

const columnsFor = (
  onMember: (member: NonNullable<OperationLog['member']>) => void,
): DataTableColumn<OperationLog, OperationLogQuery>[] => [
  {
    title: '时间',
    dataIndex: 'created_at',
    kind: 'dateTimeSeconds',
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTimeSeconds),
  },
  {
    title: '成员',
    dataIndex: 'member',
    kind: 'name',
    render: (member: OperationLog['member']) =>
      member ? (
        <Typography.Link onClick={() => onMember(member)} title="只看该成员的操作">
          {member.nickname}
        </Typography.Link>
      ) : (
        MESSAGES.empty
      ),
  },
  {
    title: '操作',
    key: 'sentence',
    kind: 'title',
    render: (_, log) => <OperationSentence sentence={log.sentence} link={log.link} />,
  },
  {
    title: '变更',
    dataIndex: 'changes',
    kind: 'text',
    render: (changes: FieldChange[]) => <ChangeList changes={changes} />,
  },
  { title: 'IP', dataIndex: 'ip', kind: 'code', render: (ip: string | null) => shown(ip) },
];

/**
 * The team's operation log (/admin/operate, permission operation_record): who did what, and when; by
 * several actions (searched by their labels), a member (picked, or a click on their name: a member who
 * has left is found that way), and days.
 */
export function OperatePage() {
  const search = useListSearch(operationLogQuerySchema, { normalize: orderDateRange });
  const logs = useQuery(operationLogsQuery(search.query));
  const { membership_id: memberId, from, to } = search.query;
  const range: Range | null = from && to ? [dayjs(from), dayjs(to)] : null;
  const columns = useMemo(() => columnsFor((member) => search.set({ membership_id: member.id })), [search]);
  const memberName = logs.data?.data.find((log) => log.member?.id === memberId)?.member?.nickname;

  return (
    <Card>
      <ListToolbar search={search}>
        <ListSelectFilter
          search={search}
          field="action"
          multiple
          options={ACTION_OPTIONS}
          label="操作类型"
          placeholder="全部操作"
          width={260}
          testId="operate-filter-action"
        />
        <MemberSelect
          value={memberId ?? null}
          onChange={(next) => search.set({ membership_id: next ?? undefined })}
          current={memberId !== undefined && memberName ? { id: memberId, nickname: memberName } : null}
          placeholder="成员"
          style={{ width: 160 }}
          testId="operate-filter-member"
        />
        <DatePicker.RangePicker
          value={range}
          presets={RANGE_PRESETS}
          disabledDate={disableFuture}
          // Whole days as the member reads them; the server takes them as China-time days.
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            search.set({ from: start?.format(DATE_FORMATS.date), to: end?.format(DATE_FORMATS.date) });
          }}
          aria-label="操作日期"
          data-testid="operate-filter-range"
        />
      </ListToolbar>
      <DataTable
        list={logs}
        search={search}
        columns={columns}
        rowKey={(log) => log.id}
        emptyText="暂无操作记录"
        filteredEmptyText="没有符合条件的记录"
        testId="operate-table"
      />
    </Card>
  );
}
