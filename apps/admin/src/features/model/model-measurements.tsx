import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import { type Measurement, MODEL_FIELD_LABELS } from '@trackit/contract/model.schema';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { measurementsQuery } from './model.queries';

const measure = (unit: string) => (value: number | null) =>
  value === null ? MESSAGES.empty : `${value}${unit}`;

const columns = [
  { title: '测量日期', dataIndex: 'measured_on', width: 120 },
  { title: MODEL_FIELD_LABELS.height, dataIndex: 'height', render: measure('cm') },
  { title: MODEL_FIELD_LABELS.weight, dataIndex: 'weight', render: measure('kg') },
  { title: MODEL_FIELD_LABELS.bust, dataIndex: 'bust', render: measure('cm') },
  { title: MODEL_FIELD_LABELS.waist, dataIndex: 'waist', render: measure('cm') },
  { title: MODEL_FIELD_LABELS.hips, dataIndex: 'hips', render: measure('cm') },
  { title: MODEL_FIELD_LABELS.shoe_size, dataIndex: 'shoe_size', render: measure('码') },
  {
    title: '记录人',
    dataIndex: 'member',
    render: (member: Measurement['member']) => member?.nickname ?? MESSAGES.empty,
  },
  {
    title: '记录时间',
    dataIndex: 'measured_at',
    width: 160,
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
  },
];

/** A model's measurement history, newest first: each entry holds all six values as they stood. */
export function ModelMeasurements({ modelId }: { modelId: number }) {
  const [page, setPage] = useState(1);
  const history = useQuery(measurementsQuery(modelId, page));
  return (
    <QueryState query={history}>
      {(answer) => (
        <Table<Measurement>
          rowKey="id"
          size="middle"
          loading={history.isPlaceholderData}
          columns={columns}
          dataSource={answer.data}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有身材记录" /> }}
          pagination={
            answer.total > 20 && {
              current: page,
              pageSize: 20,
              total: answer.total,
              showSizeChanger: false,
              onChange: setPage,
            }
          }
          data-testid="model-measurements"
        />
      )}
    </QueryState>
  );
}
