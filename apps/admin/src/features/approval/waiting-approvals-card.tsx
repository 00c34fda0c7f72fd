import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toAdminRoute } from '@trackit/contract/admin-paths';
import type { WaitingApproval } from '@trackit/contract/approval.schema';
import { businessDateTime } from '@trackit/contract/business-time';
import { MESSAGES } from '@trackit/contract/messages';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { WAITING_PER_PAGE, waitingApprovalsQuery } from './approval.queries';

const columns: TableColumnsType<WaitingApproval> = [
  {
    title: '类型',
    dataIndex: 'kind_label',
    width: 88,
    render: (label: string) => <Tag>{label}</Tag>,
  },
  {
    title: '审批事项',
    dataIndex: 'subject',
    ellipsis: true,
    render: (subject: string, item) => {
      const to = toAdminRoute(item.link);
      const text = subject || `${item.kind_label} ${item.record_id}`;
      return to ? (
        <Link to={to} data-testid={`waiting-approval-${item.id}`}>
          {text}
        </Link>
      ) : (
        text
      );
    },
  },
  {
    title: '提交人',
    dataIndex: 'requested_by',
    width: 120,
    render: (member: WaitingApproval['requested_by']) => member?.nickname ?? MESSAGES.empty,
  },
  {
    title: '提交时间',
    dataIndex: 'requested_at',
    width: 160,
    render: (at: string) => businessDateTime(at),
  },
];

/**
 * 待我审批: the open requests of every kind the member approves (orders today; finance adds its own), the
 * oldest first, each opening its record where the decision is made.
 */
export function WaitingApprovalsCard() {
  const [page, setPage] = useState(1);
  const waiting = useQuery({ ...waitingApprovalsQuery(page), placeholderData: keepPreviousData });
  return (
    <Card size="small" title="待我审批" data-testid="waiting-approvals">
      <QueryState
        query={waiting}
        loading={{ rows: 3 }}
        empty={{
          when: (answer) => answer.total === 0,
          text: '暂无待审批事项',
          testId: 'waiting-approvals-empty',
        }}
      >
        {(answer) => (
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={answer.data}
            loading={waiting.isFetching && waiting.isPlaceholderData}
            pagination={
              answer.total > WAITING_PER_PAGE
                ? {
                    current: page,
                    pageSize: WAITING_PER_PAGE,
                    total: answer.total,
                    onChange: setPage,
                    showSizeChanger: false,
                    size: 'small',
                  }
                : false
            }
          />
        )}
      </QueryState>
    </Card>
  );
}
