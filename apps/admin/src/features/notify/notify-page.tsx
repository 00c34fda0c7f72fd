import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationType } from '@trackit/contract/enums';
import type { Notification } from '@trackit/contract/notify.schema';
import { App, Button, Card, Empty, Flex, Pagination, Radio, Skeleton, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  markNotificationsRead,
  NOTIFY_PAGE_SIZE,
  type NotifyFilter,
  notifyKeys,
  notifyListQuery,
  parseNotifyFilter,
  type ReadFilter,
  toAppPath,
  toNotifySearch,
  unreadCountQuery,
} from './notify.queries';
import styles from './notify-page.module.css';

const TYPE_COLORS: Record<NotificationType, string> = {
  event_notice: 'blue',
  audit_required: 'orange',
};

const ALL = 'all';

const TYPE_OPTIONS = [
  { label: '全部', value: ALL },
  ...NOTIFICATION_TYPES.map((type) => ({ label: NOTIFICATION_TYPE_LABELS[type], value: type })),
];

const READ_OPTIONS: { label: string; value: ReadFilter | typeof ALL }[] = [
  { label: '全部', value: ALL },
  { label: '未读', value: 'false' },
  { label: '已读', value: 'true' },
];

interface NotifyItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

function NotifyItem({ notification, onOpen }: NotifyItemProps) {
  const { id, type, title, body, read, link, created_at } = notification;
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
          <Tag color={TYPE_COLORS[type]} variant="outlined">
            {NOTIFICATION_TYPE_LABELS[type]}
          </Tag>
          <span className={styles.title}>
            {title}
            {!read && <span className={styles.srOnly}>（未读）</span>}
          </span>
          <span className={styles.time}>{formatDate(created_at, DATE_FORMATS.dateTime)}</span>
        </span>
        {body && <span className={styles.body}>{body}</span>}
      </span>
      {/* Hidden rather than absent without a link, so every row's time lines up. */}
      <RightOutlined
        className={styles.arrow}
        style={toAppPath(link) ? undefined : { visibility: 'hidden' }}
        aria-hidden
      />
    </button>
  );
}

/** The current member's notifications (/admin/notify): filters, mark read, click through to the record. */
export function NotifyPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const filter = parseNotifyFilter(search);

  const list = useQuery(notifyListQuery(filter));
  const unread = useQuery(unreadCountQuery);

  const setFilter = (next: NotifyFilter) => setSearch(toNotifySearch(next), { replace: true });

  // Shows the new read state at once; the refetch after the call puts the server's word back.
  const markInCache = (ids: number[] | 'all') => {
    const readAt = new Date().toISOString();
    queryClient.setQueriesData<Page<Notification>>({ queryKey: notifyKeys.lists }, (old) =>
      old
        ? {
            ...old,
            data: old.data.map((item) =>
              !item.read && (ids === 'all' || ids.includes(item.id))
                ? { ...item, read: true, read_at: readAt }
                : item,
            ),
          }
        : old,
    );
  };

  // Callbacks on the mutation itself (not on `mutate`) still run after a click-through unmounts the page.
  const markOne = useMutation({
    mutationFn: (id: number) => markNotificationsRead({ ids: [id] }),
    onMutate: (id) => markInCache([id]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKeys.all }),
  });

  const markAll = useMutation({
    mutationFn: () => markNotificationsRead({ all: true }),
    onMutate: () => markInCache('all'),
    onSuccess: (updated) => {
      void message.success(updated > 0 ? `已将 ${updated} 条通知标为已读` : '没有未读通知');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKeys.all }),
  });

  const handleOpen = (notification: Notification) => {
    if (!notification.read) markOne.mutate(notification.id);
    const path = toAppPath(notification.link);
    if (path) navigate(path);
  };

  const unreadCount = unread.data?.unread_count ?? 0;
  const page = list.data;
  const filtered = Boolean(filter.type || filter.read);

  let content: ReactNode;
  if (list.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (!page || page.data.length === 0) {
    content = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={list.isError ? '通知加载失败' : filtered ? '没有符合条件的通知' : '暂无通知'}
      >
        {list.isError && (
          <Button onClick={() => list.refetch()} loading={list.isFetching}>
            重试
          </Button>
        )}
      </Empty>
    );
  } else {
    content = (
      <div className={styles.list}>
        {page.data.map((notification) => (
          <NotifyItem key={notification.id} notification={notification} onOpen={handleOpen} />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <Flex className={styles.toolbar} justify="space-between" align="center" wrap gap={12}>
        <Flex gap={16} wrap>
          <Radio.Group
            optionType="button"
            options={TYPE_OPTIONS}
            value={filter.type ?? ALL}
            onChange={(event) => {
              const value = event.target.value as NotificationType | typeof ALL;
              setFilter({ ...filter, type: value === ALL ? undefined : value, page: 1 });
            }}
            data-testid="notify-filter-type"
            aria-label="通知类型"
          />
          <Radio.Group
            optionType="button"
            options={READ_OPTIONS}
            value={filter.read ?? ALL}
            onChange={(event) => {
              const value = event.target.value as ReadFilter | typeof ALL;
              setFilter({ ...filter, read: value === ALL ? undefined : value, page: 1 });
            }}
            data-testid="notify-filter-read"
            aria-label="阅读状态"
          />
        </Flex>
        <Button
          icon={<CheckOutlined />}
          disabled={unreadCount === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notify-mark-all"
        >
          全部标为已读
        </Button>
      </Flex>

      <Spin spinning={list.isPlaceholderData && list.isFetching}>
        <div data-testid="notify-list">{content}</div>
      </Spin>

      {page && page.total > 0 && (
        <Flex justify="flex-end" className={styles.pagination}>
          <Pagination
            current={filter.page}
            pageSize={NOTIFY_PAGE_SIZE}
            total={page.total}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 条`}
            onChange={(next) => setFilter({ ...filter, page: next })}
          />
        </Flex>
      )}
    </Card>
  );
}
