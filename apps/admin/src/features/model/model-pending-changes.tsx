import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import {
  MODEL_FIELD_LABELS as LABELS,
  MOTHER_AGENCY_BASIS_LABELS,
  type ModelTerms,
} from '@trackit/contract/model.schema';
import { formatRate } from '@trackit/contract/rates';
import { App, Flex } from 'antd';
import {
  bankAccountChanges,
  type ChangedField,
  PendingChangeCard,
} from '../../components/pending-change-card';
import { pendingChangesQuery, useDecideModelChange, useWithdrawModelChange } from './model.queries';

/** The terms a change alters, as the model's page shows them. */
function termsChanges(before: ModelTerms, after: ModelTerms): ChangedField[] {
  const rate = (bp: number | null) => (bp === null ? MESSAGES.empty : formatRate(bp));
  const text = (value: string | null) => value || MESSAGES.empty;
  const basis = (value: ModelTerms['mother_agency_basis']) =>
    value ? MOTHER_AGENCY_BASIS_LABELS[value] : MESSAGES.empty;
  const fields: ChangedField[] = [
    {
      field: LABELS.commission_rate,
      before: rate(before.commission_rate),
      after: rate(after.commission_rate),
    },
    { field: LABELS.mother_agency, before: text(before.mother_agency), after: text(after.mother_agency) },
    {
      field: LABELS.mother_agency_rate,
      before: rate(before.mother_agency_rate),
      after: rate(after.mother_agency_rate),
    },
    {
      field: LABELS.mother_agency_basis,
      before: basis(before.mother_agency_basis),
      after: basis(after.mother_agency_basis),
    },
  ];
  return fields.filter((change) => change.before !== change.after);
}

/**
 * What waits on the model for a second member, above its tabs: a change of its terms (佣金条款) and, for
 * those who see the account, of its payout account (masked) — each with 同意 / 拒绝 for its approvers and
 * 撤回 for its requester. Nothing when nothing waits.
 */
export function ModelPendingChanges({ modelId }: { modelId: number }) {
  const { message } = App.useApp();
  const pending = useQuery(pendingChangesQuery(modelId));
  const decide = useDecideModelChange(modelId);
  const withdraw = useWithdrawModelChange(modelId);
  const terms = pending.data?.terms;
  const payout = pending.data?.payout;
  if (!terms && !payout) return null;
  const busy = decide.isPending || withdraw.isPending;
  const handlers = (id: number) => ({
    onDecide: (decision: Parameters<typeof decide.mutate>[0]['decision'], done: () => void) =>
      decide.mutate(
        { id, decision },
        {
          onSuccess: () => {
            void message.success(
              decision.result === 'passed' ? '已同意，修改已生效' : '已拒绝，记录保持原样',
            );
            done();
          },
        },
      ),
    onWithdraw: () => withdraw.mutate(id, { onSuccess: () => void message.success('已撤回修改申请') }),
  });
  return (
    <Flex vertical gap={12}>
      {terms && (
        <PendingChangeCard
          title="佣金条款修改待审批"
          change={terms}
          changes={termsChanges(terms.before, terms.after)}
          note="审批通过后生效，佣金比例适用于生效当日及以后开始的订单；审批前仍按原条款结算。"
          busy={busy}
          {...handlers(terms.id)}
          testId="model-terms-change"
        />
      )}
      {payout && (
        <PendingChangeCard
          title="收款账户修改待确认"
          change={payout}
          changes={bankAccountChanges(payout.before, payout.after)}
          note="须另一位财务管理者确认后生效；确认前仍按原账户付款。"
          busy={busy}
          {...handlers(payout.id)}
          testId="model-payout-change"
        />
      )}
    </Flex>
  );
}
