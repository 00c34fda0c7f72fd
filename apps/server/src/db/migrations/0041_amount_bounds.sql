-- Amounts within bounds (docs/decisions.md "Bounds on money, dates and races", issue 34): a receipt, an
-- allocation and a red-letter correction each at most MAX_AMOUNT_FEN (¥10,000,000,000,
-- packages/contract/src/money.ts), as the API's fenSchema holds them. Each constraint is added NOT VALID
-- (every new or changed row is checked at once) and then validated where every stored row holds: a row
-- stored before the bound beyond it (only possible by hand, through the API of before) is left as it is
-- rather than given an amount nobody agreed, and the server still starts; the sums that read it are
-- capped anyway (apps/server/src/db/money-sum.ts).
ALTER TABLE "invoice_corrections" DROP CONSTRAINT "invoice_corrections_total_check";--> statement-breakpoint
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_amount_check";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_amount_check";--> statement-breakpoint
ALTER TABLE "invoice_corrections" ADD CONSTRAINT "invoice_corrections_total_check" CHECK ("invoice_corrections"."total" between 1 and 1000000000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_amount_check" CHECK ("allocations"."amount" between 1 and 1000000000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount" between 1 and 1000000000000) NOT VALID;--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "invoice_corrections" WHERE "total" > 1000000000000) THEN
    ALTER TABLE "invoice_corrections" VALIDATE CONSTRAINT "invoice_corrections_total_check";
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "allocations" WHERE "amount" > 1000000000000) THEN
    ALTER TABLE "allocations" VALIDATE CONSTRAINT "allocations_amount_check";
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "receipts" WHERE "amount" > 1000000000000) THEN
    ALTER TABLE "receipts" VALIDATE CONSTRAINT "receipts_amount_check";
  END IF;
END $$;
