DROP INDEX "settlement_jobs_settlement_order_key";--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "id_number" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "id_type" varchar(24);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "tax_residency" varchar(16);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "first_entry_date" date;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "expected_departure_date" date;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "model_fee_income_category" varchar(16) DEFAULT 'labour' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "usage_fee_income_category" varchar(16) DEFAULT 'royalty' NOT NULL;--> statement-breakpoint
-- What was settled so far was taxed as 劳务报酬 of a resident: the lines and payments keep that item.
ALTER TABLE "settlement_jobs" ADD COLUMN "income_category" varchar(16) DEFAULT 'labour' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ALTER COLUMN "income_category" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "income_category" varchar(16) DEFAULT 'labour' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_lines" ALTER COLUMN "income_category" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "tax_residency" varchar(16);--> statement-breakpoint
UPDATE "settlements" SET "tax_residency" = 'resident' WHERE "payout_type" = 'individual';--> statement-breakpoint
-- Every number stored so far was checked as a 居民身份证's, whose holder is a resident.
UPDATE "models" SET "id_type" = 'resident_id_card', "tax_residency" = 'resident' WHERE "id_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_jobs_settlement_payment_key" ON "settlement_jobs" USING btree ("settlement_id","order_id","income_category");--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_id_type_check" CHECK ("models"."id_type" in ('resident_id_card', 'passport', 'hk_macao_permit', 'taiwan_permit', 'foreign_permanent_id', 'hmt_residence_permit'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_tax_residency_check" CHECK ("models"."tax_residency" in ('resident', 'non_resident'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_tax_identity_check" CHECK (("models"."id_number" is null or "models"."id_type" is not null) and ("models"."id_type" is distinct from 'resident_id_card' or "models"."tax_residency" = 'resident'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_stay_check" CHECK ("models"."expected_departure_date" is null or "models"."first_entry_date" is null or "models"."expected_departure_date" >= "models"."first_entry_date");--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_model_fee_income_category_check" CHECK ("finance_settings"."model_fee_income_category" in ('labour', 'royalty'));--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_usage_fee_income_category_check" CHECK ("finance_settings"."usage_fee_income_category" in ('labour', 'royalty'));--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_income_category_check" CHECK ("settlement_jobs"."income_category" in ('labour', 'royalty'));--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_income_category_check" CHECK ("settlement_lines"."income_category" in ('labour', 'royalty'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_tax_residency_check" CHECK ("settlements"."tax_residency" in ('resident', 'non_resident'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_residency_check" CHECK ("settlements"."status" <> 'paid' or "settlements"."payout_type" = 'studio' or "settlements"."tax_residency" is not null);