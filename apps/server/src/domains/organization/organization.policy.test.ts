import type { PermissionLevel } from '@trackit/contract/enums';
import { ORGANIZATION_MESSAGES } from '@trackit/contract/organization.schema';
import { PERMISSION_KEYS, type PermissionKey } from '@trackit/contract/permissions';
import { describe, expect, it } from 'vitest';
import {
  type CallerGrants,
  checkGrantsWithin,
  checkMemberAccessChange,
  managesOrganization,
  requireOrganizationManage,
} from './organization.policy';

const grants = (entries: [PermissionKey, PermissionLevel][]): CallerGrants => new Map(entries);
const owner = grants(PERMISSION_KEYS.map((key) => [key, 'manage']));
const editor = grants([
  ['organization', 'edit'],
  ['data_management', 'read'],
]);
const manager = grants([
  ['organization', 'manage'],
  ['calendar', 'edit'],
]);

describe('organization manage', () => {
  it('is held at manage only', () => {
    expect(managesOrganization(owner)).toBe(true);
    expect(managesOrganization(manager)).toBe(true);
    expect(managesOrganization(editor)).toBe(false);
    expect(managesOrganization(grants([]))).toBe(false);
  });

  it('refuses an editor with 403 and the manage message', () => {
    expect(requireOrganizationManage(manager)).toBeNull();
    expect(requireOrganizationManage(editor)).toEqual({
      error: 'forbidden',
      message: ORGANIZATION_MESSAGES.manageRequired,
    });
  });
});

describe('checkGrantsWithin', () => {
  it('allows levels at or below the caller’s own, and nothing at all', () => {
    expect(
      checkGrantsWithin(
        owner,
        PERMISSION_KEYS.map((key) => ({ key, level: 'manage' })),
      ),
    ).toBeNull();
    expect(
      checkGrantsWithin(manager, [
        { key: 'organization', level: 'manage' },
        { key: 'organization', level: 'read' },
        { key: 'calendar', level: 'edit' },
        { key: 'calendar', level: 'read' },
      ]),
    ).toBeNull();
    expect(checkGrantsWithin(grants([]), [])).toBeNull();
  });

  it('refuses a level above the caller’s own with 403 naming the key and level', () => {
    expect(checkGrantsWithin(editor, [{ key: 'organization', level: 'manage' }])).toEqual({
      error: 'forbidden',
      message: ORGANIZATION_MESSAGES.grantAboveOwn('组织架构', '管理'),
    });
    expect(checkGrantsWithin(editor, [{ key: 'data_management', level: 'edit' }])?.message).toBe(
      ORGANIZATION_MESSAGES.grantAboveOwn('信息管理', '编辑'),
    );
  });

  it('refuses any level of a key the caller does not hold', () => {
    expect(checkGrantsWithin(editor, [{ key: 'accounting', level: 'read' }])?.error).toBe('forbidden');
  });

  it('names the first key in menu order that goes too far, whatever the order given', () => {
    const refusal = checkGrantsWithin(grants([]), [
      { key: 'operation_record', level: 'read' },
      { key: 'calendar', level: 'read' },
    ]);
    expect(refusal?.message).toBe(ORGANIZATION_MESSAGES.grantAboveOwn('日历', '查看'));
  });
});

describe('checkMemberAccessChange', () => {
  const target = { membershipId: 7, isOwner: false };

  it('lets anything else through: no role or status change needs no check', () => {
    expect(checkMemberAccessChange(grants([]), 1, target, { role: false, status: false })).toBeNull();
  });

  it('needs manage for a role or a status change', () => {
    for (const change of [
      { role: true, status: false },
      { role: false, status: true },
    ]) {
      expect(checkMemberAccessChange(editor, 1, target, change)?.error).toBe('forbidden');
      expect(checkMemberAccessChange(manager, 1, target, change)).toBeNull();
    }
  });

  it('never touches the owner’s role or status (409)', () => {
    const refusal = checkMemberAccessChange(
      manager,
      1,
      { membershipId: 7, isOwner: true },
      { role: true, status: false },
    );
    expect(refusal).toEqual({ error: 'conflict', message: ORGANIZATION_MESSAGES.ownerUntouchable });
  });

  it('refuses the caller’s own status but not their own role', () => {
    expect(checkMemberAccessChange(manager, 7, target, { role: false, status: true })).toEqual({
      error: 'conflict',
      message: ORGANIZATION_MESSAGES.selfStatus,
    });
    expect(checkMemberAccessChange(manager, 7, target, { role: true, status: false })).toBeNull();
  });

  it('asks for manage before saying the target is untouchable', () => {
    expect(
      checkMemberAccessChange(editor, 1, { membershipId: 7, isOwner: true }, { role: true, status: false })
        ?.error,
    ).toBe('forbidden');
  });
});
