import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type Contact, type ContactQuery, contactQuerySchema } from '@trackit/contract/contact.schema';
import { RECORD_STATUS_LABELS, RECORD_STATUSES } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { Button, Card, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { StatusTag } from '../company/company-labels';
import { CompanySelect } from '../company/company-select';
import { contactListQuery } from './contact.queries';

const contactPath = (id: number) => `/information/contacts/${id}`;
const orEmpty = (value: string | null) => value ?? MESSAGES.empty;

const columns: DataTableColumn<Contact, ContactQuery>[] = [
  {
    title: '姓名',
    dataIndex: 'name',
    kind: 'title',
    render: (name: string, contact) => (
      <Space size={8}>
        <Link to={contactPath(contact.id)}>{name}</Link>
        {contact.is_invoice_contact && <Tag color="green">开票</Tag>}
        <StatusTag status={contact.status} />
      </Space>
    ),
  },
  {
    title: '公司',
    dataIndex: 'company',
    kind: 'text',
    render: (company: Contact['company']) =>
      company ? <Link to={`/information/company/${company.id}`}>{company.name}</Link> : MESSAGES.empty,
  },
  { title: '职位', dataIndex: 'position', width: 120, render: orEmpty },
  { title: '手机号', dataIndex: 'mobile', kind: 'mobile', render: orEmpty },
  { title: '微信', dataIndex: 'wechat', kind: 'code', render: orEmpty },
  { title: '邮箱', dataIndex: 'email', kind: 'text', render: orEmpty },
];

const STATUS_OPTIONS = RECORD_STATUSES.map((value) => ({ value, label: RECORD_STATUS_LABELS[value] }));

/**
 * The team's contacts (/admin/information/contacts): search by name, mobile, WeChat or e-mail, a company
 * filter and a status filter in the address; 新建联系人 for members who may edit.
 */
export function ContactListPage() {
  const search = useListSearch(contactQuerySchema);
  const contacts = useQuery(contactListQuery(search.query));
  const canEdit = useCan('data_management', 'edit');
  const navigate = useNavigate();

  return (
    <Card
      title={contacts.data ? `共 ${contacts.data.total} 位联系人` : '联系人'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/information/contacts/new')}
            data-testid="contact-create"
          >
            新建联系人
          </Button>
        )
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索姓名、手机号、微信或邮箱"
          testId="contact-search"
        />
        <div style={{ width: 240 }}>
          <CompanySelect
            value={search.query.company_id ?? null}
            onChange={(value) => search.set({ company_id: value ?? undefined })}
            aria-label="公司"
            testId="contact-company-filter"
          />
        </div>
        <ListRadioFilter search={search} field="status" options={STATUS_OPTIONS} label="状态" />
      </ListToolbar>
      <DataTable
        list={contacts}
        search={search}
        columns={columns}
        rowKey={(contact) => contact.id}
        emptyText="还没有联系人"
        filteredEmptyText="没有符合条件的联系人"
        testId="contact-list"
        rowPath={(contact) => contactPath(contact.id)}
        rowTestId={(contact) => `contact-row-${contact.id}`}
      />
    </Card>
  );
}
