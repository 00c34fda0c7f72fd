import type { RecordStatus } from '@trackit/contract/enums';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { orders } from '../order/order.tables';
import { packages } from '../package/package.tables';
import { contacts } from './contact.tables';

export type ContactRecord = typeof contacts.$inferSelect;
export type ContactRow = ContactRecord & { companyName: string | null };

/** The contact with its company's name (a read of the company's table, in the same query). */
function selectContacts(db: Database) {
  return db
    .select({ contact: contacts, companyName: companies.name })
    .from(contacts)
    .leftJoin(companies, eq(companies.id, contacts.companyId));
}

const toRow = (row: { contact: ContactRecord; companyName: string | null }): ContactRow => ({
  ...row.contact,
  companyName: row.companyName,
});

export async function insertContact(db: Database, values: typeof contacts.$inferInsert): Promise<number> {
  const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
  if (!row) throw new Error('contact not created');
  return row.id;
}

export async function updateContactRow(
  db: Database,
  teamId: number,
  contactId: number,
  values: Partial<typeof contacts.$inferInsert>,
) {
  await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.id, contactId), eq(contacts.teamId, teamId)));
}

export async function findContact(
  db: Database,
  teamId: number,
  contactId: number,
): Promise<ContactRow | undefined> {
  const [row] = await selectContacts(db).where(and(eq(contacts.id, contactId), eq(contacts.teamId, teamId)));
  return row ? toRow(row) : undefined;
}

/** The ids of a company's contacts (archived too), for the company's history. */
export async function listCompanyContactIds(db: Database, teamId: number, companyId: number) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.companyId, companyId)));
  return rows.map((row) => row.id);
}

/** The team's contact, locked while it is changed or deleted. */
export async function findContactForUpdate(tx: Database, teamId: number, contactId: number) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.teamId, teamId)))
    .for('update');
  return row;
}

export interface ContactListFilter {
  companyId?: number | undefined;
  keyword?: string | undefined;
  status?: RecordStatus | undefined;
}

/** The team's contacts, newest first, with their company's name; paged in the database. */
export async function listContacts(
  db: Database,
  teamId: number,
  filter: ContactListFilter,
  window: PageWindow,
) {
  const where = and(
    eq(contacts.teamId, teamId),
    filter.companyId ? eq(contacts.companyId, filter.companyId) : undefined,
    filter.keyword
      ? or(
          ilike(contacts.name, containing(filter.keyword)),
          ilike(contacts.mobile, containing(filter.keyword)),
          ilike(contacts.wechat, containing(filter.keyword)),
          ilike(contacts.email, containing(filter.keyword)),
        )
      : undefined,
    filter.status ? eq(contacts.status, filter.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectContacts(db)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}

/**
 * The team's contact, held while a record that refers to it is written (an order, a package): a
 * deletion, which locks it for update, waits for that write or is waited for.
 */
export async function findContactForReference(tx: Database, teamId: number, contactId: number) {
  const [row] = await tx
    .select({ id: contacts.id, name: contacts.name, companyId: contacts.companyId })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.teamId, teamId)))
    .for('key share');
  return row;
}

/** The team's contacts (archived too) with this mobile, oldest first (a warning before creating). */
export async function findContactsWithMobile(
  db: Database,
  teamId: number,
  mobile: string,
  limit: number,
): Promise<ContactRow[]> {
  const rows = await selectContacts(db)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.mobile, mobile)))
    .orderBy(asc(contacts.id))
    .limit(limit);
  return rows.map(toRow);
}

/** What refers to the contact (a deletion's check): its orders and packages. */
export async function countContactReferences(db: Database, teamId: number, contactId: number) {
  // One after another: inside a deletion's transaction the two share one connection.
  const [orderCount] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.contactId, contactId)));
  const [packageCount] = await db
    .select({ total: count() })
    .from(packages)
    .where(and(eq(packages.teamId, teamId), eq(packages.contactId, contactId)));
  return { orders: orderCount?.total ?? 0, packages: packageCount?.total ?? 0 };
}

export async function deleteContactRow(tx: Database, teamId: number, contactId: number): Promise<void> {
  await tx.delete(contacts).where(and(eq(contacts.id, contactId), eq(contacts.teamId, teamId)));
}
