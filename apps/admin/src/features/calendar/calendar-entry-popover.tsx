import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { businessDateTime } from '@trackit/contract/business-time';
import type { CalendarEntry } from '@trackit/contract/calendar.schema';
import { CALENDAR_BOOKING_STATUS_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { App, Button, Descriptions, Flex, Popover, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../layouts/route-access';
import styles from './calendar.module.css';
import { useReleaseEntry } from './calendar.queries';
import { canRelease, entryTimeText, isExpired, rankLabel, STATUS_COLORS } from './calendar-display';
import { type CalendarIndex, modelLabel } from './calendar-layout';

export interface OpenedEntry {
  entry: CalendarEntry;
  /** Where the clicked chip is on screen. */
  anchor: DOMRect;
}

/** The status as a tag in its calendar colour, with the rank of an option. */
export function EntryStatus({ entry }: { entry: Pick<CalendarEntry, 'status' | 'rank'> }) {
  const colors = STATUS_COLORS[entry.status];
  const rank = rankLabel(entry.rank);
  return (
    <Flex gap={6} align="center" wrap>
      <Tag
        color={entry.status === 'locked' ? colors.main : undefined}
        style={
          entry.status === 'locked'
            ? undefined
            : { color: colors.main, background: colors.soft, borderColor: colors.main }
        }
        data-testid="calendar-entry-status"
      >
        {CALENDAR_BOOKING_STATUS_LABELS[entry.status]}
      </Tag>
      {rank && <Typography.Text strong>{rank}</Typography.Text>}
    </Flex>
  );
}

/**
 * What a click on an entry shows, next to it: the order (number, title, company), the model, the time,
 * the status with its rank and expiry, the owner; 打开订单 for a member who may open orders, and 释放
 * for a live option the member may release.
 */
export function CalendarEntryPopover({
  opened,
  index,
  mayRelease,
  onClose,
}: {
  opened: OpenedEntry | null;
  index: CalendarIndex;
  /** Whether the member may release an option of this order (the server checks again). */
  mayRelease: (entry: CalendarEntry) => boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const { modal, message } = App.useApp();
  const release = useReleaseEntry();

  // The chip moves away when the page scrolls; the popover would point at nothing.
  useEffect(() => {
    if (!opened) return;
    const close = (event: Event) => {
      const target = event.target;
      if (target instanceof Element && target.closest('.ant-popover')) return;
      onClose();
    };
    window.addEventListener('scroll', close, true);
    return () => window.removeEventListener('scroll', close, true);
  }, [opened, onClose]);

  if (!opened) return null;
  const { entry, anchor } = opened;
  const order = index.orders.get(entry.order_id);
  const orderRoute = toAdminRoute(ADMIN_PATHS.order(entry.order_id));

  const onRelease = () => {
    // The dialog takes over; the popover would close at the first click in it anyway.
    onClose();
    modal.confirm({
      title: '释放档期',
      content: `释放「${modelLabel(index.modelNames, entry.model_id)}」${entry.date} 的档期？排在其后的选择会随即上升。`,
      okText: '释放',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await release.mutateAsync(entry.id);
        message.success('已释放档期');
      },
    });
  };

  const content = (
    <div className={styles.popover} data-testid="calendar-entry-popover">
      <Descriptions
        size="small"
        column={1}
        colon={false}
        styles={{ label: { width: 72, color: 'rgba(0,0,0,0.6)', whiteSpace: 'nowrap' } }}
        items={[
          { key: 'number', label: '订单号', children: order?.number ?? `#${entry.order_id}` },
          { key: 'title', label: '标题', children: order?.title.trim() || MESSAGES.empty },
          { key: 'company', label: '客户', children: order?.company_name ?? MESSAGES.empty },
          ...(order?.job_type
            ? [{ key: 'job', label: '工作类型', children: JOB_TYPE_LABELS[order.job_type] }]
            : []),
          { key: 'model', label: '模特', children: modelLabel(index.modelNames, entry.model_id) },
          { key: 'time', label: '时间', children: entryTimeText(entry) },
          { key: 'status', label: '状态', children: <EntryStatus entry={entry} /> },
          ...(entry.expires_at
            ? [
                {
                  key: 'expiry',
                  label: isExpired(entry.status) ? '已于' : '保留至',
                  children: `${businessDateTime(entry.expires_at)}${isExpired(entry.status) ? ' 过期' : ''}`,
                },
              ]
            : []),
          { key: 'owner', label: '负责人', children: order?.owner?.nickname ?? MESSAGES.empty },
        ]}
      />
      <Flex gap={8} justify="flex-end" style={{ marginTop: 12 }}>
        {canRelease(entry.status) && mayRelease(entry) && (
          <Button danger onClick={onRelease} data-testid="calendar-entry-release">
            释放
          </Button>
        )}
        {orderRoute && canOpen(orderRoute) && (
          <Button type="primary" onClick={() => navigate(orderRoute)} data-testid="calendar-entry-open">
            打开订单
          </Button>
        )}
      </Flex>
    </div>
  );

  return (
    <Popover
      open
      trigger="click"
      placement="rightTop"
      content={content}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <span
        className={styles.popoverAnchor}
        style={{ top: anchor.top, left: anchor.left, width: anchor.width, height: anchor.height }}
      />
    </Popover>
  );
}
