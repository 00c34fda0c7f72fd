/**
 * People, known by their mobile number. Users belong to no team: what they may do comes from their
 * memberships (organization.service.ts). Functions take the caller's transaction when they join a write.
 */
import type { Database } from '../../db/client';
import { findUserByMobile, type UserRow, upsertUser } from './user.repository';

export type { UserRow as User } from './user.repository';

export function findUser(db: Database, mobile: string): Promise<UserRow | undefined> {
  return findUserByMobile(db, mobile);
}

export function ensureUser(db: Database, mobile: string): Promise<UserRow> {
  return upsertUser(db, mobile);
}
