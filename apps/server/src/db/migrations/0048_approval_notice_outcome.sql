ALTER TABLE "notifications" ADD COLUMN "approval_outcome" varchar(16);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_approval_outcome_check" CHECK ("notifications"."approval_outcome" in ('passed', 'rejected', 'withdrawn'));--> statement-breakpoint
-- Notices of requests already settled stop reading 待审批: requestApproval sent them at the request's own time.
UPDATE "notifications" AS n
SET "approval_outcome" = CASE WHEN a."withdrawn_at" IS NOT NULL THEN 'withdrawn' ELSE a."status" END
FROM "approvals" AS a
WHERE n."type" = 'audit_required'
  AND n."approval_outcome" IS NULL
  AND a."team_id" = n."team_id"
  AND a."link" = n."link"
  AND a."requested_at" = n."created_at"
  AND (a."status" <> 'init' OR a."withdrawn_at" IS NOT NULL);
