import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  FEE_STATEMENT_STATUS_LABELS,
  type FeeStatement,
  type FeeStatementStatus,
  isQueryOpen,
} from '@trackit/contract/fee-statement.schema';
import { INVOICE_TYPE_LABELS } from '@trackit/contract/finance-enums';
import { Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { useCopyShareUrl } from '../../components/share-links';
import { useCan } from '../../layouts/use-permission-level';
import { type FeeStatementScope, feeStatementsQuery, useRevokeFeeStatement } from './fee-statement.queries';
import { FeeStatementDrawer } from './fee-statement-drawer';
import { StatementQueries } from './fee-statement-queries';

const STATUS_COLORS: Record<FeeStatementStatus, string> = {
  live: 'processing',
  expired: 'default',
  revoked: 'default',
};

/**
 * What the client answered: 已确认 (with the open queries beside it: a confirmed statement may still be
 * questioned), queries with staff's replies, invoice details.
 */
function Answers({ statement, editable }: { statement: FeeStatement; editable: boolean }) {
  const info = statement.invoice_infos.at(-1);
  const open = statement.queries.filter(isQueryOpen).length;
  return (
    <Flex vertical gap={4}>
      {(statement.confirmation || open > 0) && (
        <span>
          {statement.confirmation && (
            <Tag color="success" data-testid={`fee-statement-confirmed-${statement.id}`}>
              已确认
            </Tag>
          )}
          {open > 0 && (
            <Tag color="warning" data-testid={`fee-statement-open-queries-${statement.id}`}>
              {open} 个疑问未解决
            </Tag>
          )}
          {statement.confirmation &&
            `${statement.confirmation.name} · ${formatDate(statement.confirmation.at, DATE_FORMATS.dateTime)}`}
        </span>
      )}
      <StatementQueries statement={statement} editable={editable} />
      {info && (
        <Typography.Text type="secondary" data-testid={`fee-statement-invoice-info-${statement.id}`}>
          开票信息：{INVOICE_TYPE_LABELS[info.type]} · {info.buyer.name} · {info.buyer.tax_id}
        </Typography.Text>
      )}
      {!statement.confirmation && statement.queries.length === 0 && !info && (
        <Typography.Text type="secondary">暂无</Typography.Text>
      )}
    </Flex>
  );
}

function columns(
  editable: boolean,
  copy: (path: string) => void,
  revoke: ReturnType<typeof useRevokeFeeStatement>,
): TableColumnsType<FeeStatement> {
  return [
    {
      title: '对账内容',
      key: 'what',
      render: (_, statement) => (
        <Flex vertical>
          <span>
            {statement.order ? `订单 ${statement.order.number}` : `${statement.from} 至 ${statement.to}`}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {statement.team_recipient.short_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '链接',
      key: 'status',
      render: (_, statement) => (
        <Flex vertical>
          <Tag color={STATUS_COLORS[statement.status]} style={{ width: 'fit-content' }}>
            {FEE_STATEMENT_STATUS_LABELS[statement.status]}
          </Tag>
          {statement.expires_at && statement.status === 'live' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              至 {formatDate(statement.expires_at, DATE_FORMATS.date)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '客户反馈',
      key: 'answers',
      render: (_, statement) => <Answers statement={statement} editable={editable} />,
    },
    {
      title: '分享人',
      key: 'created',
      render: (_, statement) => (
        <Flex vertical>
          <span>{statement.created_by?.nickname ?? '—'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(statement.created_at, DATE_FORMATS.dateTime)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, statement) =>
        statement.status === 'live' && (
          <Flex gap={4}>
            <Button
              type="link"
              size="small"
              onClick={() => copy(statement.url)}
              data-testid={`fee-statement-copy-${statement.id}`}
            >
              复制链接
            </Button>
            {editable && (
              <Popconfirm
                title="撤销后客户将无法再打开此链接，确定撤销？"
                okButtonProps={{ danger: true }}
                onConfirm={() => revoke.mutateAsync(statement.id)}
              >
                <Button type="link" size="small" danger data-testid={`fee-statement-revoke-${statement.id}`}>
                  撤销
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ),
    },
  ];
}

/**
 * 对账单 of an order (财务详情) or of a client company (its page), for `accounting` read: the statements
 * shared with what the client answered (已确认, queries, invoice details); 分享对账单, 复制链接 and 撤销 for
 * `accounting` edit (docs/product.md "Fee statements").
 */
export function FeeStatementSection({ scope }: { scope: FeeStatementScope }) {
  const readable = useCan('accounting', 'read');
  const editable = useCan('accounting', 'edit');
  const query = useQuery({ ...feeStatementsQuery(scope), enabled: readable });
  const revoke = useRevokeFeeStatement();
  const copy = useCopyShareUrl();
  const [sharing, setSharing] = useState(false);
  if (!readable) return null;
  return (
    <Card
      title="对账单"
      data-testid="fee-statements"
      extra={
        editable && (
          <Button onClick={() => setSharing(true)} data-testid="fee-statement-share">
            分享对账单
          </Button>
        )
      }
    >
      <QueryState
        query={query}
        loading={{ rows: 2 }}
        empty={{
          when: (page) => page.data.length === 0,
          text: '还没有分享过对账单',
          testId: 'fee-statements-empty',
        }}
      >
        {(page) => (
          <Table<FeeStatement>
            size="small"
            rowKey="id"
            pagination={false}
            columns={columns(editable, (path) => void copy(path), revoke)}
            dataSource={page.data}
            data-testid="fee-statement-list"
          />
        )}
      </QueryState>
      {sharing && <FeeStatementDrawer scope={scope} onClose={() => setSharing(false)} />}
    </Card>
  );
}
