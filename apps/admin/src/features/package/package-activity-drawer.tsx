import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import {
  PACKAGE_ACTIVITY_VIEWS,
  PACKAGE_MESSAGES,
  type Package,
  type PackageActivity,
  type PackagePick,
  type PackageView,
} from '@trackit/contract/package.schema';
import { SHARE_DEVICE_LABELS, SHARE_VIEW_PAGE_LABELS } from '@trackit/contract/share';
import { Card, Descriptions, Drawer, Empty, Flex, Progress, Space, Statistic, Table, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { bothQueries, QueryState } from '../../components/query-state';
import { isRecordMissing, parseRecordId } from '../../components/record-id';
import { ShareLinks } from '../../components/share-links';
import { packageActivityQuery, packageQuery } from './package.queries';
import { formatDuration, ModelThumb, PackageStatusTag, RelativeTime, visitorLabel } from './package-labels';

/** The address's parameter naming the package whose activity is open (notifications link to it). */
export const PACKAGE_PARAM = 'package';

/** The package list with a package's activity open. */
export const packageActivityPath = (id: number) => `/information/packages?${PACKAGE_PARAM}=${id}`;

/** The package whose activity the address opens (`?package=12`), and the ways to open and close it. */
export function usePackageInAddress() {
  const [params, setParams] = useSearchParams();
  const id = parseRecordId(params.get(PACKAGE_PARAM) ?? undefined) ?? null;
  const open = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(PACKAGE_PARAM, String(next));
        return updated;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete(PACKAGE_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { id, open, close };
}

const dateTime = (value: string | null) => formatDate(value, DATE_FORMATS.dateTime);

interface ModelInterest {
  model_id: number;
  name: string;
  cover_thumb_url: string | null;
  view_count: number;
  visible_ms: number;
  pick_count: number;
}

/**
 * Each model of the package with what the client gave it, most interesting first: picks, then time on
 * screen, then opens; models nobody looked at yet close the list.
 */
export const modelInterest = (pkg: Package | undefined, activity: PackageActivity): ModelInterest[] => {
  const covers = new Map(pkg?.models.map((model) => [model.model_id, model]));
  const rows: ModelInterest[] = activity.models.map((model) => ({
    ...model,
    name: model.model_name,
    cover_thumb_url: covers.get(model.model_id)?.cover_thumb_url ?? null,
  }));
  const seen = new Set(rows.map((row) => row.model_id));
  for (const model of pkg?.models ?? []) {
    if (seen.has(model.model_id)) continue;
    rows.push({ ...model, view_count: 0, visible_ms: 0, pick_count: 0 });
  }
  return rows.sort(
    (a, b) => b.pick_count - a.pick_count || b.visible_ms - a.visible_ms || b.view_count - a.view_count,
  );
};

function Summary({ activity }: { activity: PackageActivity }) {
  return (
    <Flex gap={32} wrap data-testid="package-activity-summary">
      <Statistic title="打开次数" value={activity.view_count} />
      <Statistic title="访客" value={activity.visitor_count} />
      <Statistic
        title="选中"
        value={activity.pick_count}
        styles={{ content: activity.pick_count > 0 ? { color: '#eb2f96' } : {} }}
      />
      <Flex vertical gap={4} style={{ color: 'rgba(0,0,0,0.65)' }}>
        <span>首次打开：{dateTime(activity.first_viewed_at)}</span>
        <span>
          最近打开：{dateTime(activity.last_viewed_at)}
          {activity.last_viewed_at && (
            <Typography.Text type="secondary">
              （<RelativeTime value={activity.last_viewed_at} />）
            </Typography.Text>
          )}
        </span>
      </Flex>
    </Flex>
  );
}

function ModelEngagement({ rows }: { rows: ModelInterest[] }) {
  const longest = Math.max(1, ...rows.map((row) => row.visible_ms));
  return (
    <Table<ModelInterest>
      size="small"
      rowKey="model_id"
      dataSource={rows}
      pagination={false}
      onRow={(row) =>
        ({ 'data-testid': `package-activity-model-${row.model_id}` }) as HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          title: '模特',
          key: 'model',
          render: (_: unknown, row) => (
            <Space size={8}>
              <ModelThumb model={row} size={28} />
              {row.name}
            </Space>
          ),
        },
        { title: '浏览', dataIndex: 'view_count', width: 70, align: 'right' },
        {
          title: '停留时长',
          dataIndex: 'visible_ms',
          width: 190,
          render: (ms: number) => (
            <Flex align="center" gap={8}>
              <Progress
                percent={(ms / longest) * 100}
                showInfo={false}
                status="normal"
                size="small"
                style={{ width: 80, margin: 0 }}
              />
              <span style={{ whiteSpace: 'nowrap' }}>{formatDuration(ms)}</span>
            </Flex>
          ),
        },
        {
          title: '选中',
          dataIndex: 'pick_count',
          width: 70,
          align: 'right',
          render: (count: number) =>
            count > 0 ? (
              <span style={{ color: '#eb2f96', fontWeight: 600 }}>
                <HeartFilled /> {count}
              </span>
            ) : (
              0
            ),
        },
      ]}
    />
  );
}

