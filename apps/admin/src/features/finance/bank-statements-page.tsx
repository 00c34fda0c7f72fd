import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  BANK_COLUMN_ROLE_LABELS,
  BANK_FORMAT_LABELS,
  BANK_LINE_STATUS_LABELS,
  BANK_LINE_STATUSES,
  BANK_STATEMENT_LIMITS,
  type BankColumnRole,
  type BankImport,
  type BankImportQueryInput,
  type BankImportResult,
  type BankLine,
  type BankLineQuery,
  type BankLineStatus,
  bankLineQuerySchema,
} from '@trackit/contract/bank-statement.schema';
import { formatYuan } from '@trackit/contract/money';
import { Alert, Button, Card, Flex, Form, Segmented, Select, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { useCan } from '../../layouts/use-permission-level';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import { BankLineDrawer } from './bank-line-drawer';
import { bankLineListQuery, useImportBankStatement } from './bank-statements.queries';

/** The roles a mapping offers, the required ones first. */
const MAPPED_ROLES: BankColumnRole[] = [
  'date',
  'payer_name',
  'credit',
  'amount',
  'direction',
  'payer_account',
  'summary',
  'remark',
  'serial',
];
const REQUIRED_ROLES = new Set<BankColumnRole>(['date', 'payer_name']);

/** What an import found, in a sentence. */
const importSentence = (found: BankImport) =>
  `${BANK_FORMAT_LABELS[found.format]}流水：读到 ${found.credits} 笔收入，新增 ${found.new_lines} 笔` +
  (found.duplicates > 0 ? `，${found.duplicates} 笔此前已导入（不会重复登记）` : '') +
  (found.skipped > 0 ? `；跳过 ${found.skipped} 行支出或非交易行` : '');

/** Upload a statement; when its bank is not recognised, map its columns and upload it again. */
function ImportCard() {
  const entities = useQuery(teamRecipientOptionsQuery);
  const entityOptions = (entities.data?.data ?? []).map((entity) => ({
    value: entity.id,
    label: entity.short_name,
  }));
  const defaultEntity = (entities.data?.data ?? []).find((entity) => entity.is_default)?.id;
  const [recipientId, setRecipientId] = useState<number | undefined>();
  const chosenRecipient = recipientId ?? defaultEntity;
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<BankColumnRole, string>>>({});
  const upload = useImportBankStatement();

  const send = (chosen: File, withMapping: boolean) => {
    if (!chosenRecipient) return;
    const query: BankImportQueryInput = {
      team_recipient_id: chosenRecipient,
      file_name: chosen.name.slice(0, 200),
    };
    if (withMapping)
      for (const role of MAPPED_ROLES) {
        const header = mapping[role];
        if (header) Object.assign(query, { [`map_${role}`]: header });
      }
    upload.mutate({ file: chosen, query }, { onSuccess: setResult });
  };
  const mappingReady = Boolean(mapping.date && mapping.payer_name && (mapping.credit || mapping.amount));

  return (
    <Card title="导入银行流水" data-testid="bank-import">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          上传网银导出的账户明细（CSV 或 Excel .xlsx，不超过 {BANK_STATEMENT_LIMITS.bytes / 1024 / 1024} MB、
          {BANK_STATEMENT_LIMITS.rows}{' '}
          行）。工商银行、招商银行、建设银行的导出按表头自动识别，其他银行可按列对应。
          只读取收入（贷方），同一笔流水重复导入不会重复保存。
        </Typography.Text>
        <Flex gap={12} wrap align="center">
          <span>收款账户</span>
          <Select
            style={{ width: 200 }}
            options={entityOptions}
            value={chosenRecipient}
            onChange={setRecipientId}
            loading={entities.isLoading}
            data-testid="bank-import-recipient"
          />
          <Upload
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            // No file is taken before an account is chosen (the entities still loading, say).
            disabled={!chosenRecipient}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setResult(null);
              setMapping({});
              send(chosen, false);
              return false;
            }}
          >
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              disabled={!chosenRecipient}
              data-testid="bank-import-upload"
            >
              选择文件并导入
            </Button>
          </Upload>
          {file ? <Typography.Text type="secondary">{file.name}</Typography.Text> : null}
        </Flex>
        {upload.error ? (
          <Alert type="error" showIcon message={upload.error.message} data-testid="bank-import-error" />
        ) : null}
        {result?.import ? (
          <Alert
            type="success"
            showIcon
            message={importSentence(result.import)}
            data-testid="bank-import-result"
          />
        ) : null}
        {result?.needs_mapping ? (
          <Flex vertical gap={12} data-testid="bank-import-mapping">
            <Alert
              type="info"
              showIcon
              message="没有识别出这家银行的表头，请指出每一列是什么（交易日期、对方户名，以及贷方金额或交易金额必选）"
            />
            <Form layout="inline" style={{ rowGap: 8 }}>
              {MAPPED_ROLES.map((role) => (
                <Form.Item
                  key={role}
                  label={BANK_COLUMN_ROLE_LABELS[role]}
                  required={REQUIRED_ROLES.has(role)}
                >
                  <Select
                    allowClear
                    style={{ width: 150 }}
                    placeholder="不对应"
                    value={mapping[role]}
                    options={result.headers.map((header) => ({ value: header, label: header }))}
                    onChange={(header?: string) => setMapping((current) => ({ ...current, [role]: header }))}
                    data-testid={`bank-map-${role}`}
                  />
                </Form.Item>
              ))}
            </Form>
            <Table
              size="small"
              pagination={false}
              rowKey={(_, index) => String(index)}
              dataSource={result.sample.map((cells) => ({ cells }))}
              columns={result.headers.map((header, index) => ({
                title: header,
                key: header,
                render: (_: unknown, row: { cells: string[] }) => row.cells[index] ?? '',
              }))}
              scroll={{ x: true }}
            />
            <div>
              <Button
                type="primary"
                disabled={!mappingReady || !file}
                loading={upload.isPending}
                onClick={() => file && send(file, true)}
                data-testid="bank-import-mapped"
              >
                按此对应导入
              </Button>
            </div>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

const columnsFor = (
  onRecord: (line: BankLine) => void,
  editable: boolean,
): DataTableColumn<BankLine, BankLineQuery>[] => [
  { title: '交易日期', dataIndex: 'transacted_on', width: 110 },
  {
    title: '付款方',
    key: 'payer',
    kind: 'title',
    render: (_: unknown, line) => (
      <>
        <Typography.Text>{line.payer_name || '（未写付款方）'}</Typography.Text>
        {line.payer_account ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {line.payer_account}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: '金额',
    dataIndex: 'amount',
    kind: 'money',
    align: 'right',
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '摘要 / 流水号',
    key: 'summary',
    minWidth: 200,
    render: (_: unknown, line) => (
      <>
        <Typography.Text ellipsis={{ tooltip: line.summary }} style={{ maxWidth: 260 }}>
          {line.summary || '—'}
        </Typography.Text>
        {line.serial ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {line.serial}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: '收款主体',
    key: 'recipient',
    width: 110,
    render: (_: unknown, line) => line.team_recipient.short_name,
  },
  {
    title: '建议',
    key: 'suggestion',
    minWidth: 180,
    render: (_: unknown, line) => {
      if (line.status === 'ignored')
        return <Typography.Text type="secondary">{line.ignore_reason}</Typography.Text>;
      if (line.status === 'recorded') return <Tag color="green">{BANK_LINE_STATUS_LABELS.recorded}</Tag>;
      const [company] = line.companies;
      const invoiced = line.invoices.filter((invoice) => invoice.suggested > 0);
      if (!company) return <Tag color="orange">未匹配客户</Tag>;
      return (
        <>
          <Typography.Text>{company.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {invoiced.length > 0
              ? `核销 ${invoiced.length} 张发票 ${formatYuan(invoiced.reduce((sum, invoice) => sum + invoice.suggested, 0))}`
              : '无未收发票，记为预收款'}
          </Typography.Text>
        </>
      );
    },
  },
  {
    title: '操作',
    key: 'actions',
    width: 90,
    render: (_: unknown, line) =>
      line.status === 'open' && editable ? (
        <Button
          size="small"
          type="link"
          onClick={() => onRecord(line)}
          data-testid={`bank-line-open-${line.id}`}
        >
          登记
        </Button>
      ) : null,
  },
];

/**
 * 银行流水 (/admin/finance/bank_statements, docs/product.md "Bank statement import"): upload a bank's
 * statement export, then the credits not yet recorded (oldest first) with the client and invoices each is
 * suggested for; 登记 opens the credit to confirm and record it (receipt and allocations in one step).
 */
export function BankStatementsPage() {
  const search = useListSearch<BankLineQuery>(bankLineQuerySchema);
  const status: BankLineStatus = search.query.status ?? 'open';
  const lines = useQuery(bankLineListQuery({ ...search.query, status }));
  const editable = useCan('accounting', 'edit');
  const [recording, setRecording] = useState<BankLine | null>(null);
  return (
    <Flex vertical gap={16} data-testid="bank-statements-page">
      {editable ? <ImportCard /> : null}
      <Card
        title={lines.data ? `${BANK_LINE_STATUS_LABELS[status]}的收入 ${lines.data.total} 笔` : '银行流水'}
        extra={
          <Segmented<BankLineStatus>
            value={status}
            options={BANK_LINE_STATUSES.map((value) => ({ value, label: BANK_LINE_STATUS_LABELS[value] }))}
            onChange={(value) => search.set({ status: value === 'open' ? undefined : value })}
            data-testid="bank-line-status"
          />
        }
      >
        <DataTable
          list={lines}
          search={search}
          columns={columnsFor(setRecording, editable)}
          rowKey={(line) => line.id}
          rowTestId={(line) => `bank-line-row-${line.id}`}
          emptyText={status === 'open' ? '没有待登记的收入' : '没有流水'}
          filteredEmptyText="没有符合条件的流水"
          testId="bank-line-list"
        />
      </Card>
      {recording ? <BankLineDrawer line={recording} onClose={() => setRecording(null)} /> : null}
    </Flex>
  );
}
