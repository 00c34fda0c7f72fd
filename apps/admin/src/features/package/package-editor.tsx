import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { type Package, packageCreateSchema } from '@trackit/contract/package.schema';
import { SHARE_FIELD_LABELS, SHARE_FIELDS } from '@trackit/contract/share';
import { App, Button, Checkbox, Col, DatePicker, Drawer, Flex, Form, Input, Result, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { ShareLinks } from '../../components/share-links';
import { textCount } from '../../components/text-count';
import { CompanySelect } from '../company/company-select';
import { ContactSelect } from '../contact/contact-select';
import { useCreatePackage, useUpdatePackage } from './package.queries';
import { packageActivityPath } from './package-activity-drawer';
import styles from './package-editor.module.css';
import {
  expiryAfter,
  expiryRule,
  isExpiryDayDisabled,
  type PackageEditorValues,
  type PackageModelDraft,
  packageCreateBody,
  packageEditorValues,
  packageUpdateBody,
} from './package-editor-values';
import { PackageModelsField } from './package-models-field';

const shape = packageCreateSchema.shape;

const FIELD_OPTIONS = SHARE_FIELDS.map((field) => ({ value: field, label: SHARE_FIELD_LABELS[field] }));
const EXPIRY_CHOICES = [7, 30, 90] as const;
const EDITOR_WIDTH = 920;

/** `30 天后（星期三）`: how far off the chosen expiry is. */
const expiryHint = (value: dayjs.Dayjs | null | undefined): string => {
  if (!value) return '';
  const hours = value.diff(dayjs(), 'hour');
  if (hours < 0) return '已过期';
  const ahead = hours < 24 ? `${Math.max(hours, 1)} 小时后` : `${Math.round(hours / 24)} 天后`;
  return `${ahead}（${formatDate(value, 'dddd')}）失效，到期后链接无法打开`;
};

/** What a new package shows once made: its two links, the QR code, and where its activity will be. */
function PackageCreated({ pkg }: { pkg: Package }) {
  return (
    <div data-testid="package-created">
      <Result
        status="success"
        title="套餐已生成"
        subTitle={`把链接发给客户，或让客户用微信扫码打开；有效期至 ${formatDate(pkg.expires_at, DATE_FORMATS.dateTime)}。客户打开和选中模特时你会收到通知。`}
        style={{ padding: '16px 0 24px' }}
      />
      <ShareLinks mobileUrl={pkg.mobile_url} desktopUrl={pkg.desktop_url} testId="package-links" />
    </div>
  );
}

export interface PackageEditorProps {
  /** The package to change; without it, a new package of `models`. */
  pkg?: Package | undefined;
  /** A new package's models, in order (from the model list's selection or a model's page). */
  models?: readonly PackageModelDraft[];
  onClose: () => void;
  /** A new package was made (the editor then shows its links until closed). */
  onCreated?: (pkg: Package) => void;
}

/**
 * One form for making and changing a package, in a wide drawer: title and message, the client (company
 * and contact), the expiry, the fields the client sees, and the models in order with what is shown of
 * each. A new package ends on its links and QR code; a change closes with 保存成功. Mounted while open.
 */
export function PackageEditor({ pkg, models, onClose, onCreated }: PackageEditorProps) {
  const [form] = Form.useForm<PackageEditorValues>();
  const [initialValues] = useState(() => packageEditorValues(pkg, models));
  const [created, setCreated] = useState<Package | null>(null);
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const companyId = Form.useWatch('company_id', form);
  const expiresAt = Form.useWatch('expires_at', form);
  const submitting = create.isPending || update.isPending;

  const handleFinish = (values: PackageEditorValues) => {
    if (!pkg) {
      create.mutate(packageCreateBody(values), {
        onSuccess: (made) => {
          setCreated(made);
          onCreated?.(made);
        },
      });
      return;
    }
    const body = packageUpdateBody(values, pkg);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: pkg.id, values: body },
      {
        onSuccess: () => {
          void message.success('保存成功');
          onClose();
        },
      },
    );
  };

  const setExpiry = (days: number) => {
    form.setFieldValue('expires_at', expiryAfter(days));
    void form.validateFields(['expires_at']).catch(() => undefined);
  };

  const footer = created ? (
    <Flex justify="flex-end" gap={12}>
      <Button
        onClick={() => {
          onClose();
          navigate(packageActivityPath(created.id));
        }}
      >
        查看套餐
      </Button>
      <Button type="primary" onClick={onClose} data-testid="package-editor-done">
        完成
      </Button>
    </Flex>
  ) : (
    <Flex justify="flex-end" gap={12}>
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" loading={submitting} onClick={form.submit} data-testid="package-submit">
        {pkg ? '保存' : '生成分享链接'}
      </Button>
    </Flex>
  );

  return (
    <Drawer
      open
      onClose={onClose}
      size={EDITOR_WIDTH}
      title={pkg ? `编辑套餐 · ${pkg.title}` : '发套餐'}
      footer={footer}
      destroyOnHidden
      data-testid="package-editor"
    >
      {created ? (
        <PackageCreated pkg={created} />
      ) : (
        <RecordForm<PackageEditorValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={handleFinish}
          onValuesChange={(changed: Partial<PackageEditorValues>) => {
            // Another company's contact is not this one's.
            if ('company_id' in changed) form.setFieldValue('contact_id', null);
          }}
          data-testid="package-form"
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label="标题" required rules={[schemaRule(shape.title)]}>
                <Input
                  placeholder="如：春夏女装 Lookbook 推荐"
                  count={textCount(50)}
                  autoComplete="off"
                  data-testid="package-title-input"
                />
              </Form.Item>
              <Form.Item name="message" label="给客户的留言" rules={[optionalRule(shape.message)]}>
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 8 }}
                  count={textCount(1000)}
                  placeholder="客户打开链接时首先看到这段话"
                  data-testid="package-message-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="company_id" label="客户公司">
                <CompanySelect
                  current={
                    pkg?.company_id && pkg.company_name
                      ? { id: pkg.company_id, name: pkg.company_name }
                      : null
                  }
                  testId="package-company-input"
                />
              </Form.Item>
              <Form.Item name="contact_id" label="联系人" extra={companyId ? undefined : '先选择客户公司'}>
                {companyId ? (
                  <ContactSelect
                    companyId={companyId}
                    current={
                      pkg?.contact_id && pkg.contact_name && companyId === pkg.company_id
                        ? { id: pkg.contact_id, name: pkg.contact_name }
                        : null
                    }
                    testId="package-contact-input"
                  />
                ) : (
                  <Select disabled placeholder="搜索联系人姓名" />
                )}
              </Form.Item>
              {/* The date sits beside its quick buttons in an inner item: the label names it through its id. */}
              <Form.Item label="有效期" htmlFor="expires_at" required extra={expiryHint(expiresAt)}>
                <div className={styles.expiryLine}>
                  <Form.Item name="expires_at" noStyle rules={[expiryRule(pkg?.expires_at)]}>
                    <DatePicker
                      showTime={{ format: DATE_FORMATS.time }}
                      format={DATE_FORMATS.dateTime}
                      disabledDate={isExpiryDayDisabled}
                      allowClear={false}
                      style={{ width: 190 }}
                      data-testid="package-expiry-input"
                    />
                  </Form.Item>
                  {EXPIRY_CHOICES.map((days) => (
                    <Button
                      key={days}
                      size="small"
                      onClick={() => setExpiry(days)}
                      data-testid={`package-expiry-${days}`}
                    >
                      {days} 天
                    </Button>
                  ))}
                </div>
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="fields"
            label="客户可见的模特信息"
            rules={[schemaRule(shape.fields)]}
            extra={
              <span className={styles.fieldsNote}>
                姓名和照片总会展示；手机号、微信、身份证号、备注和费用永远不会展示给客户。
              </span>
            }
          >
            <Checkbox.Group options={FIELD_OPTIONS} data-testid="package-fields-input" />
          </Form.Item>
          <Form.Item
            name="models"
            label="模特（按客户看到的顺序）"
            required
            rules={[schemaRule(shape.models)]}
            extra='每位模特可选展示的资源夹；不选则展示该模特除"其他"外的全部资源夹。也可另选单张照片。'
          >
            <PackageModelsField />
          </Form.Item>
        </RecordForm>
      )}
    </Drawer>
  );
}
