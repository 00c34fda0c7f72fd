ALTER TABLE "approvals" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Requests asked before links were kept: an order's admin page (packages/contract/src/admin-paths.ts, ADMIN_PATHS.order).
UPDATE "approvals" SET "link" = '/admin/order/' || "record_id" WHERE "kind" = 'order' AND "link" = '';