function Picks({ picks }: { picks: PackagePick[] }) {
  // An unpicked heart without a word says nothing.
  const shown = picks.filter((pick) => pick.picked || pick.comment.trim() !== '');
  if (shown.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="客户还没有选中模特或留言" />;
  return (
    <Flex vertical>
      {shown.map((pick, index) => (
        <Flex
          key={pick.id}
          vertical
          gap={2}
          style={{ padding: '8px 0', borderTop: index === 0 ? undefined : '1px solid #f0f0f0' }}
          data-testid={`package-pick-${pick.id}`}
        >
          <Flex justify="space-between" gap={12}>
            <Space size={6}>
              {pick.picked ? (
                <HeartFilled style={{ color: '#eb2f96' }} aria-label="选中" />
              ) : (
                <HeartOutlined style={{ color: 'rgba(0,0,0,0.35)' }} aria-label="未选中" />
              )}
              <Typography.Text strong>{pick.model_name}</Typography.Text>
              <Typography.Text type="secondary">· {visitorLabel(pick)}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">{dateTime(pick.updated_at)}</Typography.Text>
          </Flex>
          {pick.comment && (
            <Typography.Paragraph style={{ margin: 0 }}>“{pick.comment}”</Typography.Paragraph>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

function Views({ views }: { views: PackageView[] }) {
  if (views.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="客户还没有打开链接" />;
  return (
    <Table<PackageView>
      size="small"
      rowKey="id"
      dataSource={views}
      pagination={views.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      onRow={(view) => ({ 'data-testid': `package-view-${view.id}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: '时间', dataIndex: 'opened_at', width: 140, render: dateTime },
        { title: '访客', key: 'visitor', render: (_: unknown, view) => visitorLabel(view) },
        {
          title: '页面',
          dataIndex: 'page',
          width: 90,
          render: (page: PackageView['page']) => SHARE_VIEW_PAGE_LABELS[page],
        },
        {
          title: '模特',
          dataIndex: 'model_name',
          render: (name: string | null) => name ?? MESSAGES.empty,
        },
        {
          title: '设备',
          dataIndex: 'device',
          width: 60,
          render: (device: PackageView['device']) => SHARE_DEVICE_LABELS[device],
        },
        {
          title: '停留',
          dataIndex: 'visible_ms',
          width: 80,
          align: 'right',
          render: formatDuration,
        },
      ]}
    />
  );
}

/** Who the package is for, who sent it and until when, and its links while they work. */
function PackageFacts({ pkg }: { pkg: Package }) {
  const client = [pkg.company_name, pkg.contact_name].filter(Boolean).join(' / ') || MESSAGES.empty;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'client', label: '客户', children: client },
          { key: 'creator', label: '创建人', children: pkg.created_by?.nickname ?? MESSAGES.empty },
          { key: 'sent', label: '发送时间', children: dateTime(pkg.created_at) },
          {
            key: 'expiry',
            label: pkg.status === 'revoked' ? '撤销时间' : '有效期至',
            children: (
              <Space size={8}>
                {dateTime(pkg.status === 'revoked' ? pkg.revoked_at : pkg.expires_at)}
                <PackageStatusTag status={pkg.status} />
              </Space>
            ),
          },
          { key: 'models', label: '模特', children: `${pkg.models.length} 位` },
          ...(pkg.message
            ? [
                {
                  key: 'message',
                  label: '留言',
                  span: 2,
                  children: <Typography.Text>{pkg.message}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      {pkg.status !== 'revoked' && <ShareLinks mobileUrl={pkg.mobile_url} desktopUrl={pkg.desktop_url} />}
    </Flex>
  );
}

export interface PackageActivityDrawerProps {
  packageId: number;
  onClose: () => void;
}

/**
 * What the client did with a package: how often it was opened and by how many visitors, each model's
 * views, time on screen and picks (most interesting first), the picks with their comments, and every
 * open (the latest PACKAGE_ACTIVITY_VIEWS). Refreshes while open. Mounted while open.
 */
export function PackageActivityDrawer({ packageId, onClose }: PackageActivityDrawerProps) {
  const pkg = useQuery(packageQuery(packageId));
  const activity = useQuery(packageActivityQuery(packageId));
  const interest = useMemo(
    () => (activity.data ? modelInterest(pkg.data, activity.data) : []),
    [pkg.data, activity.data],
  );
  const missing = isRecordMissing(pkg.error) || isRecordMissing(activity.error);

  let body: ReactNode;
  if (missing) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`${PACKAGE_MESSAGES.packageNotFound}：可能已被删除，或不属于当前团队`}
        data-testid="package-activity-missing"
      />
    );
  } else {
    body = (
      <QueryState query={bothQueries(pkg, activity)} loading={{ rows: 10 }}>
        {([shown, answer]) => (
          <Flex vertical gap={16}>
            <PackageFacts pkg={shown} />
            <Card size="small" title="客户反馈">
              <Summary activity={answer} />
            </Card>
            <Card size="small" title="模特关注度">
              <ModelEngagement rows={interest} />
            </Card>
            <Card size="small" title={`选中与留言（${answer.picks.filter((pick) => pick.picked).length}）`}>
              <Picks picks={answer.picks} />
            </Card>
            <Card
              size="small"
              title="浏览记录"
              extra={
                answer.views.length >= PACKAGE_ACTIVITY_VIEWS && (
                  <Typography.Text type="secondary">显示最近 {PACKAGE_ACTIVITY_VIEWS} 次</Typography.Text>
                )
              }
            >
              <Views views={answer.views} />
            </Card>
          </Flex>
        )}
      </QueryState>
    );
  }

  return (
    <Drawer open onClose={onClose} size={760} title={pkg.data ? pkg.data.title : '套餐详情'} destroyOnHidden>
      <div data-testid="package-activity">{body}</div>
    </Drawer>
  );
}
