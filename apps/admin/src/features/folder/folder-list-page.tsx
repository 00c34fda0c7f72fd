import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { Folder } from '@trackit/contract/folder.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { App, Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ShellModal } from '../../components/shell-modal';
import { createFolder, FOLDER_PAGE_SIZE, folderKeys, folderListQuery, readListPage } from './folder.queries';
import { FolderForm } from './folder-form';

const folderPath = (id: number) => `/information/folder/${id}`;

const columns: TableColumnsType<Folder> = [
  {
    title: '名称',
    dataIndex: 'name',
    render: (name: string, folder) => (
      <Link to={folderPath(folder.id)}>
        <FolderOpenOutlined style={{ marginRight: 8, color: '#d97706' }} />
        {name}
      </Link>
    ),
  },
  { title: '文件数', dataIndex: 'file_count', width: 120, align: 'right' },
  {
    title: '创建时间',
    dataIndex: 'created_at',
    width: 200,
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
  },
  {
    title: '更新时间',
    dataIndex: 'updated_at',
    width: 200,
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
  },
];

/** The team's folders (/admin/information/folder): a paged table, and a button that creates one and opens it. */
export function FolderListPage() {
  const [search, setSearch] = useSearchParams();
  const page = readListPage(search);
  const folders = useQuery(folderListQuery(page));
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const create = useMutation({
    mutationFn: createFolder,
    onSuccess: (folder) => {
      void queryClient.invalidateQueries({ queryKey: folderKeys.all });
      queryClient.setQueryData(folderKeys.detail(folder.id), folder);
      setCreating(false);
      void message.success('创建成功');
      navigate(folderPath(folder.id));
    },
  });

  const handlePage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params);
  };

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
      <div data-testid="folder-list">
        <Table<Folder>
          rowKey="id"
          columns={columns}
          dataSource={folders.data?.data ?? []}
          loading={folders.isFetching}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  folders.isError ? folders.error.message || MESSAGES.networkError : '还没有资源夹'
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: FOLDER_PAGE_SIZE,
            total: folders.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: handlePage,
          }}
          onRow={(folder) =>
            ({
              'data-testid': `folder-row-${folder.id}`,
              onDoubleClick: () => navigate(folderPath(folder.id)),
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <ShellModal open={creating} onClose={() => setCreating(false)} title="新建资源夹">
        <FolderForm
          submitting={create.isPending}
          submitText="创建"
          onSubmit={(values) => create.mutate(values)}
        />
      </ShellModal>
    </Card>
  );
}
