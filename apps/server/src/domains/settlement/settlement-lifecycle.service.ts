/**
 * A settlement's steps after its draft (docs/product.md "Model settlements"), as the handler of the
 * approval kind `settlement` (approvers: `accounting` manage): submitted for approval (draft → submitted,
 * the approvers told), decided (→ passed, or → rejected with a comment: its money is ready to settle
 * again), and corrected: a paid settlement is never edited, a correction is a new draft with the chosen
 * lines taken back (negative), taxed as the month's payout of each job and item. Paying (passed → paid) is
 * ./settlement-payment.service.ts. Each step locks the settlement and commits with its log entry and notices.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import {
  SETTLEMENT_MESSAGES,
  SETTLEMENT_NOTICES,
  type SettlementCorrect,
  type SettlementDetail,
} from '@trackit/contract/settlement.schema';
import type { SettlementStatus } from '@trackit/contract/settlement-enums';
import { subtractSplits, ZERO_SPLIT } from '@trackit/contract/settlement-math';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { decideApproval, requestApproval } from '../approval/approval.service';
import { giveBackDeductions } from '../model/model-deduction.service';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { findTeamMember } from '../organization/organization.service';
import {
  correctedLineIds,
  findSettlement,
  listSettlementLines,
  lockSettlement,
  type SettlementRecord,
  updateSettlementRow,
} from './settlement.repository';
import {
  approvalOf,
  type DraftLine,
  draftSettlement,
  loadSettlementDetail,
  lockModelThenSettlement,
  type SettlementDeps,
  settlementConflict,
  settlementLevel,
  settlementNotFound,
} from './settlement.service';

/**
 * One step of a settlement in the status it needs (404 when not the team's, 409 with `refused` in any
 * other status): the settlement locked in a transaction, the step run (given the model's name for its log
 * and notices), and the settlement answered as its page shows it after the step, at the caller's level.
 */
async function settlementStep(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  status: SettlementStatus,
  refused: string,
  step: (
    tx: Database,
    context: { settlement: SettlementRecord; modelName: string; now: Date },
  ) => Promise<void>,
): Promise<SettlementDetail> {
  const now = deps.clock();
  const level = await settlementLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const settlement = await lockSettlement(tx, auth.teamId, settlementId);
    if (!settlement) throw settlementNotFound();
    if (settlement.status !== status) throw settlementConflict(refused);
    const modelName = (await findSettlement(tx, auth.teamId, settlementId))?.modelName ?? MESSAGES.empty;
    await step(tx, { settlement, modelName, now });
    return loadSettlementDetail(tx, auth.teamId, settlementId, level, auth.membershipId);
  });
}

/** POST /v1/settlements/{id}/submit: a draft goes to approval; its approvers are told (audit_required). */
export async function submitSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  origin: RequestOrigin,
): Promise<SettlementDetail> {
  const { teamId } = auth;
  return settlementStep(
    deps,
    auth,
    settlementId,
    'draft',
    SETTLEMENT_MESSAGES.notSubmittable,
    async (tx, { settlement, modelName, now }) => {
      const nickname = (await findTeamMember(tx, teamId, auth.membershipId))?.nickname ?? MESSAGES.empty;
      const net = formatYuan(settlement.net);
      await requestApproval(tx, approvalOf(teamId, settlementId), {
        requestedBy: auth.membershipId,
        at: now,
        subject: `${settlement.number} ${modelName}（实付 ${net}）`,
        notice: {
          title: SETTLEMENT_NOTICES.submitted(settlement.number, modelName),
          body: SETTLEMENT_NOTICES.submittedBody(nickname, net),
          link: ADMIN_PATHS.settlement(settlementId),
        },
      });
      await updateSettlementRow(tx, teamId, settlementId, {
        status: 'submitted',
        submittedAt: now,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: 'settlement_submit',
        actor: memberActor(auth, origin, now),
        targetId: settlementId,
        detail: { name: modelName, number: settlement.number, net: settlement.net },
      });
    },
  );
}

/**
 * POST /v1/settlements/{id}/approval: an approver decides a submitted settlement (409 otherwise, and for
 * the second of two deciding at once; 403 for a member who is not an approver). Passed: it waits for its
 * payment. Rejected: it no longer counts, its money is ready to settle again. Its creator is told.
 */
