ALTER TABLE "fee_lines" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "fee_line_payments_team_paid_on_idx" ON "fee_line_payments" USING btree ("team_id","paid_on");--> statement-breakpoint
-- Backfill (docs/decisions.md "Payments ledger"): each line's paid amount is its ledger's sum; an order's
-- received money its lines' paid amounts each up to the line's total; its invoiced money its issued
-- invoices' lines less the passed red-letter corrections of them.
UPDATE "fee_lines" fl SET "paid" = p."paid"
FROM (SELECT "team_id", "fee_line_id", sum("amount") AS "paid" FROM "fee_line_payments" GROUP BY "team_id", "fee_line_id") p
WHERE fl."team_id" = p."team_id" AND fl."id" = p."fee_line_id";
--> statement-breakpoint
UPDATE "orders" o SET "received" = r."received"
FROM (SELECT "team_id", "order_id", sum(least("paid", "total")) AS "received" FROM "fee_lines" WHERE "paid" <> 0 GROUP BY "team_id", "order_id") r
WHERE o."team_id" = r."team_id" AND o."id" = r."order_id";
--> statement-breakpoint
UPDATE "orders" o SET "invoiced" = x."invoiced"
FROM (
  SELECT fl."team_id", fl."order_id", sum(il."total") AS "invoiced"
  FROM "invoice_lines" il
  JOIN "invoices" i ON i."team_id" = il."team_id" AND i."id" = il."invoice_id" AND i."issued_on" IS NOT NULL
  JOIN "fee_lines" fl ON fl."team_id" = il."team_id" AND fl."id" = il."fee_line_id"
  GROUP BY fl."team_id", fl."order_id"
) x
WHERE o."team_id" = x."team_id" AND o."id" = x."order_id";
--> statement-breakpoint
UPDATE "orders" o SET "invoiced" = o."invoiced" - c."corrected"
FROM (
  SELECT fl."team_id", fl."order_id", sum(cl."total") AS "corrected"
  FROM "invoice_correction_lines" cl
  JOIN "invoice_corrections" c ON c."team_id" = cl."team_id" AND c."id" = cl."correction_id" AND c."status" = 'passed'
  JOIN "fee_lines" fl ON fl."team_id" = cl."team_id" AND fl."id" = cl."fee_line_id"
  GROUP BY fl."team_id", fl."order_id"
) c
WHERE o."team_id" = c."team_id" AND o."id" = c."order_id";
