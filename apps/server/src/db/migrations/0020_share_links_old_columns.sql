ALTER TABLE "folder_shares" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "folder_shares" CASCADE;--> statement-breakpoint
DROP INDEX "packages_share_id_key";--> statement-breakpoint
DROP INDEX "packages_team_expires_idx";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "share_id";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "revoked_at";