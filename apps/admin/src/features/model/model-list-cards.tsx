import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import { Checkbox, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { selectAllOf } from '../../components/list/data-list';
import { ListView } from '../../components/list/list-view';
import { type BulkAction, SelectionBar } from '../../components/list/selection-bar';
import type { ListSearch } from '../../components/list/use-list-search';
import type { ListSelection } from '../../components/list/use-list-selection';
import { ModelThumb } from '../package/package-labels';
import { figureLine, ModelCover, ModelStatusTag, personLine } from './model-labels';
import styles from './model-list-page.module.css';
import type { ModelListSearch } from './model-list-search';

export const modelPath = (id: number) => `/information/model/${id}`;

export const modelKey = (model: Model) => model.id;

/** A selected model in 查看已选: cover, name and English name. */
export const renderSelected = (model: Model) => (
  <Flex align="center" gap={8}>
    <ModelThumb model={model} />
    <Link to={modelPath(model.id)}>{model.name}</Link>
    {model.english_name && <Typography.Text type="secondary">{model.english_name}</Typography.Text>}
  </Flex>
);

/** One model as a card: cover, name, who, figures, city. */
function ModelCard({
  model,
  selected,
  onSelect,
  onManager,
}: {
  model: Model;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onManager: (model: Model) => void;
}) {
  return (
    <div
      className={selected ? `${styles.card} ${styles.cardSelected}` : styles.card}
      data-testid={`model-card-${model.id}`}
    >
      <Link to={modelPath(model.id)} className={styles.coverLink} aria-label={model.name}>
        <ModelCover model={model} />
      </Link>
      <Checkbox
        className={styles.cardCheck}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`选择 ${model.name}`}
      />
      {model.status !== 'active' && (
        <span className={styles.cardStatus}>
          <ModelStatusTag status={model.status} />
        </span>
      )}
      <div className={styles.cardBody}>
        <Flex align="baseline" gap={6} className={styles.cardTitle}>
          <Link to={modelPath(model.id)} className={styles.cardName}>
            {model.name}
          </Link>
          {model.english_name && (
            <Typography.Text type="secondary" ellipsis className={styles.cardEnglish}>
              {model.english_name}
            </Typography.Text>
          )}
        </Flex>
        <div className={styles.cardLine}>{personLine(model)}</div>
        <div className={styles.cardFigures}>{figureLine(model)}</div>
        <Flex justify="space-between" gap={8} className={styles.cardLine}>
          <Typography.Text type="secondary" ellipsis>
            {model.city ?? MESSAGES.empty}
          </Typography.Text>
          {model.manager_nickname && (
            <Typography.Link
              className={styles.cardManager}
              onClick={() => onManager(model)}
              title="只看该经纪人的模特"
            >
              {model.manager_nickname}
            </Typography.Link>
          )}
        </Flex>
      </div>
    </div>
  );
}

export function ModelCards({
  list,
  search,
  selection,
  actions,
  onManager,
}: {
  list: UseQueryResult<Page<Model>, Error>;
  search: ListSearch<ModelListSearch>;
  selection: ListSelection<Model, number>;
  actions: readonly BulkAction<number, Model>[];
  onManager: (model: Model) => void;
}) {
  return (
    <ListView
      list={list}
      search={search}
      emptyText="还没有模特"
      filteredEmptyText="没有符合条件的模特"
      testId="model-list"
      header={
        <SelectionBar
          selection={selection}
          actions={actions}
          selectAll={selectAllOf(selection, list.data?.data ?? [], modelKey)}
          renderSelected={renderSelected}
        />
      }
    >
      {(models) => (
        <div className={styles.grid}>
          {models.map((model) => (
            <ModelCard
              key={model.id}
              model={model}
              selected={selection.has(model.id)}
              onSelect={(selected) => selection.select([model], selected)}
              onManager={onManager}
            />
          ))}
        </div>
      )}
    </ListView>
  );
}
