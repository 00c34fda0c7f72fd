import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import {
  MODEL_DEDUCTION_KIND_LABELS,
  MODEL_DEDUCTION_KINDS,
  MODEL_DEDUCTION_LIMITS,
  MODEL_DEDUCTION_STATE_LABELS,
  MODEL_DEDUCTION_STATES,
  type ModelDeduction,
  type ModelDeductionKind,
  type ModelDeductionState,
  modelDeductionCreateSchema,
} from '@trackit/contract/model-deduction.schema';
import { toOptions } from '@trackit/contract/options';
import {
  App,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { optionalRule } from '../../components/optional-rule';
import { QueryState } from '../../components/query-state';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { ShellModal } from '../../components/shell-modal';
import { textCount } from '../../components/text-count';
import { deductionsQuery, useCreateDeduction, useVoidDeduction } from './model.queries';

const shape = modelDeductionCreateSchema.shape;
const KIND_OPTIONS = toOptions(MODEL_DEDUCTION_KINDS, MODEL_DEDUCTION_KIND_LABELS);
const STATE_OPTIONS = toOptions(MODEL_DEDUCTION_STATES, MODEL_DEDUCTION_STATE_LABELS);
const STATE_COLORS: Readonly<Record<ModelDeductionState, string>> = {
  unsettled: 'warning',
  settled: 'success',
  voided: 'default',
};

interface DeductionFormValues {
  kind: ModelDeductionKind;
  occurred_on: Dayjs;
  amount: number | null;
  note?: string;
}

/** 登记扣款: the kind, the day it happened (not after today), the amount, a note and an optional receipt. */
function DeductionForm({ modelId, onDone }: { modelId: number; onDone: () => void }) {
  const { message } = App.useApp();
  const create = useCreateDeduction(modelId);
  const [file, setFile] = useState<File | undefined>();
  const today = businessDate(new Date());
  return (
    <RecordForm<DeductionFormValues>
      layout="vertical"
      initialValues={{ kind: 'advance', occurred_on: dayjs(today), amount: null, note: '' }}
      disabled={create.isPending}
      onFinish={(values) =>
        create.mutate(
          {
            kind: values.kind,
            occurred_on: values.occurred_on.format(DATE_FORMATS.date),
            amount: values.amount ?? 0,
            note: values.note ?? '',
            ...(file ? { file } : {}),
          },
          {
            onSuccess: () => {
              void message.success('已登记扣款');
              onDone();
            },
          },
        )
      }
      data-testid="deduction-form"
    >
      <Form.Item name="kind" label="类型" required>
        <Radio.Group options={KIND_OPTIONS} optionType="button" data-testid="deduction-kind-input" />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item
          name="occurred_on"
          label="发生日期"
          style={{ flex: 1 }}
          rules={[{ required: true, message: '*请选择发生日期' }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(value) => value.format(DATE_FORMATS.date) > today}
            data-testid="deduction-date-input"
          />
        </Form.Item>
        <Form.Item name="amount" label="金额" required style={{ flex: 1 }} rules={[schemaRule(shape.amount)]}>
          <MoneyInput style={{ width: '100%' }} data-testid="deduction-amount-input" />
        </Form.Item>
      </Flex>
      <Form.Item name="note" label="备注" rules={[optionalRule(shape.note)]}>
        <Input
          placeholder="如 6 月预支、上海往返机票"
          count={textCount(MODEL_DEDUCTION_LIMITS.note, false)}
          autoComplete="off"
          data-testid="deduction-note-input"
        />
      </Form.Item>
      <Form.Item label="票据（可选）" extra="发票、行程单或付款截图">
        <Upload
          accept="image/*,application/pdf,.pdf"
          maxCount={1}
          fileList={file ? [{ uid: 'deduction-file', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            // Kept here, uploaded with 登记.
            return false;
          }}
          onRemove={() => setFile(undefined)}
          data-testid="deduction-file"
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="deduction-submit">
          登记
        </Button>
      </Flex>
    </RecordForm>
  );
}

/** 作废 after confirmation, for a deduction no settlement has taken (the answer's `can.void`). */
function VoidButton({ modelId, deduction }: { modelId: number; deduction: ModelDeduction }) {
  const { message } = App.useApp();
  const remove = useVoidDeduction(modelId);
  return (
    <Popconfirm
      title="作废这笔扣款？"
      description="作废后不再从结算中扣除，记录保留"
      okText="作废"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove.mutateAsync(deduction.id).then(() => void message.success('已作废'))}
    >
      <Button type="link" size="small" danger data-testid={`deduction-void-${deduction.id}`}>
        作废
      </Button>
    </Popconfirm>
  );
}

/**
 * 扣款 (accounting read): what the agency paid to the model ahead (预支) or on their behalf (代垫费用), to be
 * taken from a later settlement, newest first, by state; 登记扣款 and 作废 for accounting edit.
 */
export function ModelDeductions({ modelId, canEdit }: { modelId: number; canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ModelDeductionState | undefined>();
  const deductions = useQuery(deductionsQuery(modelId, page, state));
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<ModelDeduction> = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (kind: ModelDeductionKind) => MODEL_DEDUCTION_KIND_LABELS[kind],
    },
    { title: '发生日期', dataIndex: 'occurred_on', width: 110 },
    {
      title: '金额',
      dataIndex: 'amount',
      align: 'right',
      width: 140,
      render: (fen: number) => <MoneyCell fen={fen} />,
    },
    {
      title: '备注',
      dataIndex: 'note',
      ellipsis: true,
      render: (note: string) => note || MESSAGES.empty,
    },
    {
      title: '票据',
      key: 'file',
      width: 160,
      ellipsis: true,
      render: (_: unknown, deduction: ModelDeduction) =>
        deduction.file ? (
          <Typography.Link href={deduction.file.url} target="_blank" rel="noreferrer">
            {deduction.file.name}
          </Typography.Link>
        ) : (
          MESSAGES.empty
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (value: ModelDeductionState) => (
        <Tag color={STATE_COLORS[value]} style={{ marginInlineEnd: 0 }}>
          {MODEL_DEDUCTION_STATE_LABELS[value]}
        </Tag>
      ),
    },
    {
      title: '登记人',
      key: 'created_by',
      width: 100,
      render: (_: unknown, deduction: ModelDeduction) => deduction.created_by?.nickname ?? MESSAGES.empty,
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, deduction: ModelDeduction) =>
              deduction.can.void ? <VoidButton modelId={modelId} deduction={deduction} /> : null,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="model-deductions">
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={12}>
          <Select
            allowClear
            placeholder="全部状态"
            options={STATE_OPTIONS}
            value={state}
            onChange={(value: ModelDeductionState | undefined) => {
              setState(value);
              setPage(1);
            }}
            style={{ width: 140 }}
            data-testid="deduction-state-filter"
          />
          <span>{deductions.data ? `共 ${deductions.data.total} 笔` : ''}</span>
        </Flex>
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="deduction-add">
            登记扣款
          </Button>
        )}
      </Flex>
      <QueryState query={deductions}>
        {(answer) => (
          <Table<ModelDeduction>
            rowKey="id"
            size="middle"
            loading={deductions.isPlaceholderData}
            columns={columns}
            dataSource={answer.data}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={state ? `没有${MODEL_DEDUCTION_STATE_LABELS[state]}的扣款` : '还没有扣款'}
                />
              ),
            }}
            pagination={
              answer.total > 20 && {
                current: page,
                pageSize: 20,
                total: answer.total,
                showSizeChanger: false,
                onChange: setPage,
              }
            }
            onRow={(deduction) => ({ 'data-testid': `deduction-row-${deduction.id}` }) as object}
          />
        )}
      </QueryState>
      <ShellModal open={adding} onClose={() => setAdding(false)} title="登记扣款">
        {adding && <DeductionForm modelId={modelId} onDone={() => setAdding(false)} />}
      </ShellModal>
    </div>
  );
}
