import { GENDER_LABELS, SIZE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/list/data-table';
import { ModelStatusTag, threeSizes } from './model-labels';
import { modelPath } from './model-list-cards';
import type { ModelListSearch } from './model-list-search';

/** The model list's table columns; a click on a manager lists that manager's models. */
export const modelColumnsFor = (
  onManager: (model: Model) => void,
): DataTableColumn<Model, ModelListSearch>[] => [
  {
    title: '姓名',
    dataIndex: 'name',
    sortField: 'name',
    kind: 'title',
    render: (name: string, model) => (
      <Space size={8}>
        <Link to={modelPath(model.id)}>{name}</Link>
        {model.english_name && <Typography.Text type="secondary">{model.english_name}</Typography.Text>}
        {model.status !== 'active' && <ModelStatusTag status={model.status} />}
      </Space>
    ),
  },
  {
    title: '性别',
    dataIndex: 'gender',
    width: 64,
    render: (gender: Model['gender']) => GENDER_LABELS[gender],
  },
  {
    title: '年龄',
    dataIndex: 'age',
    kind: 'count',
    sortField: 'age',
    render: (age: number | null) => age ?? MESSAGES.empty,
  },
  {
    title: '身高',
    dataIndex: 'height',
    kind: 'count',
    sortField: 'height',
    render: (height: number | null) => (height === null ? MESSAGES.empty : `${height}cm`),
  },
  {
    title: '体重',
    dataIndex: 'weight',
    kind: 'count',
    render: (weight: number | null) => (weight === null ? MESSAGES.empty : `${weight}kg`),
  },
  {
    title: '三围',
    key: 'sizes',
    width: 100,
    render: (_: unknown, model) => threeSizes(model) ?? MESSAGES.empty,
  },
  {
    title: '尺码',
    dataIndex: 'clothing_size',
    width: 68,
    render: (size: Model['clothing_size']) => (size ? SIZE_LABELS[size] : MESSAGES.empty),
  },
  { title: '城市', dataIndex: 'city', kind: 'name', render: (city: string | null) => city ?? MESSAGES.empty },
  {
    title: '经纪人',
    dataIndex: 'manager_nickname',
    kind: 'name',
    render: (nickname: string | null, model) =>
      nickname ? (
        <Typography.Link onClick={() => onManager(model)} title="只看该经纪人的模特">
          {nickname}
        </Typography.Link>
      ) : (
        MESSAGES.empty
      ),
  },
  {
    title: '手机号',
    dataIndex: 'mobile',
    kind: 'mobile',
    render: (mobile: string | null) => mobile ?? MESSAGES.empty,
  },
];
