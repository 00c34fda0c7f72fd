import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import { Empty, Flex, Pagination, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { ListError } from '../../components/list/list-error';
import { ChangeList, OperationSentence } from '../../components/operation-entry';
import { modelHistoryQuery } from './model.queries';

const PAGE_SIZE = 20;

/**
 * A model's 操作记录: who changed what and when, on the model, its trips and its folders, newest first;
 * a folder's entries link to the folder.
 */
export function ModelHistory({ modelId }: { modelId: number }) {
  const [page, setPage] = useState(1);
  const history = useQuery(modelHistoryQuery(modelId, page));

  if (history.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (history.isError && !history.data) {
    return (
      <ListError error={history.error} retrying={history.isFetching} onRetry={() => history.refetch()} />
    );
  }
  const { data: entries, total } = history.data;
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有操作记录" />;
  }
  return (
    <Flex vertical gap={16} data-testid="model-history">
      <Timeline
        items={entries.map((entry) => ({
          key: entry.id,
          content: (
            <Flex vertical gap={2} data-testid="model-history-entry">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(entry.created_at, DATE_FORMATS.dateTime)}
              </Typography.Text>
              <span>
                <Typography.Text strong>{entry.member?.nickname ?? MESSAGES.empty}</Typography.Text>{' '}
                <OperationSentence
                  sentence={entry.sentence}
                  link={entry.link}
                  hideLinkTo={ADMIN_PATHS.model(modelId)}
                />
              </span>
              {entry.changes.length > 0 && <ChangeList changes={entry.changes} />}
            </Flex>
          ),
        }))}
      />
      {total > PAGE_SIZE && (
        <Pagination
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}
