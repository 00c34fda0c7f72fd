import { PACKAGE_MESSAGES } from '@trackit/contract/package.schema';
import { DEFAULT_SHARE_FIELDS } from '@trackit/contract/share';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { packageFixture } from './package.fixtures';
import { expiryRule, packageEditorValues, packageUpdateBody } from './package-editor-values';
import { extendedExpiry } from './package-row-actions';

const check = (rule: ReturnType<typeof expiryRule>, value: unknown) =>
  (rule as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);

describe('packageEditorValues', () => {
  it('starts a new package with the default fields, open for 30 days', () => {
    const values = packageEditorValues(undefined, []);
    expect(values.fields).toEqual(DEFAULT_SHARE_FIELDS);
    expect(values.expires_at?.diff(dayjs(), 'day', true)).toBeCloseTo(30, 1);
  });
});

describe('packageUpdateBody', () => {
  it('is empty when nothing changed', () => {
    const pkg = packageFixture();
    expect(packageUpdateBody(packageEditorValues(pkg), pkg)).toEqual({});
  });

  it('clears the company and contact, and sends a new expiry and fields', () => {
    const pkg = packageFixture();
    const expiry = dayjs().add(3, 'day');
    const values = {
      ...packageEditorValues(pkg),
      company_id: null,
      contact_id: null,
      expires_at: expiry,
      fields: ['city' as const, 'age' as const],
    };
    expect(packageUpdateBody(values, pkg)).toEqual({
      company_id: null,
      contact_id: null,
      expires_at: expiry.toISOString(),
      fields: ['age', 'city'],
    });
  });
});

describe('expiryRule', () => {
  it("refuses a past or too distant expiry in the server's words, but keeps a stored one", async () => {
    await expect(check(expiryRule(), dayjs().subtract(1, 'minute'))).rejects.toThrow(
      PACKAGE_MESSAGES.expiryInPast,
    );
    await expect(check(expiryRule(), dayjs().add(400, 'day'))).rejects.toThrow(PACKAGE_MESSAGES.expiryTooFar);
    await expect(check(expiryRule(), dayjs().add(1, 'day'))).resolves.toBeUndefined();
    const stored = '2026-01-05T08:00:00Z';
    await expect(check(expiryRule(stored), dayjs(stored))).resolves.toBeUndefined();
  });
});

describe('extendedExpiry', () => {
  const now = dayjs('2026-03-10T12:00:00Z');
  it('counts from the current expiry, or from now when it is past', () => {
    expect(extendedExpiry({ expires_at: '2026-03-20T12:00:00Z' }, 7, now).toISOString()).toBe(
      '2026-03-27T12:00:00.000Z',
    );
    expect(extendedExpiry({ expires_at: '2026-03-01T12:00:00Z' }, 7, now).toISOString()).toBe(
      '2026-03-17T12:00:00.000Z',
    );
  });
});
