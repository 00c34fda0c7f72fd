/**
 * Who may change what of a payee entity (docs/product.md "Payee entities"), as pure functions of the
 * caller's `team_recipient` level and what the body changes. The route demands edit; where the money goes
 * (bank, branch, account number) and which entity is the default need manage, the same answer filling
 * the entity's `can`. Changed bank details are how invoice fraud starts, hence the higher level.
 */
import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows } from '@trackit/contract/permissions';
import {
  TEAM_RECIPIENT_MANAGED_FIELDS,
  type TeamRecipientAbilities,
  type TeamRecipientManagedField,
} from '@trackit/contract/team-recipient.schema';

/** The managed fields of a body whose value differs from the entity's (all those sent, on create). */
export function managedFieldsChanged(
  input: Partial<Record<TeamRecipientManagedField, unknown>>,
  before: Record<TeamRecipientManagedField, unknown> | null,
): TeamRecipientManagedField[] {
  return TEAM_RECIPIENT_MANAGED_FIELDS.filter((field) => {
    const value = input[field];
    if (value === undefined) return false;
    if (before === null) return field !== 'is_default' || value === true;
    return value !== before[field];
  });
}

/**
 * Why the caller may not write these changes, or null when they may. A new entity's first bank details
 * are no change of where money goes (nothing refers to the entity yet), so edit creates with them; making
 * it the default, and any later change of bank details or default, needs manage.
 */
export function teamRecipientRefusal(
  level: PermissionLevel | undefined,
  changed: readonly TeamRecipientManagedField[],
  creating: boolean,
): 'forbidden' | null {
  if (!levelAllows(level, 'edit')) return 'forbidden';
  const needsManage = creating ? changed.includes('is_default') : changed.length > 0;
  return needsManage && !levelAllows(level, 'manage') ? 'forbidden' : null;
}

/** The entity's `can`: what the caller's level lets them change. */
export function teamRecipientAbilities(level: PermissionLevel | undefined): TeamRecipientAbilities {
  return { edit: levelAllows(level, 'edit'), manage: levelAllows(level, 'manage') };
}
