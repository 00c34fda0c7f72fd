import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  CALENDAR_BOOKING_DISPLAY_STATUSES,
  CALENDAR_BOOKING_STATUS_LABELS,
  JOB_TYPE_LABELS,
  JOB_TYPES,
} from '@trackit/contract/enums';
import { toOptions } from '@trackit/contract/options';
import { Button, Checkbox, DatePicker, Segmented, Select, Space, Spin, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { FilterSelect } from '../../components/list/filter-select';
import { MemberSelect } from '../organization/member-select';
import styles from './calendar.module.css';
import { cx, STATUS_CLASS } from './calendar-chips';
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  type CalendarView,
  RESOURCE_SPAN_LABELS,
  RESOURCE_SPANS,
  type ResourceSpan,
  rangeTitle,
  shiftDate,
  weekLabel,
} from './calendar-dates';
import { LEGEND_STATUSES } from './calendar-display';
import type { ResourceOrder, ResourceRow } from './calendar-layout';
import { CalendarModelSelect } from './calendar-model-select';
import type { CalendarSearch, CalendarSearchPatch } from './calendar-search';

const VIEW_OPTIONS = toOptions(CALENDAR_VIEWS, CALENDAR_VIEW_LABELS);
const SPAN_OPTIONS = toOptions(RESOURCE_SPANS, RESOURCE_SPAN_LABELS);
const STATUS_OPTIONS = toOptions(CALENDAR_BOOKING_DISPLAY_STATUSES, CALENDAR_BOOKING_STATUS_LABELS);
const JOB_TYPE_OPTIONS = toOptions(JOB_TYPES, JOB_TYPE_LABELS);

const pickerOf = (view: CalendarView, span: ResourceSpan) =>
  view === 'month' || (view === 'resource' && span === 'month') ? 'month' : view === 'day' ? 'date' : 'week';

const ORDER_OPTIONS: { value: ResourceOrder; label: string }[] = [
  { value: 'name', label: '按姓名' },
  { value: 'booked', label: '档期多的在前' },
];

/** A week shown as 2026年第47周 (antd's zh-CN default reads 2026-47周, with the calendar year). */
const weekFormat = (value: Dayjs) => weekLabel(value.format(DATE_FORMATS.date));

/** Previous / 今天 / next, a date picker, the range on screen, and the view. */
export function CalendarToolbar({
  search,
  today,
  loading,
  onChange,
}: {
  search: CalendarSearch;
  today: string;
  loading: boolean;
  onChange: (patch: CalendarSearchPatch) => void;
}) {
  const { view, span, date } = search;
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarGroup}>
        <Space.Compact>
          <Tooltip title="上一页">
            <Button
              icon={<LeftOutlined />}
              aria-label="上一页"
              onClick={() => onChange({ date: shiftDate(view, span, date, -1) })}
              data-testid="calendar-previous"
            />
          </Tooltip>
          <Button onClick={() => onChange({ date: today })} data-testid="calendar-today">
            今天
          </Button>
          <Tooltip title="下一页">
            <Button
              icon={<RightOutlined />}
              aria-label="下一页"
              onClick={() => onChange({ date: shiftDate(view, span, date, 1) })}
              data-testid="calendar-next"
            />
          </Tooltip>
        </Space.Compact>
        <DatePicker
          picker={pickerOf(view, span)}
          format={pickerOf(view, span) === 'week' ? weekFormat : undefined}
          value={dayjs(date)}
          allowClear={false}
          onChange={(value) => value && onChange({ date: value.format(DATE_FORMATS.date) })}
          style={{ width: 150 }}
          aria-label="日期"
          data-testid="calendar-date-picker"
        />
        <span className={styles.rangeTitle} data-testid="calendar-range-title">
          {rangeTitle(view, span, date)}
        </span>
        <Spin size="small" spinning={loading} />
      </div>
      <div className={styles.toolbarGroup}>
        {view === 'resource' && (
          <>
            <Checkbox
              checked={search.show === 'booked'}
              onChange={(event) => onChange({ show: event.target.checked ? 'booked' : 'all' })}
              data-testid="calendar-booked-only"
            >
              只看有档期的
            </Checkbox>
            <Select<ResourceOrder>
              options={ORDER_OPTIONS}
              value={search.order}
              onChange={(order) => onChange({ order })}
              style={{ width: 132 }}
              aria-label="模特排序"
              data-testid="calendar-resource-order"
            />
            <Segmented<ResourceSpan>
              options={SPAN_OPTIONS}
              value={span}
              onChange={(next) => onChange({ span: next })}
              data-testid="calendar-span"
            />
          </>
        )}
        <Segmented<CalendarView>
          options={VIEW_OPTIONS}
          value={view}
          onChange={(next) => onChange({ view: next })}
          data-testid="calendar-view"
        />
      </div>
    </div>
  );
}

/** Filters: models, statuses (expired too), job types and the orders' owner; 清除筛选 when any is set. */
export function CalendarFilters({
  search,
  filtered,
  names,
  searchable,
  ownerName,
  onRemember,
  onChange,
  onClear,
}: {
  search: CalendarSearch;
  filtered: boolean;
  names: ReadonlyMap<number, string>;
  searchable: boolean;
  /** The filtered owner's nickname, when the calendar names them. */
  ownerName: string | null;
  onRemember: (models: ResourceRow[]) => void;
  onChange: (patch: CalendarSearchPatch) => void;
  onClear: () => void;
}) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.filters}>
        <CalendarModelSelect
          value={search.model_id}
          onChange={(ids, picked) => {
            onRemember(picked);
            onChange({ model_id: ids });
          }}
          known={names}
          searchable={searchable}
          placeholder="模特"
          style={{ width: 220 }}
          testId="calendar-filter-models"
        />
        <FilterSelect
          multiple
          label="状态"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => onChange({ status: status ?? [] })}
          width={200}
          testId="calendar-filter-status"
        />
        <FilterSelect
          multiple
          label="工作类型"
          options={JOB_TYPE_OPTIONS}
          value={search.job_type}
          onChange={(jobType) => onChange({ job_type: jobType ?? [] })}
          width={200}
          testId="calendar-filter-job-type"
        />
        <MemberSelect
          value={search.owner_member_id}
          onChange={(owner) => onChange({ owner_member_id: owner })}
          current={
            search.owner_member_id !== null && ownerName
              ? { id: search.owner_member_id, nickname: ownerName }
              : null
          }
          placeholder="负责人"
          style={{ width: 160 }}
          testId="calendar-filter-owner"
        />
        {filtered && (
          <Button type="link" onClick={onClear} data-testid="calendar-clear-filters">
            清除筛选
          </Button>
        )}
      </div>
      <CalendarLegend />
    </div>
  );
}

/** What each look means. */
export function CalendarLegend() {
  return (
    <div className={styles.legend} data-testid="calendar-legend">
      {LEGEND_STATUSES.map((status) => (
        <span key={status} className={styles.legendItem}>
          <span className={cx(styles.chip, styles.legendSwatch, STATUS_CLASS[status])} />
          <span style={status === 'cancelled' ? { textDecoration: 'line-through' } : undefined}>
            {CALENDAR_BOOKING_STATUS_LABELS[status]}
          </span>
        </span>
      ))}
      <span className={styles.legendItem}>
        <span
          className={cx(styles.trip, styles.legendSwatch)}
          style={{ '--trip-color': '#13a8a8', height: 12 } as CSSProperties}
        />
        行程
      </span>
    </div>
  );
}
