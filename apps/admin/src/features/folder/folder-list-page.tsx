import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  type Folder,
  type FolderCreate,
  type FolderQuery,
  folderQuerySchema,
} from '@trackit/contract/folder.schema';
import { App, Button, Card, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { ShellModal } from '../../components/shell-modal';
import { useCan } from '../../layouts/use-permission-level';
import { folderListQuery, useCreateFolder } from './folder.queries';
import { FolderForm } from './folder-form';
import { FOLDER_KIND_OPTIONS, FolderKindTag } from './folder-kind';
import { FolderModelSelect } from './folder-model-select';
import { FolderPreviews } from './folder-previews';

const folderPath = (id: number) => `/information/folder/${id}`;

const dateTime = (value: string) => formatDate(value, DATE_FORMATS.dateTime);

const columns: DataTableColumn<Folder, FolderQuery>[] = [
  {
    title: '名称',
    dataIndex: 'name',
    sortField: 'name',
    kind: 'title',
    render: (name: string, folder) => (
      <Link to={folderPath(folder.id)}>
        <FolderOpenOutlined style={{ marginRight: 8, color: '#d97706' }} />
        {name}
      </Link>
    ),
  },
  {
    title: '预览',
    dataIndex: 'previews',
    width: 190,
    render: (_previews, folder) => (
      <Link to={folderPath(folder.id)} aria-label={`打开 ${folder.name}`}>
        <FolderPreviews previews={folder.previews} testId={`folder-previews-${folder.id}`} />
      </Link>
    ),
  },
  {
    title: '类型',
    dataIndex: 'kind',
    kind: 'tag',
    render: (_kind, folder) => <FolderKindTag kind={folder.kind} />,
  },
  {
    title: '模特',
    dataIndex: 'model_name',
    kind: 'name',
    render: (name: string | null, folder) =>
      folder.model_id && name ? <Link to={`/information/model/${folder.model_id}`}>{name}</Link> : '--',
  },
  { title: '文件数', dataIndex: 'file_count', kind: 'count', align: 'right' },
  // Dates sort newest first on the first click.
  {
    title: '创建时间',
    dataIndex: 'created_at',
    kind: 'dateTime',
    sortField: 'created_at',
    sortDirections: ['descend', 'ascend'],
    render: dateTime,
  },
  {
    title: '更新时间',
    dataIndex: 'updated_at',
    kind: 'dateTime',
    sortField: 'updated_at',
    sortDirections: ['descend', 'ascend'],
    render: dateTime,
  },
];

/**
 * The team's folders (/admin/information/folder): a name search, filters by model and kind, a table with
 * each folder's first thumbnails, sortable by name and dates, and for members who may edit a button that
 * creates a folder and opens it.
 */
export function FolderListPage() {
  const search = useListSearch(folderQuerySchema);
  const folders = useQuery(folderListQuery(search.query));
  const create = useCreateFolder();
  const canEdit = useCan('data_management', 'edit');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const handleCreate = (values: FolderCreate) =>
    create.mutate(values, {
      onSuccess: (folder) => {
        setCreating(false);
        void message.success('创建成功');
        navigate(folderPath(folder.id));
      },
    });

  return (
    <Card
      title={folders.data ? `共 ${folders.data.total} 个资源夹` : '资源夹'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="folder-create"
          >
            新建资源夹
          </Button>
        )
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索资源夹名称"
          testId="folder-search"
        />
        <FolderModelSelect
          value={search.query.model_id ?? null}
          onChange={(value) => search.set({ model_id: value ?? undefined })}
          placeholder="模特"
          style={{ width: 180 }}
          testId="folder-model-filter"
        />
        <Select
          allowClear
          placeholder="类型"
          aria-label="类型"
          style={{ width: 120 }}
          options={FOLDER_KIND_OPTIONS}
          value={search.query.kind ?? null}
          onChange={(value) => search.set({ kind: value ?? undefined })}
          data-testid="folder-kind-filter"
        />
      </ListToolbar>
      <DataTable
        list={folders}
        search={search}
        columns={columns}
        rowKey={(folder) => folder.id}
        emptyText="还没有资源夹"
        filteredEmptyText="没有符合条件的资源夹"
        testId="folder-list"
        rowPath={(folder) => folderPath(folder.id)}
        rowTestId={(folder) => `folder-row-${folder.id}`}
      />
      <ShellModal open={creating} onClose={() => setCreating(false)} title="新建资源夹">
        <FolderForm
          withModel
          initialValues={search.query.model_id ? { model_id: search.query.model_id } : {}}
          submitting={create.isPending}
          submitText="创建"
          onSubmit={handleCreate}
        />
      </ShellModal>
    </Card>
  );
}
