import { addDays, BIRTHDAY_RANGE, BUSINESS_DATE_RANGE } from '@trackit/contract/business-time';
import { MAX_AMOUNT_FEN, MAX_FEE_FEN } from '@trackit/contract/money';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { boundedInputFields, dottedPath, type InputField } from '../test/input-fields';

/**
 * Every date, month, instant and amount the API takes, found in the endpoint map, is held within the
 * contract's bounds (docs/product.md §9 "Input bounds"): a date of year 0000, a month past 2099 or an amount
 * past its limit is refused by the schema, with a Chinese message, before any handler or SQL sees it.
 */
const fields = boundedInputFields();
const named = (field: InputField) => `${field.id} ${field.part} ${dottedPath(field)}`;
const CHINESE = /[\u4e00-\u9fff]/;

function refusal(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '');
}

function expectRefused(field: InputField, value: unknown) {
  const message = refusal(field.schema, value);
  expect(message, `${named(field)} takes ${String(value)}`).toBeDefined();
  expect(message, `${named(field)}: ${message}`).toMatch(CHINESE);
}

function expectAccepted(field: InputField, value: unknown) {
  expect(refusal(field.schema, value), `${named(field)} refuses ${String(value)}`).toBeUndefined();
}

const ofKind = (kind: InputField['kind']) => fields.filter((field) => field.kind === kind);

describe('input bounds across the endpoint map', () => {
  it('finds the bounded fields of every kind (the walk is not empty)', () => {
    const names = fields.map(named);
    expect(names).toEqual(
      expect.arrayContaining([
        'receipt.create body received_on',
        'receipt.create body amount',
        'receipt.allocate body 0.amount',
        'receipt.list query received_from',
        'invoice.issue body issued_on',
        'invoice.reverse body lines.0.amount',
        'model.createDeduction body occurred_on',
        'model.createDeduction body amount',
        'model.create body birthday',
        'order.create body days.0.date',
        'order.create body models.0.fees.0.amount',
        'order.create body hold_until',
        'receivable.fees query as_of',
        'operationLog.list query from',
        'settlement.withholding query month',
        'settlement.list query month',
        'package.create body expires_at',
      ]),
    );
  });

  it('holds every business date within the business range, every birthday within its own', () => {
    for (const field of ofKind('date')) {
      const range = field.path.at(-1) === 'birthday' ? BIRTHDAY_RANGE : BUSINESS_DATE_RANGE;
      for (const value of ['0000-01-01', addDays(range.from, -1), addDays(range.to, 1), '9999-12-31']) {
        expectRefused(field, value);
      }
      expectAccepted(field, range.from);
      expectAccepted(field, range.to);
    }
  });

  it('holds every month within the business range', () => {
    expect(ofKind('month').length).toBeGreaterThan(0);
    for (const field of ofKind('month')) {
      for (const value of ['0000-01', '1999-12', '2100-01', '9999-12']) expectRefused(field, value);
      expectAccepted(field, BUSINESS_DATE_RANGE.from.slice(0, 7));
      expectAccepted(field, BUSINESS_DATE_RANGE.to.slice(0, 7));
    }
  });

  it('holds every instant within the business range, in business time', () => {
    expect(ofKind('instant').length).toBeGreaterThan(0);
    for (const field of ofKind('instant')) {
      for (const value of [
        '0000-01-01T00:00:00Z',
        `${addDays(BUSINESS_DATE_RANGE.from, -1)}T23:59:59+08:00`,
        `${addDays(BUSINESS_DATE_RANGE.to, 1)}T00:00:00+08:00`,
        '9999-12-31T00:00:00Z',
      ]) {
        expectRefused(field, value);
      }
      expectAccepted(field, `${BUSINESS_DATE_RANGE.from}T00:00:00+08:00`);
      expectAccepted(field, `${BUSINESS_DATE_RANGE.to}T23:59:59+08:00`);
    }
  });

  it('holds every amount in whole fen within one of the contract limits', () => {
    const limits = [MAX_FEE_FEN, MAX_AMOUNT_FEN];
    for (const field of ofKind('fen')) {
      const limit = limits.find(
        (max) => refusal(field.schema, max) === undefined && refusal(field.schema, max + 1) !== undefined,
      );
      expect(limit, `${named(field)} takes no contract limit`).toBeDefined();
      for (const value of [(limit ?? 0) + 1, Number.MAX_SAFE_INTEGER, 2 ** 60, -1, 0.5]) {
        expectRefused(field, value);
      }
      expectAccepted(field, 1);
    }
  });
});
