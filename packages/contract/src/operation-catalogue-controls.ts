/**
 * The operation-log actions of finance's controls (docs/product.md "Changes that wait for approval"), part
 * of the catalogue (./operation-catalogue.ts): a change of a model's terms or of a bank account that waits
 * for a second member — asked, decided, withdrawn — and the team's approval settings. Each entry keeps the
 * change's fields before → after as the log shows them (an account number by its last four digits).
 */
import { z } from 'zod';
import { APPROVAL_SETTING_LABELS } from './approval.schema';
import { type ActionSpec, action, type FieldChange, fieldChangeSchema } from './operation-action';

/** What a waiting change concerns: a model's terms or payout account, a payee entity's bank account. */
export const CHANGE_SUBJECTS = ['terms', 'payout', 'bank'] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];
export const CHANGE_SUBJECT_LABELS: Readonly<Record<ChangeSubject, string>> = {
  terms: '佣金条款',
  payout: '收款账户',
  bank: '银行账户',
};

const changeDetail = z.object({
  name: z.string(),
  subject: z.enum(CHANGE_SUBJECTS),
  changes: z.array(fieldChangeSchema),
});
const decisionDetail = changeDetail.extend({
  result: z.enum(['passed', 'rejected']),
  comment: z.string(),
});

type Target = 'model' | 'team_recipient';
const RECORD_WORDS: Readonly<Record<Target, string>> = { model: '模特', team_recipient: '收款主体' };

const requested = (target: Target): ActionSpec<typeof changeDetail> =>
  action({
    label: `申请修改${RECORD_WORDS[target]}`,
    inTeamLog: true,
    target,
    detail: changeDetail,
    sentence: ({ name, subject }) =>
      `提交了${RECORD_WORDS[target]}「${name}」的${CHANGE_SUBJECT_LABELS[subject]}修改，待审批`,
    changes: ({ changes }) => changes,
  });

const decided = (target: Target): ActionSpec<typeof decisionDetail> =>
  action({
    label: `审批${RECORD_WORDS[target]}修改`,
    inTeamLog: true,
    target,
    detail: decisionDetail,
    sentence: ({ name, subject, result, comment }) =>
      result === 'passed'
        ? `通过了${RECORD_WORDS[target]}「${name}」的${CHANGE_SUBJECT_LABELS[subject]}修改，已生效`
        : `拒绝了${RECORD_WORDS[target]}「${name}」的${CHANGE_SUBJECT_LABELS[subject]}修改：${comment}`,
    changes: ({ changes }) => changes,
  });

const withdrawn = (target: Target): ActionSpec<typeof changeDetail> =>
  action({
    label: `撤回${RECORD_WORDS[target]}修改`,
    inTeamLog: true,
    target,
    detail: changeDetail,
    sentence: ({ name, subject }) =>
      `撤回了${RECORD_WORDS[target]}「${name}」的${CHANGE_SUBJECT_LABELS[subject]}修改申请`,
    changes: ({ changes }) => changes,
  });

const onOff = (value: boolean) => (value ? '开启' : '关闭');
const settingChange = <T>(label: string, show: (value: T) => string, change?: { before: T; after: T }) =>
  change ? [{ field: label, before: show(change.before), after: show(change.after) }] : [];

const settingsDetail = z.object({
  commission_change_control: z.object({ before: z.string(), after: z.string() }).optional(),
  bank_change_review: z.object({ before: z.boolean(), after: z.boolean() }).optional(),
  forbid_self_approval: z.object({ before: z.boolean(), after: z.boolean() }).optional(),
});

export const CONTROL_OPERATIONS = {
  model_change_request: requested('model'),
  model_change_decide: decided('model'),
  model_change_withdraw: withdrawn('model'),
  team_recipient_change_request: requested('team_recipient'),
  team_recipient_change_decide: decided('team_recipient'),
  team_recipient_change_withdraw: withdrawn('team_recipient'),
  /** `commission_change_control` holds the labels (提交审批，通过后生效 / 立即生效…) as they read. */
  approval_settings_update: action({
    label: '修改审批与复核设置',
    inTeamLog: true,
    target: null,
    detail: settingsDetail,
    sentence: () => '修改了审批与复核设置',
    changes: (detail): FieldChange[] => [
      ...settingChange(
        APPROVAL_SETTING_LABELS.commission_change_control,
        String,
        detail.commission_change_control,
      ),
      ...settingChange(APPROVAL_SETTING_LABELS.bank_change_review, onOff, detail.bank_change_review),
      ...settingChange(APPROVAL_SETTING_LABELS.forbid_self_approval, onOff, detail.forbid_self_approval),
    ],
  }),
};
