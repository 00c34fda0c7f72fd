-- Issue 9: files keep a place in their folder (position, then name), never the order their uploads finished.
DROP INDEX "files_folder_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "files_folder_order_idx" ON "files" USING btree ("team_id","folder_id","position","name","id");