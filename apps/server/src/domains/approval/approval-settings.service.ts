/**
 * The team's approval settings (审批与复核, docs/product.md "Changes that wait for approval"): how a
 * change of a model's commission or mother agency terms made below accounting manage is handled (to
 * approval, or at once with a notice to finance), whether a bank account change waits for a second member
 * (on by default), and whether anybody may decide their own 红冲, settlement or commission change (off by
 * default). Every member reads them (a form says beforehand what will wait); accounting manage changes
 * them, logged field by field.
 */
import {
  APPROVAL_SETTINGS_DEFAULTS,
  type ApprovalSettings,
  type ApprovalSettingsUpdate,
  COMMISSION_CHANGE_CONTROL_LABELS,
  type CommissionChangeControl,
} from '@trackit/contract/approval.schema';
import { levelAllows } from '@trackit/contract/permissions';
import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { grantsOf } from '../permission/permission.service';
import { type ApprovalSettingsRow, findApprovalSettings, saveApprovalSettings } from './approval.repository';

export interface ApprovalSettingsDeps {
  db: Database;
  clock: () => Date;
}

/** The settings a team works by. */
export interface TeamApprovalSettings {
  commissionChangeControl: CommissionChangeControl;
  bankChangeReview: boolean;
  forbidSelfApproval: boolean;
}

const DEFAULTS: TeamApprovalSettings = {
  commissionChangeControl: APPROVAL_SETTINGS_DEFAULTS.commission_change_control,
  bankChangeReview: APPROVAL_SETTINGS_DEFAULTS.bank_change_review,
  forbidSelfApproval: APPROVAL_SETTINGS_DEFAULTS.forbid_self_approval,
};

const fromRow = (row: ApprovalSettingsRow | undefined): TeamApprovalSettings =>
  row
    ? {
        commissionChangeControl: row.commissionChangeControl,
        bankChangeReview: row.bankChangeReview,
        forbidSelfApproval: row.forbidSelfApproval,
      }
    : DEFAULTS;

/** The team's settings (the defaults until it saves any), in the caller's transaction when given one. */
export async function teamApprovalSettings(db: Database, teamId: number): Promise<TeamApprovalSettings> {
  return fromRow(await findApprovalSettings(db, teamId));
}

const present = (settings: TeamApprovalSettings, edit: boolean): ApprovalSettings => ({
  commission_change_control: settings.commissionChangeControl,
  bank_change_review: settings.bankChangeReview,
  forbid_self_approval: settings.forbidSelfApproval,
  can: { edit },
});

const mayEdit = async (deps: Pick<ApprovalSettingsDeps, 'db'>, auth: AuthContext) =>
  levelAllows((await grantsOf(deps, auth)).get('accounting'), 'manage');

/** GET /v1/approval_settings. */
export async function getApprovalSettings(
  deps: ApprovalSettingsDeps,
  auth: AuthContext,
): Promise<ApprovalSettings> {
  const [settings, edit] = await Promise.all([
    teamApprovalSettings(deps.db, auth.teamId),
    mayEdit(deps, auth),
  ]);
  return present(settings, edit);
}

/**
 * PATCH /v1/approval_settings (accounting manage, by the endpoint map): the settings sent change, saved
 * with who and when, and logged (修改审批与复核设置) with each changed setting before → after. A change of
 * a setting applies to requests made from then on; a request already waiting stays as it was asked.
 */
export async function updateApprovalSettings(
  deps: ApprovalSettingsDeps,
  auth: AuthContext,
  input: ApprovalSettingsUpdate,
  origin: RequestOrigin,
): Promise<ApprovalSettings> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = fromRow(await findApprovalSettings(tx, auth.teamId, true));
    const after: TeamApprovalSettings = {
      commissionChangeControl: input.commission_change_control ?? before.commissionChangeControl,
      bankChangeReview: input.bank_change_review ?? before.bankChangeReview,
      forbidSelfApproval: input.forbid_self_approval ?? before.forbidSelfApproval,
    };
    const changed = <K extends keyof TeamApprovalSettings>(key: K) =>
      before[key] === after[key] ? undefined : { before: before[key], after: after[key] };
    const control = changed('commissionChangeControl');
    const detail = {
      commission_change_control: control && {
        before: COMMISSION_CHANGE_CONTROL_LABELS[control.before],
        after: COMMISSION_CHANGE_CONTROL_LABELS[control.after],
      },
      bank_change_review: changed('bankChangeReview'),
      forbid_self_approval: changed('forbidSelfApproval'),
    };
    if (Object.values(detail).some((change) => change !== undefined)) {
      await saveApprovalSettings(tx, {
        teamId: auth.teamId,
        ...after,
        updatedAt: now,
        updatedByMembershipId: auth.membershipId,
      });
      await recordOperation(tx, {
        action: 'approval_settings_update',
        actor: memberActor(auth, origin, now),
        detail,
      });
    }
    return present(after, true);
  });
}
