-- Issue 9: no more number locks (a stranger could lock any number); refusals remember the live code they were tried against.
DROP TABLE "sign_in_locks" CASCADE;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "code_id" bigint;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_code_id_mobile_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."mobile_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_created_idx" ON "sign_in_failures" USING btree ("ip","created_at" DESC NULLS LAST);