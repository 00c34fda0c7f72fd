import {
  AppstoreOutlined,
  DownloadOutlined,
  PlusOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Model } from '@trackit/contract/model.schema';
import { Button, Card, Segmented, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/list/data-table';
import type { BulkAction } from '../../components/list/selection-bar';
import { useListSearch } from '../../components/list/use-list-search';
import { useListSelection } from '../../components/list/use-list-selection';
import { useCan } from '../../layouts/use-permission-level';
import { sendPackageAction, usePackageLauncher } from '../package/package-launcher';
import { modelListQuery, useExportModels } from './model.queries';
import { ModelCards, modelKey, modelPath, renderSelected } from './model-list-cards';
import { modelColumnsFor } from './model-list-columns';
import { ModelListFilters } from './model-list-filters';
import { modelListSearchSchema, toModelListInput } from './model-list-search';

/** The address's `view`: the card grid unless the table was chosen. */
type ListLayout = 'cards' | 'table';
const VIEW_PARAM = 'view';

/** A member who may only read ticks models but has nothing to run on them. */
const NO_ACTIONS: readonly BulkAction<number, Model>[] = [];

/**
 * The team's models (/admin/information/model): search by name, English name, mobile or pinyin; the
 * §9 range chips and the other filters in the address; cards with cover photos (or a table, also kept
 * in the address); ticked models sent as a package (发套餐, in the list's order) and 新建模特 for
 * members who may edit. 导出 saves the models the address's filters find as a spreadsheet; 导入 opens
 * the import page.
 */
export function ModelListPage() {
  const search = useListSearch(modelListSearchSchema);
  const models = useQuery(modelListQuery(toModelListInput(search.query)));
  const canEdit = useCan('data_management', 'edit');
  const exporting = useExportModels();
  const packages = usePackageLauncher();
  // Kept across searches, pages and both views until cleared: a package gathers several searches.
  const selection = useListSelection(modelKey, { keep: 'models' });
  const bulkActions = useMemo(
    () => (canEdit ? [sendPackageAction<Model>(packages.open)] : NO_ACTIONS),
    [canEdit, packages.open],
  );
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const layout: ListLayout = params.get(VIEW_PARAM) === 'table' ? 'table' : 'cards';
  const { query } = search;

  const onManager = useMemo(
    () => (model: Model) => search.set({ manager_member_id: model.manager_member_id ?? undefined }),
    [search],
  );
  const columns = useMemo(() => modelColumnsFor(onManager), [onManager]);
  const managerId = query.manager_member_id;
  // A manager chosen from a card is named from the list before the picker has searched.
  const managerName = models.data?.data.find(
    (model) => model.manager_member_id === managerId,
  )?.manager_nickname;

  const setLayout = (next: ListLayout) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'table') updated.set(VIEW_PARAM, 'table');
        else updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true },
    );

  return (
    <Card
      title={models.data ? `共 ${models.data.total} 位模特` : '模特'}
      extra={
        <Space>
          <Segmented<ListLayout>
            value={layout}
            onChange={setLayout}
            options={[
              { value: 'cards', icon: <AppstoreOutlined />, label: '卡片' },
              { value: 'table', icon: <UnorderedListOutlined />, label: '表格' },
            ]}
            data-testid="model-view-toggle"
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(toModelListInput(query))}
            data-testid="model-export"
          >
            导出
          </Button>
          {canEdit && (
            <Button
              icon={<UploadOutlined />}
              onClick={() => navigate('/information/model/import')}
              data-testid="model-import"
            >
              导入
            </Button>
          )}
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/information/model/new')}
              data-testid="model-create"
            >
              新建模特
            </Button>
          )}
        </Space>
      }
    >
      <ModelListFilters search={search} managerName={managerName} />
      {layout === 'cards' ? (
        <ModelCards
          list={models}
          search={search}
          selection={selection}
          actions={bulkActions}
          onManager={onManager}
        />
      ) : (
        <DataTable
          list={models}
          search={search}
          columns={columns}
          rowKey={(model) => model.id}
          emptyText="还没有模特"
          filteredEmptyText="没有符合条件的模特"
          bulkActions={bulkActions}
          keptSelection={{ selection, renderSelected }}
          testId="model-list"
          rowPath={(model) => modelPath(model.id)}
          rowTestId={(model) => `model-row-${model.id}`}
        />
      )}
      {packages.editor}
    </Card>
  );
}
