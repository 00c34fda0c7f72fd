import { describe, expect, it } from 'vitest';
import { formatDetailValue, formatOperationDetail, formatTarget } from './operation-detail';

describe('formatOperationDetail', () => {
  it('shows a before/after pair as old → new per field', () => {
    expect(formatOperationDetail({ before: { nickname: '小王' }, after: { nickname: '王小明' } })).toEqual([
      '昵称：小王 → 王小明',
    ]);
  });

  it('covers fields present on one side only, and fields beside the pair', () => {
    expect(
      formatOperationDetail({
        before: { nickname: 'a' },
        after: { nickname: 'b', avatar: 'x.png' },
        ended: 1,
      }),
    ).toEqual(['昵称：a → b', '头像：-- → x.png', '下线设备数：1']);
  });

  it('lists other details as label: value, unknown keys as they are', () => {
    expect(
      formatOperationDetail({
        ended: 2,
        session_ids: ['0b7c2f4e-1d2a-4c3b-9a8e-123456789abc', '1c8d3a5f-2e3b-4d4c-8b9f-abcdefabcdef'],
      }),
    ).toEqual(['下线设备数：2', '设备：0b7c2f4e、1c8d3a5f']);
    expect(formatOperationDetail({ something_new: 'x', flag: true })).toEqual([
      'something_new：x',
      'flag：是',
    ]);
  });

  it('reads a from_x / to_x pair as one change, whatever the key order', () => {
    expect(formatOperationDetail({ to_membership_id: 1, from_membership_id: 2 })).toEqual([
      '成员编号：2 → 1',
    ]);
    expect(formatOperationDetail({ from_stage: 'a', extra: 1 })).toEqual(['from_stage：a', 'extra：1']);
  });

  it('says nothing for no detail', () => {
    expect(formatOperationDetail(null)).toEqual([]);
    expect(formatOperationDetail({})).toEqual([]);
  });
});

describe('formatDetailValue', () => {
  it('shows empty values as --', () => {
    expect(formatDetailValue(null)).toBe('--');
    expect(formatDetailValue(undefined)).toBe('--');
    expect(formatDetailValue('')).toBe('--');
    expect(formatDetailValue([])).toBe('--');
  });

  it('shows numbers, booleans and nested objects plainly', () => {
    expect(formatDetailValue(0)).toBe('0');
    expect(formatDetailValue(false)).toBe('否');
    expect(formatDetailValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('formatTarget', () => {
  it('names the record kind with its id', () => {
    expect(formatTarget('membership', '12')).toBe('成员 #12');
    expect(formatTarget('session', '0b7c2f4e-1d2a-4c3b-9a8e-123456789abc')).toBe('登录会话 #0b7c2f4e');
    expect(formatTarget('order', '7')).toBe('order #7');
  });

  it('copes with a missing half, and with nothing', () => {
    expect(formatTarget('team', null)).toBe('团队');
    expect(formatTarget(null, '5')).toBe('#5');
    expect(formatTarget(null, null)).toBe('--');
  });
});
