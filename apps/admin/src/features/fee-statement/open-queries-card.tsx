import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { OpenQueries } from '@trackit/contract/fee-statement.schema';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { openQueriesQuery } from './fee-statement.queries';

type Item = OpenQueries['items'][number];

/** Where staff answer a query: the order's 财务详情, or the client company's page (its period statements). */
const whereAnswered = (item: Item) =>
  toAdminRoute(item.order ? ADMIN_PATHS.financeOrder(item.order.id) : ADMIN_PATHS.company(item.company.id)) ??
  '/';

/**
 * 对账单疑问 on the finance dashboard (docs/product.md "Fee statements"): how many clients' queries are not
 * resolved, and the oldest, each opening the page where staff reply and resolve it. Loads on its own.
 */
export function OpenQueriesCard() {
  const query = useQuery(openQueriesQuery);
  return (
    <Card
      size="small"
      title="对账单疑问（未解决）"
      extra={
        query.data && (
          <Typography.Text strong data-testid="open-queries-count">
            {query.data.count} 个
          </Typography.Text>
        )
      }
      data-testid="open-queries"
    >
      <QueryState query={query} loading={{ rows: 2 }}>
        {(answer) =>
          answer.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待处理的疑问" />
          ) : (
            <Flex vertical gap={8}>
              {answer.items.map((item) => (
                <Flex key={item.id} justify="space-between" gap={12} wrap data-testid="open-query">
                  <Link to={whereAnswered(item)}>
                    {item.replied ? <Tag color="processing">已回复</Tag> : <Tag color="warning">待回复</Tag>}
                    {item.company.name}
                    {item.order ? ` · 订单 ${item.order.number}` : ' · 期间对账单'}
                  </Link>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: '55%' }}>
                    {formatDate(item.at, DATE_FORMATS.date)} {item.name}：{item.comment}
                  </Typography.Text>
                </Flex>
              ))}
            </Flex>
          )
        }
      </QueryState>
    </Card>
  );
}
