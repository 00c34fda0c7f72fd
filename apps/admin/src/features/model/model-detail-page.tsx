import { EditOutlined, FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import { MODEL_MESSAGES, type Model } from '@trackit/contract/model.schema';
import { PENDING_CHANGE_HINTS } from '@trackit/contract/pending-change.schema';
import { App, Button, Card, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { RecordDeleteButton } from '../../components/record-delete-button';
import { RecordPage, useRouteRecord } from '../../components/record-page';
import { useCan } from '../../layouts/use-permission-level';
import { usePackageLauncher } from '../package/package-launcher';
import { CompCardModal } from './comp-card-modal';
import {
  countriesQuery,
  modelDeletionQuery,
  modelQuery,
  useDeleteModel,
  useUpdateModel,
} from './model.queries';
import { ModelDeductions } from './model-deductions';
import styles from './model-detail-page.module.css';
import { ModelForm } from './model-form';
import { useCanPayout } from './model-form-fields';
import { waitingAfterSave } from './model-form-values';
import { ModelHistory } from './model-history';
import { figureLine, ModelCover, ModelStatusTag, personLine } from './model-labels';
import { ModelMeasurements } from './model-measurements';
import { ModelPendingChanges } from './model-pending-changes';
import { ModelProfile } from './model-profile';
import { ModelResources } from './model-resources';
import { ModelSettlements } from './model-settlements';
import { ModelTrips } from './model-trips';

/** The head of the page: cover, name, who, figures, where, 模卡, 发套餐, 编辑 and 删除. */
function ModelHeader({
  model,
  onCompCard,
  onPackage,
  onEdit,
  deleteAction,
}: {
  model: Model;
  onCompCard: () => void;
  onPackage?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  /** 删除 of a model created by mistake, for managers (archiving is the form's 已解约). */
  deleteAction?: ReactNode;
}) {
  return (
    <Card data-testid="model-header">
      <Flex gap={24} align="flex-start" className={styles.header}>
        <ModelCover model={model} className={styles.cover} />
        <Flex vertical gap={8} className={styles.summary}>
          <Flex align="center" gap={12} wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {model.name}
            </Typography.Title>
            {model.english_name && <span className={styles.english}>{model.english_name}</span>}
            <ModelStatusTag status={model.status} />
          </Flex>
          <div className={styles.person}>{personLine(model)}</div>
          <div className={styles.figures} data-testid="model-figures">
            {figureLine(model) === MESSAGES.empty ? (
              <Typography.Text type="secondary">身材数据未填写</Typography.Text>
            ) : (
              figureLine(model)
            )}
          </div>
          <Space size={16} wrap className={styles.meta}>
            <span>城市：{model.city ?? MESSAGES.empty}</span>
            <span>经纪人：{model.manager_nickname ?? MESSAGES.empty}</span>
            <span>
              最近测量：
              {model.last_measured_at
                ? formatDate(model.last_measured_at, DATE_FORMATS.date)
                : MESSAGES.empty}
            </span>
          </Space>
          {model.tags.length > 0 && (
            <Space size={[4, 4]} wrap>
              {model.tags.map((tag) => (
                <Tag key={tag} bordered={false} color="processing">
                  {tag}
                </Tag>
              ))}
            </Space>
          )}
        </Flex>
        <Space>
          <Button icon={<FilePdfOutlined />} onClick={onCompCard} data-testid="model-comp-card">
            模卡
          </Button>
          {onPackage && (
            <Button icon={<SendOutlined />} onClick={onPackage} data-testid="model-package">
              发套餐
            </Button>
          )}
          {onEdit && (
            <Button icon={<EditOutlined />} onClick={onEdit} data-testid="model-edit">
              编辑
            </Button>
          )}
          {deleteAction}
        </Space>
      </Flex>
    </Card>
  );
}

function ModelDetail({ model }: { model: Model }) {
  const canEdit = useCan('data_management', 'edit');
  const canManage = useCan('data_management', 'manage');
  const canPayout = useCanPayout();
  const canReadFinance = useCan('accounting', 'read');
  const canEditFinance = useCan('accounting', 'edit');
  const countries = useQuery(countriesQuery);
  const update = useUpdateModel(model.id);
  const remove = useDeleteModel(model.id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [compCardOpen, setCompCardOpen] = useState(false);
  const packages = usePackageLauncher();
  const [tab, setTab] = useState('profile');
  const { message } = App.useApp();

  if (editing) {
    return (
      <Card title={`编辑 ${model.name}`}>
        <ModelForm
          model={model}
          canManage={canManage}
          canPayout={canPayout}
          countries={countries.data?.countries}
          submitting={update.isPending}
          submitText="保存"
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: (saved) => {
                const waiting = waitingAfterSave(values, saved);
                void message.success(
                  waiting.length > 0 ? PENDING_CHANGE_HINTS.savedWaiting(waiting) : '保存成功',
                );
                setEditing(false);
              },
            })
          }
        />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <ModelHeader
        model={model}
        onCompCard={() => setCompCardOpen(true)}
        onPackage={canEdit ? () => void packages.open([model]) : undefined}
        onEdit={canEdit ? () => setEditing(true) : undefined}
        deleteAction={
          canManage && (
            <RecordDeleteButton
              deletion={modelDeletionQuery(model.id)}
              remove={remove}
              question={`删除模特「${model.name}」？`}
              onDeleted={() => navigate('/information/model', { replace: true })}
              testId="model"
            />
          )
        }
      />
      <ModelPendingChanges modelId={model.id} />
      {compCardOpen && <CompCardModal model={model} onClose={() => setCompCardOpen(false)} />}
      {packages.editor}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'profile',
              label: '资料',
              children: <ModelProfile model={model} countries={countries.data?.countries} />,
            },
            {
              key: 'resources',
              label: '资源',
              children: <ModelResources model={model} canEdit={canEdit} />,
            },
            { key: 'trips', label: '行程', children: <ModelTrips modelId={model.id} canEdit={canEdit} /> },
            { key: 'measurements', label: '身材记录', children: <ModelMeasurements modelId={model.id} /> },
            ...(canReadFinance
              ? [
                  {
                    key: 'settlements',
                    label: '结算',
                    children: <ModelSettlements modelId={model.id} />,
                  },
                  {
                    key: 'deductions',
                    label: '扣款',
                    children: <ModelDeductions modelId={model.id} canEdit={canEditFinance} />,
                  },
                ]
              : []),
            { key: 'history', label: '操作记录', children: <ModelHistory modelId={model.id} /> },
          ]}
          destroyOnHidden
          data-testid="model-tabs"
        />
      </Card>
    </Flex>
  );
}

/**
 * A model (/admin/information/model/{id}): the header with cover and figures, what waits on the model
 * for a second member (its terms, its payout account), then the profile, the
 * resources (the model's folders and their files), the trips (added and changed in place), the
 * measurement history, the settlements and deductions (结算, 扣款, for finance's readers) and the
 * operation history. 编辑 opens the form and 发套餐 the editor of a new package of this model, for
 * members who may edit; 删除 (managers) removes a model created by mistake, disabled with the server's
 * reason once an order, a package or a folder refers to it.
 * The breadcrumb shows the name (模特不存在 when missing).
 */
export function ModelDetailPage() {
  const { query: model, missing } = useRouteRecord(modelQuery, MODEL_MESSAGES.modelNotFound);

  return (
    <RecordPage
      query={model}
      missing={missing}
      missingMessage="该模特可能不存在，或不属于当前团队"
      back={{ label: '返回模特列表', to: '/information/model' }}
      testId="model-missing"
    >
      {(record) => <ModelDetail model={record} />}
    </RecordPage>
  );
}
