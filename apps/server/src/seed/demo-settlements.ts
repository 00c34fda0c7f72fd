/**
 * The demo agency's model settlements (docs/product.md "Model settlements", "Demo data"), through the
 * model and settlement services at the business time each step would have happened. Runs after the
 * finance year (demo-finance.ts), whose receipts released the money. Of the models with money their
 * clients paid (待结算, in pinyin order):
 * - the first is paid as an individual with a payout account and an advance (借支) taken off her pay:
 *   settled, approved and paid on the 25th of last month, so 扣缴明细 of last month lists her;
 * - the second is paid through her studio (个人工作室: nothing withheld), paid a day ago;
 * - the third waits for approval (in the owner's 待我审批);
 * - the fourth has a mother agency (20 % of the agency's commission) and a travel expense: a draft of
 *   the day.
 * And one model whose client has not paid yet is paid ahead of the client (预付), approved. Of the others:
 * one whose client paid a usage licence (肖像授权) is paid on the 26th of last month, the licence taxed as
 * 特许权使用费 (20 %) beside the day fees' 劳务报酬; and a foreign model with a passport, a non-resident
 * (非居民个人), is paid on the 27th, withheld on the monthly table: 扣缴明细 of last month shows all three kinds.
 * Each payout account is entered by the owner and confirmed by the finance manager (王静), as the team's
 * bank review asks (docs/product.md "Changes that wait for approval").
 */
import { addDays, businessDate, businessInstant, monthStart } from '@trackit/contract/business-time';
import type { ModelUpdate } from '@trackit/contract/model.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import type { ReadyToSettle } from '@trackit/contract/settlement.schema';
import type { Database } from '../db/client';
import { getModel } from '../domains/model/model.service';
import { decideModelChange, getModelPendingChanges } from '../domains/model/model-change.service';
import { createModelDeduction } from '../domains/model/model-deduction.service';
import { updateModel } from '../domains/model/model-write.service';
import { createSettlement, listReadyToSettle } from '../domains/settlement/settlement.service';
import { decideSettlement, submitSettlement } from '../domains/settlement/settlement-lifecycle.service';
import { paySettlement } from '../domains/settlement/settlement-payment.service';
import { defaultRecipientId } from '../domains/team-recipient/team-recipient.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import type { AuthContext } from '../http/auth-context';
import { seedUploadDeps } from './demo-models';

const origin = { ip: '', userAgent: '' };

/** A national ID with a valid check character (Shanghai, Xuhui; born in the late 1990s): the filing needs it. */
const demoIdNumber = (index: number): string => {
  const first17 = `310104${1996 + index}0${index + 3}1${index}${(index * 37) % 10}0${index % 2 === 0 ? 2 : 1}`;
  return first17 + nationalIdCheckChar(first17);
};

/** A payout account of the demo: the holder, a bank of the contract's list, 16 digits. */
const account = (holder: string, index: number): ModelUpdate => ({
  payout_account_name: holder,
  payout_bank: (['cmb', 'icbc', 'ccb', 'boc'] as const)[index % 4],
  payout_account_number: `6214${String(83_000_000_000 + index * 7_919_003).padStart(12, '0')}`,
});

/** A payout account and a national ID (the holder a resident): what paying a Chinese individual needs. */
const payoutAccount = (holder: string, index: number): ModelUpdate => ({
  id_number: demoIdNumber(index),
  ...account(holder, index),
});

/** A passport number in the shape of the model's country's (France 19FK43821; others letters and digits). */
const DEMO_PASSPORTS: Readonly<Record<string, string>> = {
  FR: '19FK43821',
  RU: '753418265',
  UA: 'FE482913',
  BR: 'YB482913',
};

