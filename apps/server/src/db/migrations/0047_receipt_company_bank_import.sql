CREATE TABLE "bank_statement_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"format" varchar(16) NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"credits" integer NOT NULL,
	"new_lines" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"skipped" integer NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_imports_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "bank_statement_imports_format_check" CHECK ("bank_statement_imports"."format" in ('icbc', 'cmb', 'ccb', 'mapped'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"transacted_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"payer_name" varchar(100) DEFAULT '' NOT NULL,
	"payer_account" varchar(64) DEFAULT '' NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"serial" varchar(64) DEFAULT '' NOT NULL,
	"dedupe_key" varchar(400) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"receipt_id" bigint,
	"ignore_reason" text,
	"decided_by_membership_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('open', 'recorded', 'ignored')),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount" between 1 and 1000000000000),
	CONSTRAINT "bank_statement_lines_recorded_check" CHECK (("bank_statement_lines"."status" = 'recorded') = ("bank_statement_lines"."receipt_id" is not null) and ("bank_statement_lines"."status" = 'ignored') = ("bank_statement_lines"."ignore_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_team_fk" FOREIGN KEY ("team_id","import_id") REFERENCES "public"."bank_statement_imports"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_receipt_team_fk" FOREIGN KEY ("team_id","receipt_id") REFERENCES "public"."receipts"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_team_fk" FOREIGN KEY ("team_id","decided_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_imports_team_created_idx" ON "bank_statement_imports" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_dedupe_key" ON "bank_statement_lines" USING btree ("team_id","team_recipient_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_receipt_key" ON "bank_statement_lines" USING btree ("team_id","receipt_id") WHERE receipt_id is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_team_status_idx" ON "bank_statement_lines" USING btree ("team_id","status","transacted_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_statement_lines_team_import_idx" ON "bank_statement_lines" USING btree ("team_id","import_id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_company_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."companies"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_team_company_idx" ON "receipts" USING btree ("team_id","company_id","received_on" DESC NULLS LAST);--> statement-breakpoint
-- Receipts recorded before they named their client: the company whose name (or 开票抬头) is exactly the
-- payer's, where exactly one company of the team has it; the others stay without a client.
UPDATE "receipts" AS r SET "company_id" = m."company_id"
FROM (
  SELECT r2."id" AS "receipt_id", min(c."id") AS "company_id"
  FROM "receipts" AS r2
  JOIN "companies" AS c
    ON c."team_id" = r2."team_id" AND (c."name" = btrim(r2."payer_name") OR c."invoice_title" = btrim(r2."payer_name"))
  GROUP BY r2."id"
  HAVING count(DISTINCT c."id") = 1
) AS m
WHERE r."id" = m."receipt_id";
