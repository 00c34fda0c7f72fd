import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  FEE_STATEMENT_LIMITS,
  FEE_STATEMENT_MESSAGES,
  type FeeStatement,
  type FeeStatementQueryAnswer,
  isQueryOpen,
} from '@trackit/contract/fee-statement.schema';
import { Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAnswerQuery } from './fee-statement.queries';

interface ReplyForm {
  reply: string;
  resolve: boolean;
}

/** 回复: the reply the client will read on the statement page, and whether the query is resolved with it. */
function ReplyDialog({ query, onClose }: { query: FeeStatementQueryAnswer; onClose: () => void }) {
  const answer = useAnswerQuery();
  const [form] = Form.useForm<ReplyForm>();
  return (
    <Modal
      open
      title="回复客户的疑问"
      okText="发送回复"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={answer.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'query-reply-send' }}
    >
      <Typography.Paragraph type="secondary">
        {query.name}：{query.comment}
      </Typography.Paragraph>
      <Form<ReplyForm>
        form={form}
        layout="vertical"
        initialValues={{ reply: query.reply?.text ?? '', resolve: true }}
        onFinish={(values) => answer.mutate({ id: query.id, body: values }, { onSuccess: onClose })}
      >
        <Form.Item
          name="reply"
          label="回复（客户在对账单页面可见）"
          rules={[{ required: true, whitespace: true, message: FEE_STATEMENT_MESSAGES.replyOrResolve }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={FEE_STATEMENT_LIMITS.comment}
            showCount
            data-testid="query-reply-text"
          />
        </Form.Item>
        <Form.Item name="resolve" valuePropName="checked">
          <Checkbox data-testid="query-reply-resolve">同时标记为已解决</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A query's state in a word: open (待回复 / 已回复) or resolved (已解决). */
function QueryStatus({ query }: { query: FeeStatementQueryAnswer }) {
  if (!isQueryOpen(query)) return <Tag color="success">已解决</Tag>;
  return query.reply ? <Tag color="processing">已回复</Tag> : <Tag color="warning">待回复</Tag>;
}

/**
 * The client's queries on a statement, each with staff's reply and its state; 回复 and 标记已解决 for
 * `accounting` edit (docs/product.md "Fee statements").
 */
export function StatementQueries({ statement, editable }: { statement: FeeStatement; editable: boolean }) {
  const answer = useAnswerQuery();
  const [replying, setReplying] = useState<FeeStatementQueryAnswer | null>(null);
  return (
    <>
      {statement.queries.map((query) => (
        <Flex
          key={query.id}
          vertical
          gap={2}
          data-testid={`fee-statement-query-${statement.id}`}
          data-query-id={query.id}
        >
          <Typography.Text>
            <QueryStatus query={query} />
            {query.name}：{query.comment}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(query.at, DATE_FORMATS.dateTime)}
          </Typography.Text>
          {query.reply && (
            <Typography.Text data-testid={`fee-statement-query-reply-${query.id}`}>
              回复：{query.reply.text}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {' '}
                · {formatDate(query.reply.at, DATE_FORMATS.dateTime)}
              </Typography.Text>
            </Typography.Text>
          )}
          {editable && isQueryOpen(query) && (
            <Flex gap={4}>
              <Button
                size="small"
                onClick={() => setReplying(query)}
                data-testid={`fee-statement-query-reply-open-${query.id}`}
              >
                {query.reply ? '修改回复' : '回复'}
              </Button>
              <Popconfirm
                title="标记为已解决？客户将看到此疑问已解决"
                onConfirm={() => answer.mutateAsync({ id: query.id, body: { reply: '', resolve: true } })}
              >
                <Button size="small" type="link" data-testid={`fee-statement-query-resolve-${query.id}`}>
                  标记已解决
                </Button>
              </Popconfirm>
            </Flex>
          )}
        </Flex>
      ))}
      {replying && <ReplyDialog query={replying} onClose={() => setReplying(null)} />}
    </>
  );
}
