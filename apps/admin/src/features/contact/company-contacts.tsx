import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@trackit/contract/contact.schema';
import { App, Button, Card, Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { plainColumns } from '../../components/list/data-table';
import { QueryState } from '../../components/query-state';
import { ShellModal } from '../../components/shell-modal';
import { companyContactsQuery, useCreateContact, useUpdateContact } from './contact.queries';
import {
  contactEmailColumn,
  contactMobileColumn,
  contactNameColumn,
  contactPositionColumn,
  contactWechatColumn,
} from './contact-columns';
import { ContactForm } from './contact-form';

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

  const columns: ColumnType<Contact>[] = [
    ...plainColumns([
      contactNameColumn,
      contactPositionColumn,
      contactMobileColumn,
      contactWechatColumn,
      contactEmailColumn,
    ]),
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
      <QueryState query={contacts}>
        {(answer) => (
          <Table<Contact>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={answer.data}
            pagination={false}
            locale={{ emptyText: '还没有联系人' }}
            onRow={(contact) => ({ 'data-testid': `company-contact-${contact.id}` }) as object}
          />
        )}
      </QueryState>
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
