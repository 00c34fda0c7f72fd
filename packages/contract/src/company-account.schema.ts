/**
 * A client's account (客户往来, docs/product.md "A client's account"): as 金蝶's 客户往来 shows it on the
 * company page, from the same figures as 费用 (billed, invoiced, received, outstanding and its aging, as of
 * today) and the receipts named to the client (credit: 预收款, received and not allocated).
 */
import { z } from 'zod';
import { agingBucketSchema } from './finance-enums';

const int = z.number().int();

export const companyAccountSchema = z.object({
  as_of: z.string(),
  /** Billed orders of the client and their sums, as 费用 filtered to the client. */
  orders: int,
  billed: int,
  invoiced: int,
  received: int,
  outstanding: int,
  buckets: z.array(z.object({ bucket: agingBucketSchema, count: int, outstanding: int })),
  /** Live receipts named to the client: their sum, and what of it no allocation took (预收款). */
  receipts: int,
  receipts_total: int,
  credit: int,
  /** Live receipts with credit left (the ones to allocate). */
  credit_receipts: int,
});
export type CompanyAccount = z.infer<typeof companyAccountSchema>;
