import { formatDate } from '@trackit/client/format';
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { COMPANY_MESSAGES, type Company } from '@trackit/contract/company.schema';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { COMPANY_INDUSTRY_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { Card, Descriptions, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { RecordDeleteButton } from '../../components/record-delete-button';
import { RecordHistory } from '../../components/record-history';
import { RecordInfoCard } from '../../components/record-info-card';
import { RecordPage, useRouteRecord } from '../../components/record-page';
import { useCan } from '../../layouts/use-permission-level';
import { CompanyContacts } from '../contact/company-contacts';
import { FeeStatementSection } from '../fee-statement/fee-statement-section';
import {
  companyDeletionQuery,
  companyHistoryQuery,
  companyQuery,
  useDeleteCompany,
  useUpdateCompany,
} from './company.queries';
import { CompanyAccountSection } from './company-account-section';
import { CompanyForm } from './company-form';
import { StatusTag, TierTag } from './company-labels';

const orEmpty = (value: string | number | null) => (value === null || value === '' ? MESSAGES.empty : value);

function CompanyInfo({ company }: { company: Company }) {
  const update = useUpdateCompany(company.id);
  const remove = useDeleteCompany(company.id);
  const navigate = useNavigate();
  return (
    <RecordInfoCard
      tags={
        <>
          <TierTag tier={company.tier} />
          <StatusTag status={company.status} />
        </>
      }
      permission="data_management"
      status={company.status}
      archiveQuestion="归档该公司？"
      archiveDescription="归档后仍可在“已归档”中查看和恢复"
      busy={update.isPending}
      testId="company"
      onStatus={(status, done) => update.mutate({ status }, { onSuccess: done })}
      deleteAction={
        <RecordDeleteButton
          deletion={companyDeletionQuery(company.id)}
          remove={remove}
          question={`删除公司「${company.name}」？`}
          onDeleted={() => navigate('/information/company', { replace: true })}
          testId="company"
        />
      }
      editForm={({ close, saved }) => (
        <CompanyForm
          company={company}
          submitting={update.isPending}
          submitText="保存"
          onCancel={close}
          onSubmit={(values) => update.mutate(values, { onSuccess: saved })}
        />
      )}
    >
      <Descriptions column={{ xs: 1, md: 2 }} data-testid="company-info">
        <Descriptions.Item label="简称">{orEmpty(company.short_name)}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{orEmpty(company.credit_code)}</Descriptions.Item>
        <Descriptions.Item label="行业">
          {company.industry ? COMPANY_INDUSTRY_LABELS[company.industry] : MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label="负责人">{company.owner?.nickname ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="发票抬头">{orEmpty(company.invoice_title)}</Descriptions.Item>
        <Descriptions.Item label="开票地址">{orEmpty(company.invoice_address)}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{orEmpty(company.bank_name)}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{orEmpty(company.bank_account)}</Descriptions.Item>
        <Descriptions.Item label="账期">
          {company.payment_terms_days === null ? MESSAGES.empty : `${company.payment_terms_days} 天`}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">
          {formatDate(company.created_at, DATE_FORMATS.dateTime)}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{orEmpty(company.notes)}</span>
        </Descriptions.Item>
      </Descriptions>
    </RecordInfoCard>
  );
}

/**
 * A client company (/admin/information/company/{id}): its details (编辑 for edit, 归档/恢复 and 删除 of one
 * created by mistake for manage),
 * its contacts, added and edited in place, and its history (its own and its contacts' entries). The
 * breadcrumb shows its name (公司不存在 when missing).
 */
export function CompanyDetailPage() {
  const { query: company, missing } = useRouteRecord(companyQuery, COMPANY_MESSAGES.companyNotFound);
  const canEdit = useCan('data_management', 'edit');

  return (
    <RecordPage
      query={company}
      missing={missing}
      missingMessage="该公司可能不存在，或不属于当前团队"
      back={{ label: '返回公司列表', to: '/information/company' }}
      testId="company-missing"
    >
      {(record) => (
        <Flex vertical gap={16}>
          <CompanyInfo company={record} />
          <CompanyContacts company={record} canEdit={canEdit} />
          <CompanyAccountSection companyId={record.id} />
          <FeeStatementSection scope={{ company_id: record.id }} />
          <Card title="操作记录">
            <RecordHistory
              query={companyHistoryQuery}
              recordId={record.id}
              selfLink={ADMIN_PATHS.company(record.id)}
              testId="company-history"
            />
          </Card>
        </Flex>
      )}
    </RecordPage>
  );
}
