import { DesktopOutlined, MobileOutlined, QrcodeOutlined } from '@ant-design/icons';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import type { Package } from '@trackit/contract/package.schema';
import { PACKAGE_MAX_EXPIRY_DAYS } from '@trackit/contract/share';
import { App, Button, DatePicker, Flex, Popconfirm, Popover, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ShareQrCode, useCopyShareUrl } from '../../components/share-links';
import { useRevokePackage, useUpdatePackage } from './package.queries';
import { isExpiryDayDisabled } from './package-editor-values';

const EXTEND_CHOICES = [7, 30] as const;

/** A later expiry counts from the current one, or from now when it is past (an expired package reopens). */
export const extendedExpiry = (
  pkg: Pick<Package, 'expires_at'>,
  days: number,
  now: Dayjs = dayjs(),
): Dayjs => {
  const current = dayjs(pkg.expires_at);
  return (current.isAfter(now) ? current : now).add(days, 'day');
};

/** 延期: +7 天, +30 天, or a day (open to its end); the furthest allowed is PACKAGE_MAX_EXPIRY_DAYS ahead. */
function ExtendExpiry({ pkg }: { pkg: Package }) {
  const [open, setOpen] = useState(false);
  /** The choice being saved: a number of days, or a picked day. */
  const [saving, setSaving] = useState<number | 'day' | null>(null);
  const update = useUpdatePackage();
  const { message } = App.useApp();
  const furthest = dayjs().add(PACKAGE_MAX_EXPIRY_DAYS, 'day');

  const extendTo = (expiry: Dayjs, choice: number | 'day') => {
    setSaving(choice);
    update.mutate(
      { id: pkg.id, values: { expires_at: expiry.toISOString() } },
      {
        onSuccess: (changed) => {
          setOpen(false);
          void message.success(`有效期已延至 ${formatDate(changed.expires_at, DATE_FORMATS.dateTime)}`);
        },
        onSettled: () => setSaving(null),
      },
    );
  };

  const content = (
    <Flex vertical gap={10} style={{ width: 220 }} data-testid={`package-extend-panel-${pkg.id}`}>
      <Typography.Text type="secondary">
        当前有效期至 {formatDate(pkg.expires_at, DATE_FORMATS.dateTime)}
      </Typography.Text>
      <Flex gap={8}>
        {EXTEND_CHOICES.map((days) => {
          const next = extendedExpiry(pkg, days);
          return (
            <Button
              key={days}
              loading={saving === days}
              disabled={next.isAfter(furthest) || (saving !== null && saving !== days)}
              onClick={() => extendTo(next, days)}
              data-testid={`package-extend-${days}d`}
            >
              +{days} 天
            </Button>
          );
        })}
      </Flex>
      <DatePicker
        placeholder="选择到期日期"
        disabledDate={isExpiryDayDisabled}
        onChange={(day: Dayjs | null) => {
          if (!day) return;
          // To the end of the day, but never past the furthest expiry allowed.
          const end = day.endOf('day').second(0).millisecond(0);
          extendTo(end.isAfter(furthest) ? furthest : end, 'day');
        }}
        disabled={saving !== null}
        style={{ width: '100%' }}
        data-testid={`package-extend-date-${pkg.id}`}
      />
    </Flex>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" title="延长有效期" content={content}>
      <Button type="link" size="small" style={TIGHT} data-testid={`package-extend-open-${pkg.id}`}>
        延期
      </Button>
    </Popover>
  );
}

/** 撤销 after confirming; the links stop working at once. */
function RevokePackage({ pkg }: { pkg: Package }) {
  const revoke = useRevokePackage();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title="撤销该套餐？"
      description="撤销后链接立即失效且不可恢复"
      okText="撤销"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        revoke.mutateAsync(pkg.id).then(
          () => void message.success('已撤销'),
          () => undefined,
        )
      }
    >
      <Button type="link" size="small" style={TIGHT} danger data-testid={`package-revoke-${pkg.id}`}>
        撤销
      </Button>
    </Popconfirm>
  );
}

export interface PackageRowActionsProps {
  pkg: Package;
  canEdit: boolean;
  onEdit: () => void;
}

/** Link buttons of a row, closer together than antd's padding (six actions share one narrow column). */
const TIGHT = { paddingInline: 4 } as const;

/**
 * A package row's actions while its links work: copy each link, the QR code; and under them, for members
 * who may edit, 编辑, 延期 and 撤销. A revoked package has none (its activity still opens from the row).
 */
export function PackageRowActions({ pkg, canEdit, onEdit }: PackageRowActionsProps) {
  const copy = useCopyShareUrl();
  if (pkg.status === 'revoked') return <Typography.Text type="secondary">{MESSAGES.empty}</Typography.Text>;
  return (
    <Flex vertical align="flex-start" gap={2} data-testid={`package-actions-${pkg.id}`}>
      <Flex align="center" wrap={false}>
        <Tooltip title="复制手机链接">
          <Button
            type="text"
            size="small"
            icon={<MobileOutlined />}
            onClick={() => void copy(pkg.mobile_url)}
            aria-label="复制手机链接"
            data-testid={`package-copy-mobile-${pkg.id}`}
          />
        </Tooltip>
        <Tooltip title="复制电脑链接">
          <Button
            type="text"
            size="small"
            icon={<DesktopOutlined />}
            onClick={() => void copy(pkg.desktop_url)}
            aria-label="复制电脑链接"
            data-testid={`package-copy-desktop-${pkg.id}`}
          />
        </Tooltip>
        <Popover
          trigger="click"
          title="微信扫码打开"
          content={<ShareQrCode path={pkg.mobile_url} />}
          destroyOnHidden
        >
          <Tooltip title="二维码">
            <Button
              type="text"
              size="small"
              icon={<QrcodeOutlined />}
              aria-label="二维码"
              data-testid={`package-qr-${pkg.id}`}
            />
          </Tooltip>
        </Popover>
      </Flex>
      {canEdit && (
        <Flex align="center" wrap={false}>
          <Button
            type="link"
            size="small"
            style={TIGHT}
            onClick={onEdit}
            data-testid={`package-edit-${pkg.id}`}
          >
            编辑
          </Button>
          <ExtendExpiry pkg={pkg} />
          <RevokePackage pkg={pkg} />
        </Flex>
      )}
    </Flex>
  );
}
