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
import { App, Button, Card } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { ShellModal } from '../../components/shell-modal';
import { folderListQuery, useCreateFolder } from './folder.queries';
import { FolderForm } from './folder-form';

const folderPath = (id: number) => `/information/folder/${id}`;

const dateTime = (value: string) => formatDate(value, DATE_FORMATS.dateTime);

const columns: DataTableColumn<Folder, FolderQuery>[] = [
  {
    title: '名称',
    dataIndex: 'name',
    sortField: 'name',
    render: (name: string, folder) => (
      <Link to={folderPath(folder.id)}>
        <FolderOpenOutlined style={{ marginRight: 8, color: '#d97706' }} />
        {name}
      </Link>
    ),
  },
  { title: '文件数', dataIndex: 'file_count', width: 120, align: 'right' },
  // Dates sort newest first on the first click.
  {
    title: '创建时间',
    dataIndex: 'created_at',
    width: 200,
    sortField: 'created_at',
    sortDirections: ['descend', 'ascend'],
    render: dateTime,
  },
  {
    title: '更新时间',
    dataIndex: 'updated_at',
    width: 200,
    sortField: 'updated_at',
    sortDirections: ['descend', 'ascend'],
    render: dateTime,
  },
];

/**
 * The team's folders (/admin/information/folder): a name search, a table sortable by name and dates,
 * and a button that creates a folder and opens it.
 */
export function FolderListPage() {
  const search = useListSearch(folderQuerySchema);
  const folders = useQuery(folderListQuery(search.query));
  const create = useCreateFolder();
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
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="folder-create"
        >
          新建资源夹
        </Button>
      }
    >
      <ListToolbar>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索资源夹名称"
          testId="folder-search"
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
        onRow={(folder) =>
          ({
            'data-testid': `folder-row-${folder.id}`,
            onDoubleClick: () => navigate(folderPath(folder.id)),
          }) as HTMLAttributes<HTMLElement>
        }
      />
      <ShellModal open={creating} onClose={() => setCreating(false)} title="新建资源夹">
        <FolderForm submitting={create.isPending} submitText="创建" onSubmit={handleCreate} />
      </ShellModal>
    </Card>
  );
}
