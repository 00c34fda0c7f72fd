/**
 * The demo agency's payee entities (收款主体): its company, a general taxpayer and the default, and a
 * small-scale photo studio at the reduced 1 % rate, created through the service as the owner would
 * (each with its operation-log entry). Called by `seedDemo` before the orders, which point at them.
 */
import { creditCodeCheckChar } from '@trackit/contract/patterns';
import type { TeamRecipientCreate } from '@trackit/contract/team-recipient.schema';
import type { Database } from '../db/client';
import { createTeamRecipient } from '../domains/team-recipient/team-recipient.service';
import type { AuthContext } from '../http/auth-context';

/** A valid credit code from its first 17 characters (the check character computed, GB 32100-2015). */
const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

const RECIPIENTS: TeamRecipientCreate[] = [
  {
    name: '上海星辰模特经纪有限公司',
    short_name: '星辰经纪',
    credit_code: code('91310106MA1FY4XK3'),
    taxpayer_type: 'general',
    address: '上海市静安区南京西路 1266 号恒隆广场 2 座 3105 室',
    phone: '021-6288 1234',
    bank: 'cmb',
    branch: '上海静安支行',
    account_number: '121909876510201',
    default_tax_rate: null,
    is_default: true,
  },
  {
    name: '上海静安区星光摄影工作室',
    short_name: '星光工作室',
    credit_code: code('92310106MA1KB6T08'),
    taxpayer_type: 'small_scale',
    address: '上海市静安区江宁路 77 号 5 楼',
    phone: '021-6255 8866',
    bank: 'icbc',
    branch: '上海江宁路支行',
    account_number: '1001238709000456789',
    default_tax_rate: 1,
    is_default: false,
  },
];

/** Creates the two entities; answers the studio's id (for the orders it invoices). */
export async function seedDemoRecipients(db: Database, author: AuthContext): Promise<number | undefined> {
  const origin = { ip: '', userAgent: '' };
  let studio: number | undefined;
  for (const [index, recipient] of RECIPIENTS.entries()) {
    // Before the finance year (demo-finance), whose first invoices are 11 months old.
    const at = new Date(Date.now() - (420 - index) * 86_400_000);
    const { row } = await createTeamRecipient({ db, clock: () => at }, author, recipient, origin);
    if (recipient.taxpayer_type === 'small_scale') studio = row.id;
  }
  return studio;
}
