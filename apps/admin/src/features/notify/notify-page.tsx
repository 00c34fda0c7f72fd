import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { toAdminRoute } from '@trackit/contract/admin-paths';
import { businessDateTime } from '@trackit/contract/business-time';
import {
  APPROVAL_NOTICE_OUTCOME_LABELS,
  type ApprovalNoticeOutcome,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@trackit/contract/enums';
import {
  type Notification,
  type NotificationQuery,
  notificationQuerySchema,
} from '@trackit/contract/notify.schema';
import { App, Button, Card, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { DataList } from '../../components/list/data-list';
import { ListRadioFilter, type RadioFilterOption } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCanOpen } from '../../layouts/route-access';
import { notifyListQuery, unreadCountQuery, useMarkNotificationsRead } from './notify.queries';
import styles from './notify-page.module.css';

const TYPE_COLORS: Record<NotificationType, string> = {
  event_notice: 'blue',
  audit_required: 'orange',
};

const OUTCOME_COLORS: Record<ApprovalNoticeOutcome, string> = {
  passed: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** The tag of a notice: its type, or for an approval's notice once settled, what became of the request. */
function NoticeTag({ notification }: { notification: Notification }) {
  const outcome = notification.type === 'audit_required' ? notification.approval_outcome : null;
  if (outcome)
    return (
      <Tag
        color={OUTCOME_COLORS[outcome]}
        variant="outlined"
        data-testid={`notify-outcome-${notification.id}`}
      >
        {APPROVAL_NOTICE_OUTCOME_LABELS[outcome]}
      </Tag>
    );
  return (
    <Tag color={TYPE_COLORS[notification.type]} variant="outlined">
      {NOTIFICATION_TYPE_LABELS[notification.type]}
    </Tag>
  );
}

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((type) => ({
  label: NOTIFICATION_TYPE_LABELS[type],
  value: type,
}));

const READ_OPTIONS: RadioFilterOption<NonNullable<NotificationQuery['read']>>[] = [
  { label: '未读', value: 'false' },
  { label: '已读', value: 'true' },
];

const markedText = (updated: number) => (updated > 0 ? `已将 ${updated} 条通知标为已读` : '没有未读通知');

interface NotifyItemProps {
  notification: Notification;
  /** Whether the record it concerns has a page the member may open (the arrow shows then). */
  linked: boolean;
  onOpen: (notification: Notification) => void;
}

function NotifyItem({ notification, linked, onOpen }: NotifyItemProps) {
  const { id, title, body, read, created_at } = notification;
  return (
    <button
      type="button"
      className={`${styles.item} ${read ? styles.read : styles.unread}`}
      onClick={() => onOpen(notification)}
      data-testid={`notify-item-${id}`}
      data-read={String(read)}
    >
      <span className={`${styles.dot} ${read ? '' : styles.unreadDot}`} aria-hidden />
      <span className={styles.content}>
        <span className={styles.head}>
          <NoticeTag notification={notification} />
          <span className={styles.title}>
            {title}
            {!read && <span className={styles.srOnly}>（未读）</span>}
          </span>
          {/* Beijing time whatever the browser's zone, as every time on screen. */}
          <span className={styles.time}>{businessDateTime(created_at)}</span>
        </span>
        {body && <span className={styles.body}>{body}</span>}
      </span>
      {/* Hidden rather than absent without a link, so every row's time lines up. */}
      <RightOutlined
        className={styles.arrow}
        style={linked ? undefined : { visibility: 'hidden' }}
        aria-hidden
      />
    </button>
  );
}

/**
 * The current member's notifications (/admin/notify): type and read filters, click-through to the
 * record (marking it read), selected ones or all of them marked read.
 */
export function NotifyPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const search = useListSearch(notificationQuerySchema);
  const list = useQuery(notifyListQuery(search.query));
  const unread = useQuery(unreadCountQuery);
  // One mutation each, so marking one row does not spin the 全部标为已读 button.
  const markOne = useMarkNotificationsRead();
  const markSelected = useMarkNotificationsRead();
  const markAll = useMarkNotificationsRead();

  const handleOpen = (notification: Notification) => {
    if (!notification.read) markOne.mutate({ ids: [notification.id] });
    // A record of a page the member cannot open (another key, a level short): marked read, not opened.
    const path = toAdminRoute(notification.link);
    if (path && canOpen(path)) navigate(path);
  };

  const unreadCount = unread.data?.unread_count ?? 0;

  return (
    <Card>
      <ListToolbar
        extra={
          <Button
            icon={<CheckOutlined />}
            disabled={unreadCount === 0}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(
                { all: true },
                { onSuccess: ({ updated }) => void message.success(markedText(updated)) },
              )
            }
            data-testid="notify-mark-all"
          >
            全部标为已读
          </Button>
        }
      >
        <ListRadioFilter
          search={search}
          field="type"
          options={TYPE_OPTIONS}
          label="通知类型"
          testId="notify-filter-type"
        />
        <ListRadioFilter
          search={search}
          field="read"
          options={READ_OPTIONS}
          label="阅读状态"
          testId="notify-filter-read"
        />
      </ListToolbar>
      <DataList
        list={list}
        search={search}
        rowKey={(notification) => notification.id}
        renderItem={(notification) => (
          <NotifyItem
            notification={notification}
            linked={canOpen(toAdminRoute(notification.link))}
            onOpen={handleOpen}
          />
        )}
        emptyText="暂无通知"
        filteredEmptyText="没有符合条件的通知"
        testId="notify-list"
        bulkActions={[
          {
            key: 'read',
            label: '标为已读',
            icon: <CheckOutlined />,
            onRun: async (ids) => {
              const { updated } = await markSelected.mutateAsync({ ids });
              void message.success(markedText(updated));
            },
          },
        ]}
      />
    </Card>
  );
}
