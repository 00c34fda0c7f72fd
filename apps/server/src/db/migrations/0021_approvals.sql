-- One approval model for every kind of record (docs/decisions.md "Approvals"); orders are the first kind.
CREATE TABLE "approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"record_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'init' NOT NULL,
	"requested_by" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "approvals_decided_check" CHECK (("approvals"."status" = 'init') = ("approvals"."decided_at" is null)),
	CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('order')),
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('passed', 'rejected', 'init'))
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_memberships_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_memberships_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_team_id_key" ON "approvals" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "approvals_team_record_idx" ON "approvals" USING btree ("team_id","kind","record_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "approvals_team_pending_idx" ON "approvals" USING btree ("team_id","kind","requested_at","id") WHERE "approvals"."status" = 'init';--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_record_pending_key" ON "approvals" USING btree ("team_id","kind","record_id") WHERE "approvals"."status" = 'init';