import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { describe, expect, it } from 'vitest';
import {
  teamRecipientCreateBody,
  teamRecipientFormValues,
  teamRecipientUpdateBody,
} from './team-recipient-form';

const stored: TeamRecipient = {
  id: 3,
  name: '上海星辰模特经纪有限公司',
  short_name: '星辰经纪',
  credit_code: '91310106MA1FY4XK3E',
  taxpayer_type: 'general',
  address: '',
  phone: '',
  bank: 'cmb',
  bank_name: null,
  pending_bank_change: null,
  branch: '上海静安支行',
  account_number: '121909876510201',
  default_tax_rate: null,
  is_default: true,
  status: 'active',
  order_count: 2,
  can: { edit: true, manage: false },
  created_at: '2026-11-24T02:00:00.000Z',
  updated_at: '2026-11-24T02:00:00.000Z',
};

describe('payee entity form', () => {
  it('shows the stored account grouped by four and sends it as digits', () => {
    const values = teamRecipientFormValues(stored);
    expect(values.account_number).toBe('1219 0987 6510 201');
    expect(teamRecipientUpdateBody(values, true)).toMatchObject({
      account_number: '121909876510201',
      bank: 'cmb',
      is_default: true,
    });
  });

  it('leaves the bank fields and the default out of an editor’s change', () => {
    const body = teamRecipientUpdateBody({ ...teamRecipientFormValues(stored), short_name: ' 星辰 ' }, false);
    expect(body).toEqual({
      name: stored.name,
      short_name: '星辰',
      credit_code: stored.credit_code,
      taxpayer_type: 'general',
      address: '',
      phone: '',
      default_tax_rate: null,
      status: 'active',
    });
  });

  it('creates with the account; the default only for a manager', () => {
    const values = {
      ...teamRecipientFormValues(),
      name: '上海星光摄影工作室',
      short_name: '星光',
      credit_code: '92310104ma1kb6t08y',
      bank: 'icbc' as const,
      branch: '上海江宁路支行',
      account_number: '1001 2345 0987 6543 210',
      is_default: true,
    };
    expect(teamRecipientCreateBody(values, false)).toMatchObject({
      credit_code: '92310104MA1KB6T08Y',
      account_number: '1001234509876543210',
    });
    expect(teamRecipientCreateBody(values, false).is_default).toBeUndefined();
    expect(teamRecipientCreateBody(values, true).is_default).toBe(true);
  });

  it('sends the name of another bank, and none for a listed bank even if one was typed before', () => {
    const values = {
      ...teamRecipientFormValues(stored),
      bank: 'other' as const,
      bank_name: ' 上海农商银行 ',
      branch: '静安支行',
    };
    expect(teamRecipientUpdateBody(values, true)).toMatchObject({ bank: 'other', bank_name: '上海农商银行' });
    expect(teamRecipientUpdateBody({ ...values, bank: 'cib' }, true)).toMatchObject({
      bank: 'cib',
      bank_name: null,
    });
  });
});
