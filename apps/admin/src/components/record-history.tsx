import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallOptions, Page } from '@trackit/client/api-client';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { MESSAGES } from '@trackit/contract/messages';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import { Flex, Pagination, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { ChangeList, OperationSentence } from './operation-entry';
import { QueryState } from './query-state';

const PAGE_SIZE = 20;

/** The call of a record's history endpoint, for the generic helper below (the client types each concrete call). */
type CallHistory = (
  endpoint: EndpointSpec,
  input: { params: { id: number }; query: { page: number; per_page: number } },
  options: CallOptions,
) => Promise<Page<RecordHistoryEntry>>;

/**
 * A record's history query for `<domain>.queries.ts`, in one line:
 * `export const companyHistoryQuery = recordHistoryQuery(companyKeys.history, endpoints.company.history);`
 */
export const recordHistoryQuery =
  (keyOf: (id: number) => readonly unknown[], endpoint: EndpointSpec) => (id: number, page: number) =>
    queryOptions({
      queryKey: [...keyOf(id), page],
      queryFn: ({ signal }) =>
        (api.call as CallHistory)(
          endpoint,
          { params: { id }, query: { page, per_page: PAGE_SIZE } },
          { signal },
        ),
      placeholderData: keepPreviousData,
    });

export type RecordHistoryQuery = ReturnType<typeof recordHistoryQuery>;

export interface RecordHistoryProps {
  /** The feature's history query (from `recordHistoryQuery`). */
  query: RecordHistoryQuery;
  recordId: number;
  /** The record's own admin address: its entries need no 查看, the member is on that page. */
  selfLink: string;
  testId?: string;
}

/**
 * A record's 操作记录: who did what and when, newest first, with the changed fields; entries about a
 * related record (a model's folder, a company's contact) link to it.
 */
export function RecordHistory({ query, recordId, selfLink, testId = 'record-history' }: RecordHistoryProps) {
  const [page, setPage] = useState(1);
  const history = useQuery(query(recordId, page));

  return (
    <QueryState
      query={history}
      empty={{ when: (answer) => answer.data.length === 0, text: '还没有操作记录' }}
    >
      {({ data: entries, total }) => (
        <Flex vertical gap={16} data-testid={testId}>
          <Timeline
            items={entries.map((entry) => ({
              key: entry.id,
              content: (
                <Flex vertical gap={2} data-testid={`${testId}-entry`}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDate(entry.created_at, DATE_FORMATS.dateTime)}
                  </Typography.Text>
                  <span>
                    <Typography.Text strong>{entry.member?.nickname ?? MESSAGES.empty}</Typography.Text>{' '}
                    <OperationSentence sentence={entry.sentence} link={entry.link} hideLinkTo={selfLink} />
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
      )}
    </QueryState>
  );
}
