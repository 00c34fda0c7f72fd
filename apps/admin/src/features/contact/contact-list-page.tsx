import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { contactQuerySchema } from '@trackit/contract/contact.schema';
import { RECORD_STATUS_LABELS, RECORD_STATUSES } from '@trackit/contract/enums';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { contactListQuery } from './contact.queries';
import {
  type ContactColumn,
  contactCompanyColumn,
  contactEmailColumn,
  contactMobileColumn,
  contactNameColumn,
  contactPath,
  contactPositionColumn,
  contactWechatColumn,
} from './contact-columns';

const columns: ContactColumn[] = [
  contactNameColumn,
  contactCompanyColumn,
  contactPositionColumn,
  contactMobileColumn,
  contactWechatColumn,
  contactEmailColumn,
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
