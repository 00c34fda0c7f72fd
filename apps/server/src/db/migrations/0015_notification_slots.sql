CREATE TABLE "notification_slots" (
	"team_id" bigint NOT NULL,
	"key" varchar(200) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_slots_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
ALTER TABLE "notification_slots" ADD CONSTRAINT "notification_slots_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;