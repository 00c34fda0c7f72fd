/**
 * The demo agency's model settlements (docs/product.md "Model settlements"), through the settlement services
 * at the business time each step would have happened: for the first three models with money their clients
 * paid (待结算, in pinyin order), one settlement paid a day ago (drafted, approved and paid by the owner), one
 * waiting for approval (in the owner's 待我审批) and one draft. Runs after the finance year
 * (demo-finance.ts), whose receipts released the money.
 */
import { addDays, businessDate, businessInstant } from '@trackit/contract/business-time';
import type { Database } from '../db/client';
import { createSettlement, listReadyToSettle } from '../domains/settlement/settlement.service';
import {
  decideSettlement,
  paySettlement,
  submitSettlement,
} from '../domains/settlement/settlement-lifecycle.service';
import { defaultRecipientId } from '../domains/team-recipient/team-recipient.service';
import type { AuthContext } from '../http/auth-context';

const origin = { ip: '', userAgent: '' };

export async function seedDemoSettlements(db: Database, owner: AuthContext): Promise<void> {
  const payer = await defaultRecipientId(db, owner.teamId);
  if (payer === null) return;
  const today = businessDate(new Date());
  const when = (days: number, time: string) => {
    const at = businessInstant(addDays(today, days), time);
    return { db, clock: () => at };
  };
  const { items } = await listReadyToSettle(when(-2, '10:00'), owner, { page: 1, per_page: 20 });
  const models = items.filter((item) => item.commission_rate !== null && item.releasable.gross > 0);
  const [paid, submitted, draft] = models;
  if (paid) {
    const settlement = await createSettlement(
      when(-2, '10:00'),
      owner,
      { model_id: paid.model.id, advance: false },
      origin,
    );
    await submitSettlement(when(-2, '10:05'), owner, settlement.id, origin);
    await decideSettlement(
      when(-2, '15:30'),
      owner,
      settlement.id,
      { result: 'passed', comment: '' },
      origin,
    );
    await paySettlement(
      when(-1, '11:00'),
      owner,
      settlement.id,
      { paid_on: addDays(today, -1), reference: 'CMB20260001234', team_recipient_id: payer },
      origin,
    );
  }
  if (submitted) {
    const settlement = await createSettlement(
      when(-1, '14:00'),
      owner,
      { model_id: submitted.model.id, advance: false },
      origin,
    );
    await submitSettlement(when(-1, '14:10'), owner, settlement.id, origin);
  }
  if (draft)
    await createSettlement(when(0, '09:30'), owner, { model_id: draft.model.id, advance: false }, origin);
}
