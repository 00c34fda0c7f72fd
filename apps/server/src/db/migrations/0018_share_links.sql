CREATE TABLE "share_links" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"record_id" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_links_kind_check" CHECK ("share_links"."kind" in ('package', 'folder'))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_membership_id_memberships_id_fk" FOREIGN KEY ("created_by_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_team_id_key" ON "share_links" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_live_key" ON "share_links" USING btree ("team_id","kind","record_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "share_links_record_idx" ON "share_links" USING btree ("team_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "share_links_team_expires_idx" ON "share_links" USING btree ("team_id","kind","expires_at" DESC NULLS LAST,"record_id" DESC NULLS LAST);