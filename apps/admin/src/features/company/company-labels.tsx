import {
  COMPANY_TIER_LABELS,
  type CompanyTier,
  RECORD_STATUS_LABELS,
  type RecordStatus,
} from '@trackit/contract/enums';
import { Tag } from 'antd';

const TIER_COLORS: Readonly<Record<CompanyTier, string>> = {
  strategic: 'gold',
  key: 'blue',
  regular: 'default',
  prospect: 'cyan',
};

export const TierTag = ({ tier }: { tier: CompanyTier }) => (
  <Tag color={TIER_COLORS[tier]}>{COMPANY_TIER_LABELS[tier]}</Tag>
);

/** Only an archived record is marked; an active one needs no badge. */
export const StatusTag = ({ status }: { status: RecordStatus }) =>
  status === 'archived' ? <Tag>{RECORD_STATUS_LABELS[status]}</Tag> : null;
