/**
 * The demo agency's finance controls, shown waiting (docs/product.md "Changes that wait for approval"):
 * - 周楠 (经纪人, below accounting manage) raised the commission of a model 林晓 looks after, 15 % → 40 %:
 *   it waits for approval in 林晓's and 王静's 待我审批, the model still at 15 %;
 * - 林晓 moved the studio's (星光工作室) account to a city commercial bank: it waits for 王静, the maker
 *   may not confirm it, and the studio keeps its account until then.
 * Through the services, at the business time each step would have happened.
 */
import type { Database } from '../db/client';
import { listTeamModels } from '../domains/model/model.service';
import { updateModel } from '../domains/model/model-write.service';
import { updateTeamRecipient } from '../domains/team-recipient/team-recipient.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import type { AuthContext } from '../http/auth-context';
import { seedUploadDeps } from './demo-models';

const origin = { ip: '', userAgent: '' };
const HOUR = 3_600_000;

export async function seedDemoControls(
  db: Database,
  storage: BlobStorage,
  people: { owner: AuthContext; agent: AuthContext },
  studioId: number | undefined,
): Promise<void> {
  const at = (hoursAgo: number) => {
    const instant = new Date(Date.now() - hoursAgo * HOUR);
    return seedUploadDeps(db, storage, () => instant);
  };
  const { items } = await listTeamModels(at(3), people.owner, {
    page: 1,
    per_page: 100,
    manager_member_id: people.owner.membershipId,
    status: 'active',
  });
  const model = items.find((item) => item.row.model.commissionRate === 1500) ?? items[0];
  if (model) {
    await updateModel(at(2), people.agent, model.row.model.id, { commission_rate: 4000 }, origin);
  }
  if (studioId !== undefined) {
    await updateTeamRecipient(
      { db, clock: () => new Date(Date.now() - 20 * HOUR) },
      people.owner,
      studioId,
      {
        bank: 'other',
        bank_name: '上海农村商业银行',
        branch: '静安支行',
        account_number: '50131000862345678',
      },
      origin,
    );
  }
}
