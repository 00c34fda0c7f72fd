import { useQuery } from '@tanstack/react-query';
import { PENDING_CHANGE_HINTS } from '@trackit/contract/pending-change.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { App, Button, Drawer, Flex, Form } from 'antd';
import { bankAccountChanges, PendingChangeCard } from '../../components/pending-change-card';
import { QueryState } from '../../components/query-state';
import { approvalSettingsQuery } from '../approval/approval.queries';
import {
  teamRecipientQuery,
  useCreateTeamRecipient,
  useDecideBankChange,
  useUpdateTeamRecipient,
  useWithdrawBankChange,
} from './team-recipient.queries';
import {
  TeamRecipientForm,
  type TeamRecipientFormValues,
  teamRecipientCreateBody,
  teamRecipientUpdateBody,
} from './team-recipient-form';

const DRAWER_WIDTH = 760;

interface EditorProps {
  entity?: TeamRecipient;
  manage: boolean;
  onClose: () => void;
}

/**
 * A bank account change waiting for its checker, above the form: what it changes (masked), who asked, and
 * 同意 / 拒绝 for finance's managers (not the requester), 撤回 for the requester.
 */
function PendingBankChange({ entity }: { entity: TeamRecipient }) {
  const { message } = App.useApp();
  const decide = useDecideBankChange();
  const withdraw = useWithdrawBankChange();
  const change = entity.pending_bank_change;
  if (!change) return null;
  return (
    <PendingChangeCard
      title="银行账户修改待确认"
      change={change}
      changes={bankAccountChanges(change.before, change.after)}
      note="须另一位财务管理者确认后生效；确认前订单确认单、对账单仍印原账户。"
      busy={decide.isPending || withdraw.isPending}
      onDecide={(decision, done) =>
        decide.mutate(
          { id: change.id, decision },
          {
            onSuccess: () => {
              void message.success(
                decision.result === 'passed' ? '已确认，新账户已生效' : '已拒绝，账户保持原样',
              );
              done();
            },
          },
        )
      }
      onWithdraw={() =>
        withdraw.mutate(change.id, { onSuccess: () => void message.success('已撤回修改申请') })
      }
      testId="team-recipient-bank-change"
    />
  );
}

/** The form with its buttons: 创建 for a new entity, 保存 for a stored one (only what the caller may change). */
function TeamRecipientEditor({ entity, manage, onClose }: EditorProps) {
  const [form] = Form.useForm<TeamRecipientFormValues>();
  const { message } = App.useApp();
  const create = useCreateTeamRecipient();
  const update = useUpdateTeamRecipient(entity?.id ?? 0);
  const settings = useQuery({ ...approvalSettingsQuery, enabled: entity !== undefined && manage });
  const submitting = create.isPending || update.isPending;
  const finish = (values: TeamRecipientFormValues) => {
    if (entity) {
      update.mutate(teamRecipientUpdateBody(values, manage), {
        onSuccess: (saved) => {
          const waiting = saved.pending_bank_change?.id !== entity.pending_bank_change?.id;
          void message.success(waiting ? PENDING_CHANGE_HINTS.savedWaiting(['银行账户']) : '保存成功');
          onClose();
        },
      });
    } else {
      create.mutate(teamRecipientCreateBody(values, manage), {
        onSuccess: () => {
          void message.success('创建成功');
          onClose();
        },
      });
    }
  };
  return (
    <Flex vertical gap={8}>
      {entity?.pending_bank_change && (
        <div style={{ marginBottom: 16 }}>
          <PendingBankChange entity={entity} />
        </div>
      )}
      <TeamRecipientForm
        form={form}
        entity={entity}
        manage={manage}
        bankReview={settings.data?.bank_change_review}
        onFinish={finish}
      />
      <Flex gap={12} justify="flex-end">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={submitting} onClick={form.submit} data-testid="team-recipient-submit">
          {entity ? '保存' : '创建'}
        </Button>
      </Flex>
    </Flex>
  );
}

export interface TeamRecipientDrawerProps {
  /** The entity to edit, or `new`. */
  target: number | 'new';
  /** The caller's `team_recipient` manage (a new entity's default); a stored one answers its own `can`. */
  manage: boolean;
  onClose: () => void;
}

/** The entity's form in a drawer: a stored one waits for its record (QueryState), a new one starts empty. */
export function TeamRecipientDrawer({ target, manage, onClose }: TeamRecipientDrawerProps) {
  const entity = useQuery({
    ...teamRecipientQuery(target === 'new' ? 0 : target),
    enabled: target !== 'new',
  });
  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={
        target === 'new' ? '新建收款主体' : `编辑收款主体${entity.data ? ` · ${entity.data.short_name}` : ''}`
      }
      destroyOnHidden
      data-testid="team-recipient-drawer"
    >
      {target === 'new' ? (
        <TeamRecipientEditor manage={manage} onClose={onClose} />
      ) : (
        <QueryState query={entity} loading={{ rows: 8 }}>
          {(data) => (
            <TeamRecipientEditor key={data.id} entity={data} manage={data.can.manage} onClose={onClose} />
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
