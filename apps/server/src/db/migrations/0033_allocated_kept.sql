ALTER TABLE "invoices" ADD COLUMN "allocated" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "allocated" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill: what live allocations pay of each invoice and take of each receipt.
UPDATE "invoices" i SET "allocated" = a."allocated"
FROM (SELECT "team_id", "invoice_id", sum("amount") AS "allocated" FROM "allocations" WHERE "invoice_id" IS NOT NULL AND "undone_at" IS NULL GROUP BY "team_id", "invoice_id") a
WHERE i."team_id" = a."team_id" AND i."id" = a."invoice_id";
--> statement-breakpoint
UPDATE "receipts" r SET "allocated" = a."allocated"
FROM (SELECT "team_id", "receipt_id", sum("amount") AS "allocated" FROM "allocations" WHERE "undone_at" IS NULL GROUP BY "team_id", "receipt_id") a
WHERE r."team_id" = a."team_id" AND r."id" = a."receipt_id";
