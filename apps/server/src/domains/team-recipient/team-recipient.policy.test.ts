import { describe, expect, it } from 'vitest';
import { managedFieldsChanged, teamRecipientAbilities, teamRecipientRefusal } from './team-recipient.policy';

const stored = {
  bank: 'cmb',
  bank_name: null,
  branch: '上海静安支行',
  account_number: '121909876510201',
  is_default: false,
};

describe('payee entity policy', () => {
  it('sees which managed fields a body changes', () => {
    expect(managedFieldsChanged({ bank: 'cmb', branch: '上海静安支行' }, stored)).toEqual([]);
    expect(managedFieldsChanged({ bank: 'boc', account_number: '121909876510201' }, stored)).toEqual([
      'bank',
    ]);
    expect(managedFieldsChanged({ is_default: true, account_number: '1' }, stored)).toEqual([
      'account_number',
      'is_default',
    ]);
    // Another bank's name counts as a bank field.
    expect(managedFieldsChanged({ bank: 'other', bank_name: '上海银行' }, stored)).toEqual([
      'bank',
      'bank_name',
    ]);
    expect(managedFieldsChanged({ bank_name: null }, stored)).toEqual([]);
    // On create every bank field sent counts; is_default only when true.
    expect(managedFieldsChanged({ bank: 'cmb', is_default: false }, null)).toEqual(['bank']);
    expect(managedFieldsChanged({ is_default: true }, null)).toEqual(['is_default']);
  });

  it('lets edit create with an account but not as the default; changes of bank or default need manage', () => {
    expect(teamRecipientRefusal('edit', ['bank', 'branch', 'account_number'], true)).toBeNull();
    expect(teamRecipientRefusal('edit', ['bank', 'is_default'], true)).toBe('forbidden');
    expect(teamRecipientRefusal('manage', ['bank', 'is_default'], true)).toBeNull();
    expect(teamRecipientRefusal('edit', [], false)).toBeNull();
    expect(teamRecipientRefusal('edit', ['account_number'], false)).toBe('forbidden');
    expect(teamRecipientRefusal('manage', ['account_number'], false)).toBeNull();
    expect(teamRecipientRefusal('read', [], false)).toBe('forbidden');
    expect(teamRecipientRefusal(undefined, [], true)).toBe('forbidden');
  });

  it('fills `can` from the level', () => {
    expect(teamRecipientAbilities(undefined)).toEqual({ edit: false, manage: false });
    expect(teamRecipientAbilities('read')).toEqual({ edit: false, manage: false });
    expect(teamRecipientAbilities('edit')).toEqual({ edit: true, manage: false });
    expect(teamRecipientAbilities('manage')).toEqual({ edit: true, manage: true });
  });
});
