import { describe, expect, it, vi } from 'vitest';
import { operateKeys, operationLogsQuery, orderDateRange } from './operate.queries';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

describe('orderDateRange', () => {
  it('puts a reversed range in order', () => {
    expect(orderDateRange({ page: 1, per_page: 20, from: '2025-03-10', to: '2025-03-01' })).toEqual({
      page: 1,
      per_page: 20,
      from: '2025-03-01',
      to: '2025-03-10',
    });
  });

  it('leaves an ordered or open range as it is', () => {
    const ordered = { page: 2, per_page: 20, from: '2025-03-01', to: '2025-03-01' };
    expect(orderDateRange(ordered)).toBe(ordered);
    const open = { page: 1, per_page: 20, from: '2025-03-10' };
    expect(orderDateRange(open)).toBe(open);
  });
});

describe('operationLogsQuery', () => {
  it('is keyed under the log prefix with the whole query', () => {
    expect(operationLogsQuery({ page: 1, per_page: 20, action: ['sign_in'] }).queryKey).toEqual([
      ...operateKeys.lists,
      { page: 1, per_page: 20, action: ['sign_in'] },
    ]);
  });
});
