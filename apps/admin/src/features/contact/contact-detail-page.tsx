import { formatDate } from '@trackit/client/format';
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { CONTACT_MESSAGES, type Contact } from '@trackit/contract/contact.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { Card, Descriptions, Flex, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { RecordDeleteButton } from '../../components/record-delete-button';
import { RecordHistory } from '../../components/record-history';
import { RecordInfoCard } from '../../components/record-info-card';
import { RecordPage, useRouteRecord } from '../../components/record-page';
import { StatusTag } from '../company/company-labels';
import {
  contactDeletionQuery,
  contactHistoryQuery,
  contactQuery,
  useDeleteContact,
  useUpdateContact,
} from './contact.queries';
import { ContactForm } from './contact-form';

const orEmpty = (value: string | null) => value ?? MESSAGES.empty;

function ContactInfo({ contact }: { contact: Contact }) {
  const update = useUpdateContact();
  const remove = useDeleteContact(contact.id);
  const navigate = useNavigate();
  return (
    <RecordInfoCard
      tags={
        <>
          {contact.is_invoice_contact && <Tag color="green">开票联系人</Tag>}
          <StatusTag status={contact.status} />
        </>
      }
      permission="data_management"
      status={contact.status}
      archiveQuestion="归档该联系人？"
      busy={update.isPending}
      testId="contact"
      onStatus={(status, done) => update.mutate({ id: contact.id, values: { status } }, { onSuccess: done })}
      deleteAction={
        <RecordDeleteButton
          deletion={contactDeletionQuery(contact.id)}
          remove={remove}
          question={`删除联系人「${contact.name}」？`}
          onDeleted={() => navigate('/information/contacts', { replace: true })}
          testId="contact"
        />
      }
      editForm={({ close, saved }) => (
        <ContactForm
          contact={contact}
          submitting={update.isPending}
          submitText="保存"
          onCancel={close}
          onSubmit={(values) => update.mutate({ id: contact.id, values }, { onSuccess: saved })}
        />
      )}
    >
      <Descriptions column={{ xs: 1, md: 2 }} data-testid="contact-info">
        <Descriptions.Item label="公司">
          {contact.company ? (
            <Link to={`/information/company/${contact.company.id}`}>{contact.company.name}</Link>
          ) : (
            MESSAGES.empty
          )}
        </Descriptions.Item>
        <Descriptions.Item label="职位">{orEmpty(contact.position)}</Descriptions.Item>
        <Descriptions.Item label="手机号">{orEmpty(contact.mobile)}</Descriptions.Item>
        <Descriptions.Item label="微信">{orEmpty(contact.wechat)}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{orEmpty(contact.email)}</Descriptions.Item>
        <Descriptions.Item label="创建时间">
          {formatDate(contact.created_at, DATE_FORMATS.dateTime)}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{orEmpty(contact.notes)}</span>
        </Descriptions.Item>
      </Descriptions>
    </RecordInfoCard>
  );
}

/**
 * A contact (/admin/information/contacts/{id}): details, 编辑 for edit, 归档/恢复 and 删除 of one created
 * by mistake for manage, and its history. The breadcrumb shows the name (联系人不存在 when missing).
 */
export function ContactDetailPage() {
  const { query: contact, missing } = useRouteRecord(contactQuery, CONTACT_MESSAGES.contactNotFound);

  return (
    <RecordPage
      query={contact}
      missing={missing}
      missingMessage="该联系人可能不存在，或不属于当前团队"
      back={{ label: '返回联系人列表', to: '/information/contacts' }}
      testId="contact-missing"
      skeletonRows={5}
    >
      {(record) => (
        <Flex vertical gap={16}>
          <ContactInfo contact={record} />
          <Card title="操作记录">
            <RecordHistory
              query={contactHistoryQuery}
              recordId={record.id}
              selfLink={ADMIN_PATHS.contact(record.id)}
              testId="contact-history"
            />
          </Card>
        </Flex>
      )}
    </RecordPage>
  );
}
