DROP INDEX "approvals_team_pending_idx";--> statement-breakpoint
DROP INDEX "approvals_record_pending_key";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "approvals_team_pending_idx" ON "approvals" USING btree ("team_id","kind","requested_at","id") WHERE "approvals"."status" = 'init' and "approvals"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_record_pending_key" ON "approvals" USING btree ("team_id","kind","record_id") WHERE "approvals"."status" = 'init' and "approvals"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_withdrawn_check" CHECK ("approvals"."withdrawn_at" is null or "approvals"."status" = 'init');--> statement-breakpoint
-- Requests asked before subjects were kept: an order's name as order-rules.ts' orderName writes it.
UPDATE "approvals" SET "subject" = CASE WHEN o."title" <> '' THEN o."number" || '「' || o."title" || '」' ELSE o."number" END
FROM "orders" o WHERE "approvals"."kind" = 'order' AND o."team_id" = "approvals"."team_id" AND o."id" = "approvals"."record_id";--> statement-breakpoint
-- Orders cancelled while they waited left their request open: withdrawn when the order was cancelled.
UPDATE "approvals" SET "withdrawn_at" = coalesce(o."cancelled_at", now())
FROM "orders" o WHERE "approvals"."kind" = 'order' AND "approvals"."status" = 'init' AND o."team_id" = "approvals"."team_id"
  AND o."id" = "approvals"."record_id" AND o."status" <> 'submitted';
