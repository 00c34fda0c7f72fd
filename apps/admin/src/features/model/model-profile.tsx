import { formatDate } from '@trackit/client/format';
import { bankName } from '@trackit/contract/banks';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { GENDER_LABELS, SIZE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import {
  MODEL_FIELD_LABELS as LABELS,
  MODEL_PAYOUT_TYPE_LABELS,
  MOTHER_AGENCY_BASIS_LABELS,
  type Model,
} from '@trackit/contract/model.schema';
import { formatAccountNumber } from '@trackit/contract/patterns';
import { formatRate } from '@trackit/contract/rates';
import {
  ID_TYPE_LABELS,
  isMainlandIdType,
  TAX_RESIDENCY_LABELS,
  taxIdentityMissing,
} from '@trackit/contract/tax-identity';
import { Descriptions, Flex, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './model-profile.module.css';

const orEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? MESSAGES.empty : value;
const withUnit = (value: number | null, unit: string) =>
  value === null ? MESSAGES.empty : `${value}${unit}`;

/** 12800 → 1.3万; followers as agencies read them. */
export const formatFollowers = (count: number): string =>
  count >= 10_000 ? `${Number((count / 10_000).toFixed(1))}万` : String(count);

/** 10%（按佣金）: the mother agency's share and what it is reckoned on. */
const motherAgencyShare = (model: Pick<Model, 'mother_agency_rate' | 'mother_agency_basis'>) =>
  model.mother_agency_rate === null
    ? MESSAGES.empty
    : `${formatRate(model.mother_agency_rate)}${model.mother_agency_basis ? `（${MOTHER_AGENCY_BASIS_LABELS[model.mother_agency_basis]}）` : ''}`;

/** What a payment to the model as an individual still needs of its tax identity (empty: complete). */
const identityGaps = (model: Model) =>
  model.payout_type === 'individual'
    ? taxIdentityMissing({
        idType: model.id_type ?? null,
        idNumber: model.id_number ?? null,
        taxResidency: model.tax_residency ?? null,
        nationality: model.nationality,
        birthday: model.birthday,
        firstEntryDate: model.first_entry_date ?? null,
        expectedDepartureDate: model.expected_departure_date ?? null,
      })
    : [];

/**
 * Everything the agency keeps about a model, in the form's sections. The tax identity shows only when the
 * answer holds it (data_management manage), with what a payment still needs of it; the payout account
 * only when the answer holds it (data_management or accounting manage), its number grouped by four.
 */
export function ModelProfile({
  model,
  countries,
}: {
  model: Model;
  countries?: Readonly<Record<string, string>>;
}) {
  const nationality = model.nationality ? (countries?.[model.nationality] ?? model.nationality) : null;
  const column = { xs: 1, sm: 2, lg: 3 };
  return (
    <Flex vertical gap={24} className={styles.profile} data-testid="model-profile">
      <Descriptions title="基本信息" column={column} size="small">
        <Descriptions.Item label={LABELS.english_name}>{orEmpty(model.english_name)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.gender}>{GENDER_LABELS[model.gender]}</Descriptions.Item>
        <Descriptions.Item label={LABELS.birthday}>
          {model.birthday ? `${model.birthday}（${model.age}岁）` : MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label={LABELS.nationality}>{orEmpty(nationality)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.city}>{orEmpty(model.city)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.hair_color}>{orEmpty(model.hair_color)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.eye_color}>{orEmpty(model.eye_color)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.tags} span={2}>
          {model.tags.length > 0 ? (
            <Space size={[4, 4]} wrap>
              {model.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </Space>
          ) : (
            MESSAGES.empty
          )}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title="身材数据" column={column} size="small">
        <Descriptions.Item label={LABELS.height}>{withUnit(model.height, 'cm')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.weight}>{withUnit(model.weight, 'kg')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.bust}>{withUnit(model.bust, 'cm')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.waist}>{withUnit(model.waist, 'cm')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.hips}>{withUnit(model.hips, 'cm')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.shoe_size}>{withUnit(model.shoe_size, '码')}</Descriptions.Item>
        <Descriptions.Item label={LABELS.clothing_size}>
          {model.clothing_size ? SIZE_LABELS[model.clothing_size] : MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label={LABELS.cup}>{orEmpty(model.cup)}</Descriptions.Item>
        <Descriptions.Item label="最近测量">
          {model.last_measured_at ? formatDate(model.last_measured_at, DATE_FORMATS.date) : MESSAGES.empty}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title="联系与证件" column={column} size="small">
        <Descriptions.Item label={LABELS.mobile}>{orEmpty(model.mobile)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.wechat}>{orEmpty(model.wechat)}</Descriptions.Item>
        {model.id_number !== undefined && (
          <>
            <Descriptions.Item label={LABELS.id_type}>
              {model.id_type ? ID_TYPE_LABELS[model.id_type] : MESSAGES.empty}
            </Descriptions.Item>
            <Descriptions.Item label={LABELS.id_number}>
              <span data-testid="model-id-number">{orEmpty(model.id_number)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={LABELS.tax_residency}>
              <span data-testid="model-tax-residency">
                {model.tax_residency ? TAX_RESIDENCY_LABELS[model.tax_residency] : MESSAGES.empty}
              </span>
            </Descriptions.Item>
            {model.id_type && !isMainlandIdType(model.id_type) && (
              <Descriptions.Item label="在华期间">
                {orEmpty(model.first_entry_date)} 入境 · 预计 {orEmpty(model.expected_departure_date)} 离境
              </Descriptions.Item>
            )}
          </>
        )}
      </Descriptions>
      {model.id_number !== undefined && identityGaps(model).length > 0 && (
        <Typography.Text type="warning" data-testid="model-identity-missing">
          按个人结算付款前需补全纳税身份：缺少{identityGaps(model).join('、')}
        </Typography.Text>
      )}
      <Descriptions title="社交账号" column={1} size="small">
        {model.socials.length > 0 ? (
          model.socials.map((social) => (
            <Descriptions.Item key={`${social.platform}-${social.handle}`} label={social.platform}>
              {social.handle}
              {social.followers !== null && (
                <span className={styles.followers}>{formatFollowers(social.followers)} 粉丝</span>
              )}
            </Descriptions.Item>
          ))
        ) : (
          <Descriptions.Item label="账号">{MESSAGES.empty}</Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions title="合约与佣金" column={column} size="small">
        <Descriptions.Item label={LABELS.manager_member_id}>
          {orEmpty(model.manager_nickname)}
        </Descriptions.Item>
        <Descriptions.Item label={LABELS.mother_agency}>{orEmpty(model.mother_agency)}</Descriptions.Item>
        <Descriptions.Item label={LABELS.commission_rate}>
          {model.commission_rate === null ? MESSAGES.empty : formatRate(model.commission_rate)}
        </Descriptions.Item>
        <Descriptions.Item label="母公司分成">
          <span data-testid="model-mother-agency-share">{motherAgencyShare(model)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="合同期限">
          {model.contract_start || model.contract_end
            ? `${model.contract_start ?? MESSAGES.empty} 至 ${model.contract_end ?? MESSAGES.empty}`
            : MESSAGES.empty}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title="结算信息" column={column} size="small" data-testid="model-payout">
        <Descriptions.Item label={LABELS.payout_type}>
          {MODEL_PAYOUT_TYPE_LABELS[model.payout_type]}
        </Descriptions.Item>
        {model.payout_account_number !== undefined && (
          <>
            <Descriptions.Item label={LABELS.payout_account_name}>
              {orEmpty(model.payout_account_name)}
            </Descriptions.Item>
            <Descriptions.Item label={LABELS.payout_bank}>
              {model.payout_bank ? bankName(model.payout_bank, model.payout_bank_name) : MESSAGES.empty}
            </Descriptions.Item>
            <Descriptions.Item label={LABELS.payout_bank_branch}>
              {orEmpty(model.payout_bank_branch)}
            </Descriptions.Item>
            <Descriptions.Item label={LABELS.payout_account_number}>
              {model.payout_account_number ? (
                <Typography.Text
                  copyable={{ text: model.payout_account_number }}
                  data-testid="model-payout-account"
                >
                  {formatAccountNumber(model.payout_account_number)}
                </Typography.Text>
              ) : (
                MESSAGES.empty
              )}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Descriptions title="备注" column={1} size="small">
        <Descriptions.Item label={LABELS.notes}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{orEmpty(model.notes)}</span>
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
