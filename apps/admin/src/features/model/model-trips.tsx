import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MODEL_TRIP_KIND_LABELS, MODEL_TRIP_KINDS, type ModelTripKind } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { MODEL_MESSAGES, type Trip, type TripCreate, tripCreateSchema } from '@trackit/contract/model.schema';
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
  Space,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { optionalRule } from '../../components/optional-rule';
import { QueryState } from '../../components/query-state';
import { RecordForm } from '../../components/record-form';
import { ShellModal } from '../../components/shell-modal';
import { textCount } from '../../components/text-count';
import { tripsQuery, useCreateTrip, useDeleteTrip, useUpdateTrip } from './model.queries';

const KIND_OPTIONS = toOptions(MODEL_TRIP_KINDS, MODEL_TRIP_KIND_LABELS);
const KIND_COLORS: Readonly<Record<ModelTripKind, string>> = {
  vacation: 'cyan',
  work: 'blue',
  expatriate: 'purple',
};
const tripShape = tripCreateSchema.shape;

interface TripFormValues {
  kind: ModelTripKind;
  dates?: [Dayjs, Dayjs] | null;
  place?: string;
}

/** Days from the first to the last, both counted. */
const tripDays = (trip: Pick<Trip, 'start_date' | 'end_date'>) =>
  dayjs(trip.end_date).diff(dayjs(trip.start_date), 'day') + 1;

/** The trip body of the form's values, parsed by the contract schema. */
export const tripBody = (values: TripFormValues): TripCreate =>
  tripCreateSchema.parse({
    kind: values.kind,
    start_date: values.dates ? formatDate(values.dates[0], DATE_FORMATS.date) : '',
    end_date: values.dates ? formatDate(values.dates[1], DATE_FORMATS.date) : '',
    place: values.place?.trim() ? values.place : null,
  });

function TripForm({
  trip,
  submitting,
  submitText,
  onSubmit,
}: {
  trip?: Trip;
  submitting: boolean;
  submitText: string;
  onSubmit: (values: TripCreate) => void;
}) {
  const initial: TripFormValues = trip
    ? { kind: trip.kind, dates: [dayjs(trip.start_date), dayjs(trip.end_date)], place: trip.place ?? '' }
    : { kind: 'work', dates: null, place: '' };
  return (
    <RecordForm<TripFormValues>
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => onSubmit(tripBody(values))}
      data-testid="trip-form"
    >
      <Form.Item name="kind" label="类型" required>
        <Radio.Group options={KIND_OPTIONS} optionType="button" data-testid="trip-kind-input" />
      </Form.Item>
      <Form.Item
        name="dates"
        label="起止日期"
        required
        rules={[{ required: true, message: MODEL_MESSAGES.dateInvalid }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} data-testid="trip-dates-input" />
      </Form.Item>
      <Form.Item name="place" label="地点" rules={[optionalRule(tripShape.place)]}>
        <Input
          placeholder="城市或地址"
          count={textCount(100, false)}
          autoComplete="off"
          data-testid="trip-place-input"
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="trip-submit">
          {submitText}
        </Button>
      </Flex>
    </RecordForm>
  );
}

/** A model's trips (休假, 工作, 外派): the list, and for members who may edit, add, edit and delete. */
export function ModelTrips({ modelId, canEdit }: { modelId: number; canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const trips = useQuery(tripsQuery(modelId, page));
  const create = useCreateTrip(modelId);
  const update = useUpdateTrip(modelId);
  const remove = useDeleteTrip(modelId);
  const [editing, setEditing] = useState<Trip | 'new' | null>(null);
  const { message } = App.useApp();
  const close = () => setEditing(null);

  const columns = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (kind: ModelTripKind) => <Tag color={KIND_COLORS[kind]}>{MODEL_TRIP_KIND_LABELS[kind]}</Tag>,
    },
    {
      title: '起止日期',
      key: 'dates',
      render: (_: unknown, trip: Trip) => `${trip.start_date} 至 ${trip.end_date}`,
    },
    { title: '天数', key: 'days', width: 80, render: (_: unknown, trip: Trip) => `${tripDays(trip)} 天` },
    { title: '地点', dataIndex: 'place', render: (place: string | null) => place ?? MESSAGES.empty },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_: unknown, trip: Trip) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing(trip)}
                  data-testid={`trip-edit-${trip.id}`}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="删除该行程？"
                  onConfirm={() => remove.mutateAsync(trip.id).then(() => void message.success('已删除'))}
                >
                  <Button type="link" size="small" danger data-testid={`trip-delete-${trip.id}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="model-trips">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <span>{trips.data ? `共 ${trips.data.total} 个行程` : ''}</span>
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="trip-add">
            添加行程
          </Button>
        )}
      </Flex>
      <QueryState query={trips}>
        {(answer) => (
          <Table<Trip>
            rowKey="id"
            size="middle"
            loading={trips.isPlaceholderData}
            columns={columns}
            dataSource={answer.data}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有行程" /> }}
            pagination={
              answer.total > 20 && {
                current: page,
                pageSize: 20,
                total: answer.total,
                showSizeChanger: false,
                onChange: setPage,
              }
            }
            onRow={(trip) => ({ 'data-testid': `trip-row-${trip.id}` }) as object}
          />
        )}
      </QueryState>
      <ShellModal open={editing !== null} onClose={close} title={editing === 'new' ? '添加行程' : '编辑行程'}>
        {editing === 'new' ? (
          <TripForm
            submitting={create.isPending}
            submitText="添加"
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: () => {
                  void message.success('添加成功');
                  close();
                },
              })
            }
          />
        ) : (
          editing && (
            <TripForm
              trip={editing}
              submitting={update.isPending}
              submitText="保存"
              onSubmit={(values) =>
                update.mutate(
                  { id: editing.id, values },
                  {
                    onSuccess: () => {
                      void message.success('保存成功');
                      close();
                    },
                  },
                )
              }
            />
          )
        )}
      </ShellModal>
    </div>
  );
}
