import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { type Company, type CompanyQuery, companyQuerySchema } from '@trackit/contract/company.schema';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  COMPANY_INDUSTRIES,
  COMPANY_INDUSTRY_LABELS,
  COMPANY_TIER_LABELS,
  COMPANY_TIERS,
  RECORD_STATUS_LABELS,
  RECORD_STATUSES,
} from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { Button, Card, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { MemberSelect } from '../organization/member-select';
import { companyListQuery } from './company.queries';
import { StatusTag, TierTag } from './company-labels';

const companyPath = (id: number) => `/information/company/${id}`;

/** The columns; a click on an owner's name lists only the companies that member looks after. */
const columnsFor = (
  onOwner: (owner: NonNullable<Company['owner']>) => void,
): DataTableColumn<Company, CompanyQuery>[] => [
  {
    title: '公司名称',
    dataIndex: 'name',
    kind: 'title',
    render: (name: string, company) => (
      <Space size={8}>
        <Link to={companyPath(company.id)}>{name}</Link>
        <StatusTag status={company.status} />
      </Space>
    ),
  },
  {
    title: '简称',
    dataIndex: 'short_name',
    kind: 'name',
    render: (value: string | null) => value ?? MESSAGES.empty,
  },
  {
    title: '行业',
    dataIndex: 'industry',
    kind: 'label',
    fits: Object.values(COMPANY_INDUSTRY_LABELS),
    render: (value: Company['industry']) => (value ? COMPANY_INDUSTRY_LABELS[value] : MESSAGES.empty),
  },
  {
    title: '客户等级',
    dataIndex: 'tier',
    kind: 'tag',
    render: (tier: Company['tier']) => <TierTag tier={tier} />,
  },
  {
    title: '负责人',
    dataIndex: 'owner',
    kind: 'name',
    render: (owner: Company['owner']) =>
      owner ? (
        <Typography.Link onClick={() => onOwner(owner)} title="只看该负责人的公司">
          {owner.nickname}
        </Typography.Link>
      ) : (
        MESSAGES.empty
      ),
  },
  { title: '联系人', dataIndex: 'contact_count', kind: 'count', align: 'right' },
  {
    title: '创建时间',
    dataIndex: 'created_at',
    kind: 'dateTime',
    render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
  },
];

const INDUSTRY_OPTIONS = COMPANY_INDUSTRIES.map((value) => ({
  value,
  label: COMPANY_INDUSTRY_LABELS[value],
}));
const TIER_OPTIONS = COMPANY_TIERS.map((value) => ({ value, label: COMPANY_TIER_LABELS[value] }));
const STATUS_OPTIONS = RECORD_STATUSES.map((value) => ({ value, label: RECORD_STATUS_LABELS[value] }));

/**
 * The team's client companies (/admin/information/company): search by name, short name or credit code,
 * filters by industry, tier and status in the address, the number of contacts of each; 新建公司 for
 * members who may edit.
 */
export function CompanyListPage() {
  const search = useListSearch(companyQuerySchema);
  const companies = useQuery(companyListQuery(search.query));
  const canEdit = useCan('data_management', 'edit');
  const navigate = useNavigate();
  const columns = useMemo(() => columnsFor((owner) => search.set({ owner_member_id: owner.id })), [search]);
  const ownerId = search.query.owner_member_id;
  const ownerName = companies.data?.data.find((company) => company.owner?.id === ownerId)?.owner?.nickname;

  return (
    <Card
      title={companies.data ? `共 ${companies.data.total} 家公司` : '公司'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/information/company/new')}
            data-testid="company-create"
          >
            新建公司
          </Button>
        )
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索名称、简称或信用代码"
          testId="company-search"
        />
        <Select
          allowClear
          placeholder="行业"
          aria-label="行业"
          style={{ width: 140 }}
          options={INDUSTRY_OPTIONS}
          value={search.query.industry ?? null}
          onChange={(value) => search.set({ industry: value ?? undefined })}
          data-testid="company-industry-filter"
        />
        <Select
          allowClear
          placeholder="客户等级"
          aria-label="客户等级"
          style={{ width: 140 }}
          options={TIER_OPTIONS}
          value={search.query.tier ?? null}
          onChange={(value) => search.set({ tier: value ?? undefined })}
          data-testid="company-tier-filter"
        />
        <ListRadioFilter search={search} field="status" options={STATUS_OPTIONS} label="状态" />
        <MemberSelect
          value={ownerId ?? null}
          onChange={(value) => search.set({ owner_member_id: value ?? undefined })}
          current={ownerId !== undefined && ownerName ? { id: ownerId, nickname: ownerName } : null}
          placeholder="负责人"
          style={{ width: 150 }}
          testId="company-owner-filter"
        />
      </ListToolbar>
      <DataTable
        list={companies}
        search={search}
        columns={columns}
        rowKey={(company) => company.id}
        emptyText="还没有公司"
        filteredEmptyText="没有符合条件的公司"
        testId="company-list"
        rowPath={(company) => companyPath(company.id)}
        rowTestId={(company) => `company-row-${company.id}`}
      />
    </Card>
  );
}
