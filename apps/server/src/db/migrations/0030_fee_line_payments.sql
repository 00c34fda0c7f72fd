CREATE TABLE "fee_line_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_line_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"fee_line_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_line_payments_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "fee_line_payments_amount_check" CHECK ("fee_line_payments"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "fee_line_payments" ADD CONSTRAINT "fee_line_payments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_line_payments" ADD CONSTRAINT "fee_line_payments_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_line_payments" ADD CONSTRAINT "fee_line_payments_order_team_fk" FOREIGN KEY ("team_id","order_id") REFERENCES "public"."orders"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_line_payments_team_order_idx" ON "fee_line_payments" USING btree ("team_id","order_id","paid_on");--> statement-breakpoint
CREATE INDEX "fee_line_payments_team_fee_line_idx" ON "fee_line_payments" USING btree ("team_id","fee_line_id");--> statement-breakpoint
-- Backfill (docs/decisions.md "Payments ledger"): allocations made to fee lines directly, one row each
-- at its date and, when undone, one back at the undo date; what invoices' allocations pay of their lines
-- now, spread as the contract's splitProportionally does (largest remainder; ties: the larger line, then
-- the earlier), dated the invoice's latest allocation.
INSERT INTO "fee_line_payments" ("team_id", "fee_line_id", "order_id", "paid_on", "amount")
SELECT a."team_id", a."fee_line_id", fl."order_id", a."allocated_on", a."amount"
FROM "allocations" a JOIN "fee_lines" fl ON fl."team_id" = a."team_id" AND fl."id" = a."fee_line_id";
--> statement-breakpoint
INSERT INTO "fee_line_payments" ("team_id", "fee_line_id", "order_id", "paid_on", "amount")
SELECT a."team_id", a."fee_line_id", fl."order_id", a."undone_on", -a."amount"
FROM "allocations" a JOIN "fee_lines" fl ON fl."team_id" = a."team_id" AND fl."id" = a."fee_line_id"
WHERE a."undone_on" IS NOT NULL;
--> statement-breakpoint
WITH "paid" AS (
  SELECT "team_id", "invoice_id", sum("amount")::numeric AS "allocated", max("allocated_on") AS "paid_on"
  FROM "allocations" WHERE "invoice_id" IS NOT NULL AND "undone_at" IS NULL
  GROUP BY "team_id", "invoice_id"
), "weighted" AS (
  SELECT il."team_id", il."invoice_id", il."id", il."fee_line_id", p."allocated", p."paid_on",
    (il."total" - coalesce((SELECT sum(cl."total") FROM "invoice_correction_lines" cl
      JOIN "invoice_corrections" c ON c."team_id" = cl."team_id" AND c."id" = cl."correction_id"
      WHERE cl."team_id" = il."team_id" AND cl."invoice_line_id" = il."id" AND c."status" = 'passed'), 0))::numeric AS "weight"
  FROM "invoice_lines" il JOIN "paid" p ON p."team_id" = il."team_id" AND p."invoice_id" = il."invoice_id"
), "totals" AS (
  SELECT w.*, sum(w."weight") OVER (PARTITION BY w."team_id", w."invoice_id") AS "total_weight" FROM "weighted" w
), "parts" AS (
  SELECT t.*,
    CASE WHEN t."total_weight" = 0 THEN 0 ELSE div(t."allocated" * t."weight", t."total_weight") END AS "base",
    CASE WHEN t."total_weight" = 0 THEN 0 ELSE mod(t."allocated" * t."weight", t."total_weight") END AS "remainder"
  FROM "totals" t
), "ranked" AS (
  SELECT p.*,
    row_number() OVER (PARTITION BY p."team_id", p."invoice_id" ORDER BY p."remainder" DESC, p."weight" DESC, p."id") AS "rank",
    CASE WHEN p."total_weight" = 0 THEN 0 ELSE p."allocated" - sum(p."base") OVER (PARTITION BY p."team_id", p."invoice_id") END AS "left_over"
  FROM "parts" p
)
INSERT INTO "fee_line_payments" ("team_id", "fee_line_id", "order_id", "paid_on", "amount")
SELECT r."team_id", r."fee_line_id", fl."order_id", r."paid_on",
  (r."base" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END)::bigint
FROM "ranked" r JOIN "fee_lines" fl ON fl."team_id" = r."team_id" AND fl."id" = r."fee_line_id"
WHERE r."base" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END <> 0;
