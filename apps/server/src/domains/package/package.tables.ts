import { SHARE_APPS, SHARE_DEVICES, SHARE_VIEW_PAGES, type ShareField } from '@trackit/contract/share';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { models } from '../model/model.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';

/**
 * A package (docs/product.md "Packages and share pages"): models sent to a client by an unguessable link,
 * its share link (share/share.tables.ts, kind `package`), which holds its expiry and revocation.
 * `view_count`, `pick_count` and the view times are kept here, written with each view and pick, so the
 * list reads them without counting.
 */
export const packages = pgTable(
  'packages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    title: varchar('title', { length: 50 }).notNull(),
    message: text('message').notNull().default(''),
    companyId: bigint('company_id', { mode: 'number' }),
    contactId: bigint('contact_id', { mode: 'number' }),
    fields: text('fields').array().$type<ShareField[]>().notNull(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    viewCount: integer('view_count').notNull().default(0),
    pickCount: integer('pick_count').notNull().default(0),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true, mode: 'date' }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  // Each list order (PACKAGE_SORTS) and filter has an index led by the team.
  (t) => [
    teamKey('packages', t),
    teamReference('packages_company_team_fk', t.teamId, t.companyId, companies),
    teamReference('packages_contact_team_fk', t.teamId, t.contactId, contacts),
    teamReference('packages_created_by_membership_team_fk', t.teamId, t.createdByMembershipId, memberships),
    index('packages_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('packages_team_viewed_idx').on(t.teamId, t.lastViewedAt.desc().nullsLast(), t.id.desc()),
    index('packages_team_company_idx').on(t.teamId, t.companyId, t.createdAt.desc()),
    index('packages_team_creator_idx').on(t.teamId, t.createdByMembershipId, t.createdAt.desc()),
  ],
);

/**
 * A model of a package, in its place, with the folders and single files shown (both empty: the model's
 * portfolio folders as they are when opened). Ids in arrays: a folder or file deleted later is skipped.
 */
export const packageModels = pgTable(
  'package_models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    folderIds: bigint('folder_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    fileIds: bigint('file_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  },
  (t) => [
    teamKey('package_models', t),
    teamReference('package_models_package_team_fk', t.teamId, t.packageId, packages).onDelete('cascade'),
    teamReference('package_models_model_team_fk', t.teamId, t.modelId, models),
    uniqueIndex('package_models_package_model_key').on(t.packageId, t.modelId),
    index('package_models_package_position_idx').on(t.packageId, t.position),
    index('package_models_team_model_idx').on(t.teamId, t.modelId),
  ],
);

/** One open of a share page; `visible_ms` grows as the page reports how long it stayed visible. */
export const packageViews = pgTable(
  'package_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    viewKey: varchar('view_key', { length: 64 }).notNull(),
    visitorId: varchar('visitor_id', { length: 64 }).notNull(),
    visitorName: varchar('visitor_name', { length: 30 }),
    page: enumColumn('page', SHARE_VIEW_PAGES, 16).notNull(),
    modelId: bigint('model_id', { mode: 'number' }),
    app: enumColumn('app', SHARE_APPS, 8).notNull(),
    device: enumColumn('device', SHARE_DEVICES, 8).notNull(),
    visibleMs: integer('visible_ms').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    teamKey('package_views', t),
    teamReference('package_views_package_team_fk', t.teamId, t.packageId, packages).onDelete('cascade'),
    teamReference('package_views_model_team_fk', t.teamId, t.modelId, models),
    uniqueIndex('package_views_package_key').on(t.packageId, t.viewKey),
    index('package_views_package_opened_idx').on(t.packageId, t.openedAt.desc(), t.id.desc()),
    enumCheck('package_views_page_check', t.page, SHARE_VIEW_PAGES),
    enumCheck('package_views_app_check', t.app, SHARE_APPS),
    enumCheck('package_views_device_check', t.device, SHARE_DEVICES),
  ],
);

/** A client's heart and comment on a model: one per device and model, the latest kept. */
export const packagePicks = pgTable(
  'package_picks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    visitorId: varchar('visitor_id', { length: 64 }).notNull(),
    visitorName: varchar('visitor_name', { length: 30 }),
    picked: boolean('picked').notNull(),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    teamKey('package_picks', t),
    teamReference('package_picks_package_team_fk', t.teamId, t.packageId, packages).onDelete('cascade'),
    teamReference('package_picks_model_team_fk', t.teamId, t.modelId, models),
    uniqueIndex('package_picks_visitor_model_key').on(t.packageId, t.visitorId, t.modelId),
    index('package_picks_package_updated_idx').on(t.packageId, t.updatedAt.desc(), t.id.desc()),
  ],
);
