import { describe, expect, it, vi } from 'vitest';
import { type ChangeLogField, describeChanges, type NameLookup, referenceKey, shown } from './change-log';

interface Row {
  title: string | null;
  notes: string | null;
  amount: number | null;
  tier: 'a' | 'b' | null;
  tags: string[];
  meta: Record<string, number> | null;
  at: Date | null;
  ownerId: number | null;
  companyId: number | null;
  kinds: string;
}

const FIELDS: ChangeLogField<Row>[] = [
  { field: 'title', label: '标题' },
  { field: 'notes', label: '备注' },
  { field: 'amount', label: '金额', show: shown.money },
  { field: 'tier', label: '等级', show: shown.label({ a: '重要', b: '普通' }) },
  { field: 'tags', label: '标签' },
  { field: 'meta', label: '其他' },
  { field: 'at', label: '时间', show: shown.time },
  { field: 'ownerId', label: '负责人', show: shown.member },
  { field: 'companyId', label: '公司', show: shown.company },
  { field: 'kinds', label: '费用', markSameLooking: true, same: () => false },
];

const BEFORE: Row = {
  title: '春季',
  notes: null,
  amount: 123450,
  tier: 'a',
  tags: ['平面'],
  meta: { b: 1, a: 2 },
  at: new Date('2026-12-23T10:00:00Z'),
  ownerId: 1,
  companyId: 7,
  kinds: '费用×1',
};

const names = new Map([
  [referenceKey('member', 1), '小王'],
  [referenceKey('member', 2), '小李'],
  [referenceKey('company', 7), '星光传媒'],
]);
const lookup = () => vi.fn<NameLookup>(async () => names);

describe('describeChanges', () => {
  it('leaves out fields not sent and fields sent unchanged (objects compared whatever their key order)', async () => {
    const names = lookup();
    const changes = await describeChanges(
      names,
      BEFORE,
      { title: '春季', tags: ['平面'], meta: { a: 2, b: 1 }, at: new Date(BEFORE.at as Date), ownerId: 1 },
      FIELDS,
    );
    expect(changes).toEqual([]);
    expect(names).not.toHaveBeenCalled();
  });

  it('shows nothing (null, empty text or list) as --, and a cleared value too', async () => {
    const changes = await describeChanges(
      lookup(),
      BEFORE,
      { notes: '备注一', title: null, tags: [] },
      FIELDS,
    );
    expect(changes).toEqual([
      { field: '标题', before: '春季', after: '--' },
      { field: '备注', before: '--', after: '备注一' },
      { field: '标签', before: '平面', after: '--' },
    ]);
  });

  it('shows money as yuan, enums by their label, instants in business time, lists joined', async () => {
    const changes = await describeChanges(
      lookup(),
      BEFORE,
      { amount: 5, tier: 'b', at: new Date('2026-12-23T16:30:00Z'), tags: ['平面', '走秀'] },
      FIELDS,
    );
    expect(changes).toEqual([
      { field: '金额', before: '¥1,234.50', after: '¥0.05' },
      { field: '等级', before: '重要', after: '普通' },
      { field: '标签', before: '平面', after: '平面、走秀' },
      { field: '时间', before: '2026-12-23 18:00', after: '2026-12-24 00:30' },
    ]);
  });

  it('names referenced records from one lookup for every changed reference', async () => {
    const names = lookup();
    const changes = await describeChanges(
      names,
      BEFORE,
      { ownerId: 2, companyId: null, title: '秋季' },
      FIELDS,
    );
    expect(changes).toEqual([
      { field: '标题', before: '春季', after: '秋季' },
      { field: '负责人', before: '小王', after: '小李' },
      { field: '公司', before: '星光传媒', after: '--' },
    ]);
    expect(names).toHaveBeenCalledTimes(1);
    expect(names).toHaveBeenCalledWith({ member: [1, 2], company: [7] });
  });

  it('shows a record not found (another team, gone) as --', async () => {
    const changes = await describeChanges(lookup(), BEFORE, { ownerId: 99 }, FIELDS);
    expect(changes).toEqual([{ field: '负责人', before: '小王', after: '--' }]);
  });

  it('marks a change that reads the same on both sides', async () => {
    const changes = await describeChanges(lookup(), BEFORE, { kinds: '费用×1' }, FIELDS);
    expect(changes).toEqual([{ field: '费用', before: '费用×1', after: '费用×1（已修改）' }]);
  });
});
