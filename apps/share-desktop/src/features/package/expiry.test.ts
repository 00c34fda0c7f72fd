import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { expiryText } from './expiry';

describe('expiryText', () => {
  const now = dayjs('2025-06-01T10:00:00');

  it('says the date and the calendar days left', () => {
    expect(expiryText('2025-06-13T18:00:00', now)).toBe('有效期至 2025年06月13日 18:00 · 还剩 12 天');
  });

  it('says 明天到期 for a link ending tomorrow morning, 今天到期 for one ending tonight', () => {
    expect(expiryText('2025-06-02T08:00:00', now)).toBe('有效期至 2025年06月02日 08:00 · 明天到期');
    expect(expiryText('2025-06-01T23:00:00', now)).toBe('有效期至 2025年06月01日 23:00 · 今天到期');
  });
});
