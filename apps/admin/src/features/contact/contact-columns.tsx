import type { Contact, ContactQuery } from '@trackit/contract/contact.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/list/data-table';
import { StatusTag } from '../company/company-labels';

/**
 * The columns a contact has in every list (联系人, a company's 联系人 card), defined once: each page
 * composes the ones it shows and adds its own 操作.
 */
export type ContactColumn = DataTableColumn<Contact, ContactQuery>;

export const contactPath = (id: number) => `/information/contacts/${id}`;
const orEmpty = (value: string | null) => value ?? MESSAGES.empty;

export const contactNameColumn: ContactColumn = {
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
};

export const contactCompanyColumn: ContactColumn = {
  title: '公司',
  dataIndex: 'company',
  kind: 'text',
  render: (company: Contact['company']) =>
    company ? <Link to={`/information/company/${company.id}`}>{company.name}</Link> : MESSAGES.empty,
};

export const contactPositionColumn: ContactColumn = {
  title: '职位',
  dataIndex: 'position',
  width: 120,
  render: orEmpty,
};
export const contactMobileColumn: ContactColumn = {
  title: '手机号',
  dataIndex: 'mobile',
  kind: 'mobile',
  render: orEmpty,
};
export const contactWechatColumn: ContactColumn = {
  title: '微信',
  dataIndex: 'wechat',
  kind: 'code',
  render: orEmpty,
};
export const contactEmailColumn: ContactColumn = {
  title: '邮箱',
  dataIndex: 'email',
  kind: 'text',
  render: orEmpty,
};
