import { formatDate } from '@trackit/client/format';
import {
  FEE_STATEMENT_LIMITS,
  isQueryOpen,
  type PublicFeeStatement,
} from '@trackit/contract/fee-statement.schema';
import { INVOICE_TYPE_LABELS, INVOICE_TYPES, type InvoiceType } from '@trackit/contract/finance-enums';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { SectionTitle } from '../../components/share-frame';
import sheet from '../../components/statement-sheet.module.css';
import { useAnswerStatement } from './fee-statement.queries';
import styles from './fee-statement-page.module.css';

type Dialog = 'confirm' | 'query' | 'invoiceInfo' | null;

const nameRule = [{ required: true, whitespace: true, message: '*请输入您的姓名' }];

interface InvoiceInfoForm {
  type: InvoiceType;
  buyer_name: string;
  tax_id: string;
  address_phone?: string;
  bank_account?: string;
  name: string;
}

/**
 * What the client can answer on the statement (docs/product.md "Fee statements"): confirm it, query a
 * line, submit invoice details. Each goes to the agency; the statement shown is then the server's answer.
 * Hidden when printed.
 */
export function StatementAnswers({ shareId, statement }: { shareId: string; statement: PublicFeeStatement }) {
  const [open, setOpen] = useState<Dialog>(null);
  const answer = useAnswerStatement(shareId);
  const [confirmForm] = Form.useForm<{ name: string }>();
  const [queryForm] = Form.useForm<{ fee_line_id?: number; comment: string; name: string }>();
  const [infoForm] = Form.useForm<InvoiceInfoForm>();
  const type = Form.useWatch('type', infoForm);
  const close = () => setOpen(null);
  const done = { onSuccess: close };
  const info = statement.invoice_info;

  return (
    <section className={`${sheet.block} ${styles.answers}`} data-testid="answers">
      <SectionTitle title="确认与反馈" />
      <div className={styles.answerRow}>
        {statement.confirmation ? (
          <div className={styles.confirmation} data-testid="confirmation">
            已由 {statement.confirmation.name} 于 {formatDate(statement.confirmation.at, 'YYYY-MM-DD HH:mm')}{' '}
            确认
          </div>
        ) : (
          <Button type="primary" onClick={() => setOpen('confirm')} data-testid="open-confirm">
            确认对账单
          </Button>
        )}
        <Button onClick={() => setOpen('query')} data-testid="open-query">
          对费用有疑问
        </Button>
        <Button onClick={() => setOpen('invoiceInfo')} data-testid="open-invoice-info">
          {info ? '更新开票信息' : '提交开票信息'}
        </Button>
      </div>
      {info && (
        <div className={styles.note} data-testid="invoice-info">
          已提交开票信息：{INVOICE_TYPE_LABELS[info.type]} · {info.buyer.name} · {info.buyer.tax_id}
        </div>
      )}
      {statement.queries.length > 0 && (
        <ul className={styles.queries} data-testid="queries">
          {statement.queries.map((query) => {
            const line = statement.lines.find((one) => one.fee_line_id === query.fee_line_id);
            return (
              <li key={query.id} data-testid="query">
                <span className={styles.queryWho}>
                  {query.name} · {formatDate(query.at, 'YYYY-MM-DD HH:mm')}
                  {line && ` · ${line.model_name}`}
                  {' · '}
                  {isQueryOpen(query) ? (query.reply ? '已回复' : '待回复') : '已解决'}
                </span>
                <span>{query.comment}</span>
                {query.reply && (
                  <div className={styles.reply} data-testid="query-reply">
                    <span className={styles.queryWho}>
                      {statement.team_name} 回复 · {formatDate(query.reply.at, 'YYYY-MM-DD HH:mm')}
                    </span>
                    <span>{query.reply.text}</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <Modal
        title="确认对账单"
        open={open === 'confirm'}
        onCancel={close}
        onOk={() => confirmForm.submit()}
        okText="确认"
        confirmLoading={answer.isPending}
        destroyOnHidden
      >
        <p className={styles.modalNote}>确认后我们将收到通知。请核对费用明细与收款账户。</p>
        <Form
          form={confirmForm}
          layout="vertical"
          onFinish={(values) => answer.mutate({ kind: 'confirm', body: values }, done)}
        >
          <Form.Item name="name" label="您的姓名" rules={nameRule}>
            <Input maxLength={FEE_STATEMENT_LIMITS.name} data-testid="confirm-name" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title="对费用有疑问"
        open={open === 'query'}
        onCancel={close}
        onOk={() => queryForm.submit()}
        okText="发送"
        confirmLoading={answer.isPending}
        destroyOnHidden
      >
        <Form
          form={queryForm}
          layout="vertical"
          onFinish={(values) => answer.mutate({ kind: 'query', body: values }, done)}
        >
          <Form.Item name="fee_line_id" label="哪一条费用（可不选）">
            <Select
              allowClear
              placeholder="整张对账单"
              options={statement.lines.map((line) => ({
                value: line.fee_line_id,
                label: `${line.model_name} · ${line.description}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="comment"
            label="您的疑问"
            rules={[{ required: true, whitespace: true, message: '*请填写您的疑问' }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={FEE_STATEMENT_LIMITS.comment}
              showCount
              data-testid="query-comment"
            />
          </Form.Item>
          <Form.Item name="name" label="您的姓名" rules={nameRule}>
            <Input maxLength={FEE_STATEMENT_LIMITS.name} data-testid="query-name" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title="开票信息"
        open={open === 'invoiceInfo'}
        onCancel={close}
        onOk={() => infoForm.submit()}
        okText="提交"
        confirmLoading={answer.isPending}
        destroyOnHidden
        width={560}
      >
        <Form
          form={infoForm}
          layout="vertical"
          initialValues={{
            type: info?.type ?? 'ordinary',
            buyer_name: info?.buyer.name ?? statement.client_name,
            tax_id: info?.buyer.tax_id,
            address_phone: info?.buyer.address_phone,
            bank_account: info?.buyer.bank_account,
          }}
          onFinish={(values) =>
            answer.mutate(
              {
                kind: 'invoiceInfo',
                body: {
                  type: values.type,
                  name: values.name,
                  buyer: {
                    name: values.buyer_name,
                    tax_id: values.tax_id,
                    address_phone: values.address_phone ?? '',
                    bank_account: values.bank_account ?? '',
                  },
                },
              },
              done,
            )
          }
        >
          <Form.Item name="type" label="发票类型">
            <Radio.Group
              options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }))}
            />
          </Form.Item>
          <Form.Item
            name="buyer_name"
            label="购方名称"
            rules={[{ required: true, whitespace: true, message: '*请输入购方名称' }]}
          >
            <Input maxLength={100} data-testid="buyer-name" />
          </Form.Item>
          <Form.Item
            name="tax_id"
            label="纳税人识别号"
            rules={[{ required: true, whitespace: true, message: '*请输入纳税人识别号' }]}
          >
            <Input maxLength={24} data-testid="buyer-tax-id" />
          </Form.Item>
          <Form.Item
            name="address_phone"
            label="地址电话"
            rules={[{ required: type === 'special', whitespace: true, message: '*数电专票须填写地址电话' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="bank_account"
            label="开户行及账号"
            rules={[
              { required: type === 'special', whitespace: true, message: '*数电专票须填写开户行及账号' },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="name" label="您的姓名" rules={nameRule}>
            <Input maxLength={FEE_STATEMENT_LIMITS.name} data-testid="info-name" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
