import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@trackit/contract/contact.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../components/list/list-error';
import { ShellModal } from '../../components/shell-modal';
import { StatusTag } from '../company/company-labels';
import { companyContactsQuery, useCreateContact, useUpdateContact } from './contact.queries';
import { ContactForm } from './contact-form';

const orEmpty = (value: string | null) => value ?? MESSAGES.empty;

/**
 * The contacts of a company, on its page: a table (name opens the contact), 添加联系人 and 编辑 in a
 * modal for members who may edit.
 */
export function CompanyContacts({
  company,
  canEdit,
}: {
  company: { id: number; name: string };
  canEdit: boolean;
}) {
  const contacts = useQuery(companyContactsQuery(company.id));
  const create = useCreateContact();
  const update = useUpdateContact();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const { message } = App.useApp();
  const close = () => setEditing(null);

  const columns = [
    {
      title: '姓名',
      dataIndex: 'name',
      render: (name: string, contact: Contact) => (
        <Space size={8}>
          <Link to={`/information/contacts/${contact.id}`}>{name}</Link>
          {contact.is_invoice_contact && <Tag color="green">开票</Tag>}
          <StatusTag status={contact.status} />
        </Space>
      ),
    },
    { title: '职位', dataIndex: 'position', render: orEmpty },
    { title: '手机号', dataIndex: 'mobile', render: orEmpty },
    { title: '微信', dataIndex: 'wechat', render: orEmpty },
    { title: '邮箱', dataIndex: 'email', render: orEmpty },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, contact: Contact) => (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing(contact)}
                data-testid={`contact-edit-${contact.id}`}
              >
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={contacts.data ? `联系人（${contacts.data.total}）` : '联系人'}
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="company-add-contact">
            添加联系人
          </Button>
        )
      }
      data-testid="company-contacts"
    >
      {contacts.isError ? (
        <ListError error={contacts.error} retrying={contacts.isFetching} onRetry={() => contacts.refetch()} />
      ) : (
        <Table<Contact>
          rowKey="id"
          size="middle"
          loading={contacts.isPending}
          columns={columns}
          dataSource={contacts.data?.data ?? []}
          pagination={false}
          locale={{ emptyText: '还没有联系人' }}
          onRow={(contact) => ({ 'data-testid': `company-contact-${contact.id}` }) as object}
        />
      )}
      <ShellModal
        open={editing !== null}
        onClose={close}
        title={editing === 'new' ? '添加联系人' : '编辑联系人'}
      >
        {editing === 'new' ? (
          <ContactForm
            compact
            company={company}
            submitting={create.isPending}
            submitText="添加"
            onSubmit={(values) =>
              create.mutate(
                { ...values, company_id: company.id },
                {
                  onSuccess: () => {
                    void message.success('添加成功');
                    close();
                  },
                },
              )
            }
          />
        ) : (
          editing && (
            <ContactForm
              compact
              contact={editing}
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
    </Card>
  );
}
