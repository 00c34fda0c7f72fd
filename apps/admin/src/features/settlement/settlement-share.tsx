import { DownloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  SETTLEMENT_SHARE_EXPIRY_DAYS,
  SETTLEMENT_SHARE_STATUS_LABELS,
  type SettlementShare as Share,
} from '@trackit/contract/settlement-share.schema';
import { Alert, Button, Flex, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { shareUrl, useCopyShareUrl } from '../../components/share-links';
import { useCan } from '../../layouts/use-permission-level';
import {
  financeSettingsQuery,
  settlementShareQuery,
  useDownloadSettlementPdf,
  useRevokeSettlementShare,
  useShareSettlement,
} from './settlement-share.queries';

interface SettlementRef {
  id: number;
  number: string;
}

const STATUS_COLORS: Record<Share['status'], string> = {
  live: 'processing',
  expired: 'default',
  revoked: 'error',
};

/** The link as it stands: its address to copy, its expiry, and 撤销 (edit). */
function LiveLink({
  share,
  settlementId,
  editable,
}: {
  share: Share;
  settlementId: number;
  editable: boolean;
}) {
  const copy = useCopyShareUrl();
  const revoke = useRevokeSettlementShare(settlementId);
  const url = shareUrl(share.url);
  return (
    <Flex vertical gap={8} data-testid="settlement-share-link">
      <Typography.Paragraph
        copyable={{ text: url, tooltips: ['复制', '已复制'] }}
        style={{ margin: 0, wordBreak: 'break-all' }}
        data-testid="settlement-share-url"
      >
        {url}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {share.expires_at ? `有效期至 ${formatDate(share.expires_at, DATE_FORMATS.date)}` : '长期有效'}
      </Typography.Text>
      <Flex gap={8}>
        <Button type="primary" onClick={() => void copy(share.url)} data-testid="settlement-share-copy">
          复制链接
        </Button>
        {editable && (
          <Popconfirm
            title="撤销后模特将无法再打开此链接，确定撤销？"
            okText="撤销"
            cancelText="取消"
            onConfirm={() => revoke.mutateAsync()}
          >
            <Button danger loading={revoke.isPending} data-testid="settlement-share-revoke">
              撤销
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}

/** The dialog of 分享给模特: the link, or making one (edit). */
function ShareDialog({ settlement, onClose }: { settlement: SettlementRef; onClose: () => void }) {
  const editable = useCan('accounting', 'edit');
  const query = useQuery(settlementShareQuery(settlement.id));
  const settings = useQuery(financeSettingsQuery);
  const share = useShareSettlement(settlement.id);
  return (
    <Modal
      open
      title={`分享给模特 · ${settlement.number}`}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="settlement-share-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          模特无需登录即可查看本结算单的明细、个税、扣款与实付金额，并可下载 PDF；链接{' '}
          {SETTLEMENT_SHARE_EXPIRY_DAYS} 天后过期。
          {settings.data &&
            (settings.data.show_client_fees_to_models
              ? '当前设置：显示每条费用的客户费用。'
              : '当前设置：不显示客户费用。')}
        </Typography.Text>
        <QueryState query={query} loading={{ rows: 2 }}>
          {(current) =>
            current?.status === 'live' ? (
              <LiveLink share={current} settlementId={settlement.id} editable={editable} />
            ) : (
              <Flex vertical gap={8}>
                {current && (
                  <span>
                    上一个链接
                    <Tag color={STATUS_COLORS[current.status]} style={{ marginLeft: 8 }}>
                      {SETTLEMENT_SHARE_STATUS_LABELS[current.status]}
                    </Tag>
                  </span>
                )}
                {editable ? (
                  <Button
                    type="primary"
                    icon={<ShareAltOutlined />}
                    loading={share.isPending}
                    onClick={() => share.mutate()}
                    data-testid="settlement-share-create"
                  >
                    生成分享链接
                  </Button>
                ) : (
                  <Alert type="info" showIcon title="还没有可用的分享链接，需财务编辑权限生成" />
                )}
              </Flex>
            )
          }
        </QueryState>
      </Flex>
    </Modal>
  );
}

/**
 * A settlement's page: 下载PDF (the model's statement) and 分享给模特 (the share link, copied or revoked),
 * for `accounting` read; making or revoking the link needs edit (docs/product.md "Model settlements").
 */
export function SettlementShare({ settlement }: { settlement: SettlementRef }) {
  const [open, setOpen] = useState(false);
  const download = useDownloadSettlementPdf();
  return (
    <Flex gap={8}>
      <Button
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => download.mutate(settlement)}
        data-testid="settlement-pdf"
      >
        下载PDF
      </Button>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="settlement-share">
        分享给模特
      </Button>
      {open && <ShareDialog settlement={settlement} onClose={() => setOpen(false)} />}
    </Flex>
  );
}
