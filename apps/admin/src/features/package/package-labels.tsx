import { formatDate, initials } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import {
  PACKAGE_STATUS_LABELS,
  type PackageModel,
  type PackageStatus,
} from '@trackit/contract/package.schema';
import { Avatar, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';

const STATUS_COLORS: Readonly<Record<PackageStatus, string>> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

/** 分享中 / 已过期 / 已撤销. */
export const PackageStatusTag = ({ status }: { status: PackageStatus }) => (
  <Tag color={STATUS_COLORS[status]} data-testid="package-status">
    {PACKAGE_STATUS_LABELS[status]}
  </Tag>
);

/** A model's cover as a small square, or the first character of the name. */
export function ModelThumb({
  model,
  size = 32,
}: {
  model: Pick<PackageModel, 'name' | 'cover_thumb_url'>;
  size?: number;
}) {
  return (
    <Avatar
      shape="square"
      size={size}
      src={model.cover_thumb_url || undefined}
      alt={model.name}
      style={{ flex: 'none', background: '#e6eaf2', color: '#5b6b85' }}
    >
      {initials(model.name)}
    </Avatar>
  );
}

/** How many covers a list row shows before the rest are counted. */
const AVATARS_SHOWN = 4;

/** The first covers of a package's models, then how many there are: `[][][][] 共 7 位`. */
export function PackageModelAvatars({
  models,
  testId,
}: {
  models: readonly PackageModel[];
  testId?: string;
}) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }} data-testid={testId}>
      <Avatar.Group>
        {models.slice(0, AVATARS_SHOWN).map((model) => (
          <Tooltip key={model.model_id} title={model.name}>
            <span>
              <ModelThumb model={model} size={26} />
            </span>
          </Tooltip>
        ))}
      </Avatar.Group>
      <span style={{ color: 'rgba(0,0,0,0.6)', whiteSpace: 'nowrap' }}>{models.length} 位</span>
    </span>
  );
}

/** How long something was on screen, as people say it: 45秒, 1分20秒, 2小时5分; 0 → 0秒. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest === 0 ? `${minutes}分` : `${minutes}分${rest}秒`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}小时` : `${hours}小时${rest}分`;
}

/** How long ago, in a few characters: 刚刚, 5分钟前, 3小时前, 2天前; past a week the date. */
export function formatRelative(value: string | null, now: number = Date.now()): string {
  if (!value) return MESSAGES.empty;
  const time = dayjs(value);
  if (!time.isValid()) return MESSAGES.empty;
  const minutes = Math.floor((now - time.valueOf()) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时前`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days}天前`;
  return formatDate(value, DATE_FORMATS.date);
}

/** A relative time with the exact one on hover. */
export function RelativeTime({ value }: { value: string | null }) {
  if (!value) return <>{MESSAGES.empty}</>;
  return (
    <Tooltip title={formatDate(value, DATE_FORMATS.dateTime)}>
      <span>{formatRelative(value)}</span>
    </Tooltip>
  );
}

/** Who a visitor is: the name they gave, or 访客 and the start of their device's id. */
export const visitorLabel = (visitor: { visitor: string; name: string | null }): string =>
  visitor.name?.trim() || `访客 ${visitor.visitor.slice(0, 6)}`;