export async function decideSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  input: ApprovalDecision,
  origin: RequestOrigin,
): Promise<SettlementDetail> {
  const { teamId } = auth;
  return settlementStep(
    deps,
    auth,
    settlementId,
    'submitted',
    SETTLEMENT_MESSAGES.notDecidable,
    async (tx, { settlement, modelName, now }) => {
      await decideApproval(tx, approvalOf(teamId, settlementId), {
        ...input,
        decidedBy: auth.membershipId,
        at: now,
      });
      await updateSettlementRow(tx, teamId, settlementId, {
        status: input.result,
        decidedAt: now,
        updatedAt: now,
      });
      // Rejected, it no longer counts: the deductions it took wait for the next settlement.
      if (input.result === 'rejected') await giveBackDeductions(tx, teamId, settlementId);
      const creator = settlement.createdByMembershipId;
      if (creator !== null && creator !== auth.membershipId) {
        const nickname = (await findTeamMember(tx, teamId, auth.membershipId))?.nickname ?? MESSAGES.empty;
        await notifyMembers(tx, {
          teamId,
          recipientMembershipIds: [creator],
          type: 'event_notice',
          title:
            input.result === 'passed'
              ? SETTLEMENT_NOTICES.passed(settlement.number)
              : SETTLEMENT_NOTICES.rejected(settlement.number),
          body: SETTLEMENT_NOTICES.decisionBody(nickname, input.comment),
          link: ADMIN_PATHS.settlement(settlementId),
          at: now,
        });
      }
      await recordOperation(tx, {
        action: 'settlement_approve',
        actor: memberActor(auth, origin, now),
        targetId: settlementId,
        detail: { name: modelName, number: settlement.number, result: input.result, comment: input.comment },
      });
    },
  );
}

/**
 * POST /v1/settlements/{id}/correct: a paid settlement that is not itself a correction (409 otherwise) is
 * corrected by a new draft taking back the chosen lines (all when none are named; 400 for a line not in
 * it, 409 for one a live correction already takes back), by the same terms and as the same kind of payout,
 * taxed as this month's payout of each job. Its model is locked as for any draft.
 */
export async function correctSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  body: SettlementCorrect,
  origin: RequestOrigin,
): Promise<SettlementDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await settlementLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const { model, settlement } = await lockModelThenSettlement(tx, teamId, settlementId);
    if (settlement.status !== 'paid') throw settlementConflict(SETTLEMENT_MESSAGES.notCorrectable);
    if (settlement.correctsId !== null) {
      throw settlementConflict(SETTLEMENT_MESSAGES.correctionOfCorrection);
    }
    const lines = await listSettlementLines(tx, teamId, settlementId);
    const chosen = body.fee_line_ids;
    if (chosen) {
      const missing = chosen.find((id) => !lines.some(({ line }) => line.feeLineId === id));
      if (missing !== undefined) {
        throw new AppError('validationFailed', {
          message: SETTLEMENT_MESSAGES.lineNotInSettlement,
          data: { fee_line_id: missing },
        });
      }
    }
    const taken = lines.filter(({ line }) => !chosen || chosen.includes(line.feeLineId));
    const corrected = await correctedLineIds(tx, teamId, settlementId);
    const again = taken.find(({ line }) => corrected.has(line.id));
    if (again) {
      throw settlementConflict(SETTLEMENT_MESSAGES.lineAlreadyCorrected, {
        fee_line_id: again.line.feeLineId,
      });
    }
    const draftLines: DraftLine[] = taken.map(({ line }) => ({
      feeLineId: line.feeLineId,
      orderId: line.orderId,
      kind: line.kind,
      category: line.incomeCategory,
      terms: {
        commissionRate: line.commissionRate,
        motherAgency:
          line.motherAgencyRate === null || line.motherAgencyBasis === null
            ? null
            : { rate: line.motherAgencyRate, basis: line.motherAgencyBasis },
      },
      split: subtractSplits(ZERO_SPLIT, line),
      advance: line.advance,
      correctsLineId: line.id,
    }));
    const draft = await draftSettlement(tx, {
      teamId,
      membershipId: auth.membershipId,
      now,
      model,
      taxedAs: { payoutType: settlement.payoutType, residency: settlement.taxResidency },
      lines: draftLines,
      period: null,
      corrects: { id: settlementId, reason: body.reason },
    });
    await recordOperation(tx, {
      action: 'settlement_correct',
      actor: memberActor(auth, origin, now),
      targetId: draft.id,
      detail: {
        name: model.name,
        number: draft.number,
        corrected: settlement.number,
        net: draft.figures.totals.net,
        reason: body.reason,
      },
    });
    return loadSettlementDetail(tx, teamId, draft.id, level, auth.membershipId);
  });
}
