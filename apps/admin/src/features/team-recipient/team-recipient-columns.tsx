import { bankName } from '@trackit/contract/banks';
import { formatAccountNumber } from '@trackit/contract/patterns';
import {
  TAXPAYER_TYPE_LABELS,
  TEAM_RECIPIENT_STATUS_LABELS,
  type TeamRecipient,
  type TeamRecipientQuery,
} from '@trackit/contract/team-recipient.schema';
import { Space, Tag, Typography } from 'antd';
import type { DataTableColumn } from '../../components/list/data-table';

/** 默认 beside the default entity's name. */
export const DefaultTag = () => (
  <Tag color="blue" data-testid="team-recipient-default-tag">
    默认
  </Tag>
);

export const TeamRecipientStatusTag = ({ status }: { status: TeamRecipient['status'] }) => (
  <Tag color={status === 'active' ? 'green' : 'default'}>{TEAM_RECIPIENT_STATUS_LABELS[status]}</Tag>
);

/** The bank and branch over the account number grouped by four; 待确认 while a change waits. */
export const BankAccount = ({
  entity,
}: {
  entity: Pick<TeamRecipient, 'bank' | 'bank_name' | 'branch' | 'account_number' | 'pending_bank_change'>;
}) => (
  <Space direction="vertical" size={0}>
    <Typography.Text>
      {bankName(entity.bank, entity.bank_name)} {entity.branch}
      {entity.pending_bank_change && (
        <Tag color="orange" style={{ marginInlineStart: 8 }} data-testid="team-recipient-bank-pending">
          修改待确认
        </Tag>
      )}
    </Typography.Text>
    <Typography.Text
      type="secondary"
      style={{ fontVariantNumeric: 'tabular-nums' }}
      copyable={{ text: entity.account_number }}
    >
      {formatAccountNumber(entity.account_number)}
    </Typography.Text>
  </Space>
);

/** The columns of the entity list; the name opens the entity's form. */
export const teamRecipientColumns = (
  onOpen: (entity: TeamRecipient) => void,
): DataTableColumn<TeamRecipient, TeamRecipientQuery>[] => [
  {
    title: '企业名称',
    dataIndex: 'name',
    kind: 'title',
    render: (name: string, entity) => (
      <Space size={8} wrap>
        <Typography.Link onClick={() => onOpen(entity)} data-testid={`team-recipient-open-${entity.id}`}>
          {name}
        </Typography.Link>
        {entity.is_default && <DefaultTag />}
      </Space>
    ),
  },
  { title: '简称', dataIndex: 'short_name', width: 120 },
  {
    title: '纳税人类型',
    dataIndex: 'taxpayer_type',
    kind: 'label',
    fits: Object.values(TAXPAYER_TYPE_LABELS),
    render: (value: TeamRecipient['taxpayer_type']) => TAXPAYER_TYPE_LABELS[value],
  },
  {
    title: '开户银行及账号',
    key: 'bank',
    minWidth: 260,
    render: (_: unknown, entity) => <BankAccount entity={entity} />,
  },
  { title: '订单', dataIndex: 'order_count', kind: 'count', align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    kind: 'tag',
    render: (status: TeamRecipient['status']) => <TeamRecipientStatusTag status={status} />,
  },
];