export async function seedDemoSettlements(
  db: Database,
  storage: BlobStorage,
  owner: AuthContext,
  checker: AuthContext,
): Promise<void> {
  const payer = await defaultRecipientId(db, owner.teamId);
  if (payer === null) return;
  const today = businessDate(new Date());
  const lastMonth25 = addDays(monthStart(today), -6);
  const at = (date: string, time: string) => {
    const instant = businessInstant(date, time);
    return { db, clock: () => instant };
  };
  const when = (days: number, time: string) => at(addDays(today, days), time);
  const modelDeps = (date: string) => seedUploadDeps(db, storage, () => businessInstant(date, '09:00'));

  const { items } = await listReadyToSettle(at(lastMonth25, '09:00'), owner, { page: 1, per_page: 100 });
  const settleable = items.filter((item) => item.commission_rate !== null);
  const released = settleable.filter((item) => item.releasable.gross > 0);
  const [individual, studio, submitted, withMother] = released;
  const unpaid = settleable.find(
    (item) =>
      !released.slice(0, 4).includes(item) &&
      item.lines.some((line) => line.paid === 0 && line.waiting_gross > 0 && !line.advanced),
  );

  // The owner enters the account; it waits for a second member, who confirms it that afternoon.
  const describe = async (model: ReadyToSettle | undefined, date: string, update: ModelUpdate) => {
    if (!model) return;
    await updateModel(modelDeps(date), owner, model.model.id, update, origin);
    const pending = await getModelPendingChanges(modelDeps(date), checker, model.model.id);
    if (!pending.payout) return;
    const afternoon = seedUploadDeps(db, storage, () => businessInstant(date, '15:00'));
    await decideModelChange(afternoon, checker, pending.payout.id, { result: 'passed', comment: '' }, origin);
  };
  const accountsOn = addDays(lastMonth25, -20);
  await describe(individual, accountsOn, {
    payout_type: 'individual',
    ...payoutAccount(individual?.model.name ?? '', 0),
  });
  await describe(studio, accountsOn, {
    payout_type: 'studio',
    ...payoutAccount(`${studio?.model.name ?? ''}（上海）文化工作室`, 1),
  });
  await describe(submitted, accountsOn, {
    payout_type: 'individual',
    ...payoutAccount(submitted?.model.name ?? '', 2),
  });
  await describe(withMother, accountsOn, {
    payout_type: 'individual',
    ...payoutAccount(withMother?.model.name ?? '', 3),
    mother_agency: 'Elite Model Management（巴黎）',
    mother_agency_rate: 2000,
    mother_agency_basis: 'commission',
  });
  await describe(unpaid, accountsOn, {
    payout_type: 'individual',
    ...payoutAccount(unpaid?.model.name ?? '', 4),
  });

  // Of the models left, one with a usage licence to settle and one from abroad.
  const used = new Set([individual, studio, submitted, withMother, unpaid]);
  const rest = released.filter((item) => !used.has(item));
  const licensed = rest.find((item) =>
    item.lines.some((line) => line.kind === 'UsageFee' && line.releasable.gross > 0),
  );
  let foreigner: { ready: ReadyToSettle; nationality: string } | undefined;
  for (const item of rest.filter((candidate) => candidate !== licensed)) {
    const { row } = await getModel(modelDeps(accountsOn), owner, item.model.id);
    const nationality = row.model.nationality;
    if (nationality && nationality !== 'CN') {
      foreigner = { ready: item, nationality };
      break;
    }
  }
  await describe(licensed, accountsOn, {
    payout_type: 'individual',
    ...payoutAccount(licensed?.model.name ?? '', 5),
  });
  if (foreigner) {
    // In China for this season's work: a non-resident, declared by the passport.
    await describe(foreigner.ready, accountsOn, {
      payout_type: 'individual',
      id_type: 'passport',
      id_number: DEMO_PASSPORTS[foreigner.nationality] ?? 'X48291306',
      tax_residency: 'non_resident',
      first_entry_date: addDays(lastMonth25, -45),
      expected_departure_date: addDays(lastMonth25, 75),
      ...account(foreigner.ready.model.name, 6),
    });
  }

  /** Drafted, approved and paid on `date` as an individual (the tax worked out for that month). */
  const paidOn = async (model: ReadyToSettle, date: string, reference: string) => {
    const settlement = await createSettlement(
      at(date, '10:00'),
      owner,
      { model_id: model.model.id, advance: false },
      origin,
    );
    await submitSettlement(at(date, '10:05'), owner, settlement.id, origin);
    await decideSettlement(
      at(date, '14:30'),
      owner,
      settlement.id,
      { result: 'passed', comment: '' },
      origin,
    );
    await paySettlement(
      at(date, '16:00'),
      owner,
      settlement.id,
      { paid_on: date, reference, team_recipient_id: payer },
      origin,
    );
  };
  if (individual) {
    await createModelDeduction(
      modelDeps(addDays(lastMonth25, -12)),
      owner,
      individual.model.id,
      { kind: 'advance', occurred_on: addDays(lastMonth25, -12), amount: 50_000, note: '预支房租' },
      origin,
    );
    await paidOn(individual, lastMonth25, 'CMB20260001234');
  }
  if (licensed) await paidOn(licensed, addDays(lastMonth25, 1), 'CMB20260001266');
  if (foreigner) await paidOn(foreigner.ready, addDays(lastMonth25, 2), 'CMB20260001279');
  if (studio) {
    const settlement = await createSettlement(
      when(-2, '10:00'),
      owner,
      { model_id: studio.model.id, advance: false },
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
      { paid_on: addDays(today, -1), reference: 'CMB20260001388', team_recipient_id: payer },
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
  if (withMother) {
    await createModelDeduction(
      modelDeps(addDays(today, -3)),
      owner,
      withMother.model.id,
      { kind: 'expense', occurred_on: addDays(today, -3), amount: 32_000, note: '高铁票 上海—杭州 往返' },
      origin,
    );
    // Drafted as the seed runs: it may run at any hour, and nothing is dated after its own time.
    await createSettlement(
      { db, clock: () => new Date() },
      owner,
      { model_id: withMother.model.id, advance: false },
      origin,
    );
  }
  if (unpaid) {
    const line = unpaid.lines.find((candidate) => candidate.paid === 0 && candidate.waiting_gross > 0);
    if (line) {
      const settlement = await createSettlement(
        when(-1, '09:30'),
        owner,
        { model_id: unpaid.model.id, fee_line_ids: [line.fee_line_id], advance: true },
        origin,
      );
      await submitSettlement(when(-1, '09:35'), owner, settlement.id, origin);
      await decideSettlement(
        when(-1, '10:20'),
        owner,
        settlement.id,
        { result: 'passed', comment: '客户月底付款，先行垫付' },
        origin,
      );
    }
  }
}
