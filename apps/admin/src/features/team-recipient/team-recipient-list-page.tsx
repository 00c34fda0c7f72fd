import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  TEAM_RECIPIENT_STATUS_LABELS,
  TEAM_RECIPIENT_STATUSES,
  teamRecipientQuerySchema,
} from '@trackit/contract/team-recipient.schema';
import { Button, Card } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { parseRecordId } from '../../components/record-id';
import { useCan } from '../../layouts/use-permission-level';
import { teamRecipientListQuery } from './team-recipient.queries';
import { teamRecipientColumns } from './team-recipient-columns';
import { TeamRecipientDrawer } from './team-recipient-drawer';

/** The address's parameter naming the entity whose form is open (`new` for a new one); notifications link to it. */
export const RECIPIENT_PARAM = 'recipient';

const STATUS_OPTIONS = TEAM_RECIPIENT_STATUSES.map((value) => ({
  value,
  label: TEAM_RECIPIENT_STATUS_LABELS[value],
}));

/** The entity whose form the address opens (`?recipient=12`, `?recipient=new`), and the ways to open and close it. */
function useRecipientInAddress() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(RECIPIENT_PARAM) ?? undefined;
  const target: number | 'new' | null = raw === 'new' ? 'new' : (parseRecordId(raw) ?? null);
  const open = useCallback(
    (next: number | 'new') =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(RECIPIENT_PARAM, String(next));
        return updated;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete(RECIPIENT_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { target, open, close };
}

/**
 * The team's payee entities (收款主体, /admin/team_recipient): the default first, each with its taxpayer
 * type and the account money is paid into; 新建收款主体 for members who may edit; a name opens the form,
 * where bank details and the default are for managers only.
 */
export function TeamRecipientListPage() {
  const search = useListSearch(teamRecipientQuerySchema);
  const entities = useQuery(teamRecipientListQuery(search.query));
  const canEdit = useCan('team_recipient', 'edit');
  const canManage = useCan('team_recipient', 'manage');
  const drawer = useRecipientInAddress();
  const columns = useMemo(() => teamRecipientColumns((entity) => drawer.open(entity.id)), [drawer.open]);

  return (
    <Card
      title={entities.data ? `共 ${entities.data.total} 个收款主体` : '收款主体'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => drawer.open('new')}
            data-testid="team-recipient-create"
          >
            新建收款主体
          </Button>
        )
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索名称、简称或信用代码"
          testId="team-recipient-search"
        />
        <ListRadioFilter search={search} field="status" options={STATUS_OPTIONS} label="状态" />
      </ListToolbar>
      <DataTable
        list={entities}
        search={search}
        columns={columns}
        rowKey={(entity) => entity.id}
        emptyText="还没有收款主体"
        filteredEmptyText="没有符合条件的收款主体"
        testId="team-recipient-list"
        rowTestId={(entity) => `team-recipient-row-${entity.id}`}
      />
      {drawer.target !== null && (
        <TeamRecipientDrawer target={drawer.target} manage={canManage} onClose={drawer.close} />
      )}
    </Card>
  );
}
