import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type Contact,
  type ContactCreate,
  contactCreateSchema,
} from '@trackit/contract/contact.schema';
import { RECORD_STATUS_LABELS } from '@trackit/contract/enums';
import { Button, Checkbox, Col, Flex, Form, Input, Row } from 'antd';
import { type DuplicateMatch, DuplicateWarning, useDuplicateCheck } from '../../components/duplicate-warning';
import { emptyToNull, optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { CompanySelect } from '../company/company-select';
import { findContactsWithMobile } from './contact.queries';

const shape = contactCreateSchema.shape;

export interface ContactFormValues {
  name: string;
  company_id?: number | null;
  position?: string;
  mobile?: string;
  wechat?: string;
  email?: string;
  notes?: string;
  is_invoice_contact: boolean;
}

export const contactFormValues = (contact?: Contact, companyId?: number): ContactFormValues =>
  contact
    ? {
        name: contact.name,
        company_id: contact.company_id,
        position: contact.position ?? '',
        mobile: contact.mobile ?? '',
        wechat: contact.wechat ?? '',
        email: contact.email ?? '',
        notes: contact.notes ?? '',
        is_invoice_contact: contact.is_invoice_contact,
      }
    : { name: '', company_id: companyId ?? null, is_invoice_contact: false };

/** The request body of the form's values, parsed by the contract schema (trimmed, empties null). */
export const contactBody = (values: ContactFormValues): ContactCreate =>
  contactCreateSchema.parse({
    ...emptyToNull(values),
    name: values.name,
    is_invoice_contact: values.is_invoice_contact,
  });

/** The team's contacts (archived too) with the new one's mobile, as the warning lists them. */
async function sameMobile(mobile: string): Promise<DuplicateMatch[]> {
  const found = await findContactsWithMobile({ mobile });
  return found.map((contact) => ({
    id: contact.id,
    name: contact.name,
    details: [contact.company?.name ?? '个人', contact.position, RECORD_STATUS_LABELS[contact.status]].filter(
      (detail): detail is string => Boolean(detail),
    ),
    href: ADMIN_PATHS.contact(contact.id),
  }));
}

export interface ContactFormProps {
  contact?: Contact;
  /** The company of a new contact added from a company's page: fixed, not chosen. */
  company?: { id: number; name: string };
  submitting: boolean;
  submitText: string;
  onSubmit: (values: ContactCreate) => void;
  onCancel?: () => void;
  /** Two columns on a page, one in a modal. */
  compact?: boolean;
}

/** One form for creating and editing a contact, checked with the schema the server uses. */
export function ContactForm({
  contact,
  company,
  submitting,
  submitText,
  onSubmit,
  onCancel,
  compact = false,
}: ContactFormProps) {
  const half = compact ? 24 : 12;
  // A new contact is checked against the team's contacts with the same mobile first: a warning, not a
  // refusal, since one person may be the contact of two companies.
  const duplicates = useDuplicateCheck<ContactCreate>({
    find: (body) => (contact || !body.mobile ? null : sameMobile(body.mobile)),
    create: onSubmit,
  });
  return (
    <RecordForm<ContactFormValues>
      layout="vertical"
      initialValues={contactFormValues(contact, company?.id)}
      onFinish={(values) => duplicates.submit(contactBody(values))}
      onValuesChange={duplicates.clear}
      data-testid="contact-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={half}>
          <Form.Item name="name" label="姓名" required rules={[schemaRule(shape.name)]}>
            <Input count={textCount(50)} autoComplete="off" data-testid="contact-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="company_id" label="公司">
            {company ? (
              <CompanySelectFixed name={company.name} />
            ) : (
              <CompanySelect current={contact?.company ?? null} testId="contact-company-select" />
            )}
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="position" label="职位" rules={[optionalRule(shape.position)]}>
            <Input
              count={textCount(CONTACT_LIMITS.position, false)}
              autoComplete="off"
              data-testid="contact-position-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item
            name="mobile"
            label="手机号"
            rules={[optionalRule(shape.mobile)]}
            validateTrigger="onBlur"
          >
            <Input inputMode="numeric" autoComplete="off" data-testid="contact-mobile-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="wechat" label="微信" rules={[optionalRule(shape.wechat)]}>
            <Input count={textCount(CONTACT_LIMITS.wechat, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="email" label="邮箱" rules={[optionalRule(shape.email)]} validateTrigger="onBlur">
            <Input autoComplete="off" data-testid="contact-email-input" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="is_invoice_contact" valuePropName="checked" style={{ marginBottom: 12 }}>
            <Checkbox data-testid="contact-invoice-checkbox">开票联系人（接收该公司的发票）</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="notes" label="备注" rules={[optionalRule(shape.notes)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={textCount(CONTACT_LIMITS.notes)} />
          </Form.Item>
        </Col>
      </Row>
      {duplicates.matches && (
        <DuplicateWarning
          title={CONTACT_MESSAGES.mobileDuplicate}
          matches={duplicates.matches}
          busy={submitting}
          onConfirm={duplicates.confirm}
          testId="contact-duplicates"
        />
      )}
      <Flex gap={12} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        <Button
          type="primary"
          htmlType="submit"
          loading={submitting || duplicates.checking}
          data-testid="contact-submit"
        >
          {submitText}
        </Button>
      </Flex>
    </RecordForm>
  );
}

/** The company of a contact added from its company's page, shown but not changed. */
function CompanySelectFixed({ name }: { name: string; value?: unknown }) {
  return <Input value={name} disabled />;
}
