import type { CompanyIndustry, CompanyTier, RecordStatus } from '@trackit/contract/enums';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { contacts } from '../contact/contact.tables';
import { orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { packages } from '../package/package.tables';
import { receipts } from '../receipt/receipt.tables';
import { companies } from './company.tables';

export type CompanyRecord = typeof companies.$inferSelect;
export type CompanyRow = CompanyRecord & {
  ownerNickname: string | null;
  contactCount: number;
};

// Written with table names: the subquery's own "id" must not be taken for the company's. Archived
// contacts are not counted. Served by contacts_team_company_idx.
const contactCount = sql<number>`(select count(*)::int from "contacts" where "contacts"."team_id" = "companies"."team_id" and "contacts"."company_id" = "companies"."id" and "contacts"."status" = 'active')`;

/** The company with its owner's nickname and its active contacts' number, in one query. */
function selectCompanies(db: Database) {
  return db
    .select({ company: companies, ownerNickname: memberships.nickname, contactCount })
    .from(companies)
    .leftJoin(memberships, eq(memberships.id, companies.ownerMembershipId));
}

const toRow = (row: { company: CompanyRecord; ownerNickname: string | null; contactCount: number }) => ({
  ...row.company,
  ownerNickname: row.ownerNickname,
  contactCount: row.contactCount,
});

export async function insertCompany(db: Database, values: typeof companies.$inferInsert): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('company not created');
  return row.id;
}

export async function updateCompanyRow(
  db: Database,
  teamId: number,
  companyId: number,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db
    .update(companies)
    .set(values)
    .where(and(eq(companies.id, companyId), eq(companies.teamId, teamId)));
}

export async function findCompany(
  db: Database,
  teamId: number,
  companyId: number,
): Promise<CompanyRow | undefined> {
  const [row] = await selectCompanies(db).where(
    and(eq(companies.id, companyId), eq(companies.teamId, teamId)),
  );
  return row ? toRow(row) : undefined;
}

/** The team's company, locked while it is changed (two edits never interleave their checks). */
export async function findCompanyForUpdate(tx: Database, teamId: number, companyId: number) {
  const [row] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.teamId, teamId)))
    .for('update');
  return row;
}

/**
 * The team's company, held while a record that refers to it is written (a contact, an order, a package):
 * a deletion, which locks it for update, waits for that write or is waited for.
 */
export async function findCompanyForReference(tx: Database, teamId: number, companyId: number) {
  const [row] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.teamId, teamId)))
    .for('key share');
  return row;
}

/** What refers to the company (a deletion's check): its orders, packages, contacts (archived too) and receipts. */
export async function countCompanyReferences(db: Database, teamId: number, companyId: number) {
  // One after another: inside a deletion's transaction the three share one connection.
  const [orderCount] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.companyId, companyId)));
  const [packageCount] = await db
    .select({ total: count() })
    .from(packages)
    .where(and(eq(packages.teamId, teamId), eq(packages.companyId, companyId)));
  const [contactCount] = await db
    .select({ total: count() })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.companyId, companyId)));
  const [receiptCount] = await db
    .select({ total: count() })
    .from(receipts)
    .where(and(eq(receipts.teamId, teamId), eq(receipts.companyId, companyId)));
  return {
    orders: orderCount?.total ?? 0,
    packages: packageCount?.total ?? 0,
    contacts: contactCount?.total ?? 0,
    receipts: receiptCount?.total ?? 0,
  };
}

export async function deleteCompanyRow(tx: Database, teamId: number, companyId: number): Promise<void> {
  await tx.delete(companies).where(and(eq(companies.id, companyId), eq(companies.teamId, teamId)));
}

/** Another company of the team with this name or credit code, if any (archived ones count). */
export async function findCompanyClash(
  db: Database,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | null | undefined },
  exceptId?: number,
): Promise<{ field: 'name' | 'credit_code'; name: string } | undefined> {
  const matches = [
    values.name ? eq(companies.name, values.name) : undefined,
    values.creditCode ? eq(companies.creditCode, values.creditCode) : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return undefined;
  const rows = await db
    .select({ id: companies.id, name: companies.name, creditCode: companies.creditCode })
    .from(companies)
    .where(and(eq(companies.teamId, teamId), or(...matches)))
    .limit(3);
  const others = rows.filter((row) => row.id !== exceptId);
  const byName = others.find((row) => values.name && row.name === values.name);
  if (byName) return { field: 'name', name: byName.name };
  const byCode = others.find((row) => values.creditCode && row.creditCode === values.creditCode);
  return byCode ? { field: 'credit_code', name: byCode.name } : undefined;
}

export interface CompanyListFilter {
  keyword?: string | undefined;
  industry?: CompanyIndustry | undefined;
  tier?: CompanyTier | undefined;
  ownerMembershipId?: number | undefined;
  status?: RecordStatus | undefined;
}

/** The team's companies, newest first, each with its owner and number of contacts (one query, paged in the database). */
export async function listCompanies(
  db: Database,
  teamId: number,
  filter: CompanyListFilter,
  window: PageWindow,
) {
  const where = and(
    eq(companies.teamId, teamId),
    filter.keyword
      ? or(
          ilike(companies.name, containing(filter.keyword)),
          ilike(companies.shortName, containing(filter.keyword)),
          ilike(companies.creditCode, containing(filter.keyword)),
        )
      : undefined,
    filter.industry ? eq(companies.industry, filter.industry) : undefined,
    filter.tier ? eq(companies.tier, filter.tier) : undefined,
    filter.ownerMembershipId ? eq(companies.ownerMembershipId, filter.ownerMembershipId) : undefined,
    filter.status ? eq(companies.status, filter.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectCompanies(db)
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}

/** Hands every company the member owns in the team to another member; returns how many moved. */
export async function reassignCompanyOwner(
  tx: Database,
  teamId: number,
  fromMembershipId: number,
  toMembershipId: number,
  now: Date,
): Promise<{ id: number; name: string }[]> {
  return tx
    .update(companies)
    .set({ ownerMembershipId: toMembershipId, updatedAt: now })
    .where(and(eq(companies.teamId, teamId), eq(companies.ownerMembershipId, fromMembershipId)))
    .returning({ id: companies.id, name: companies.name });
}
