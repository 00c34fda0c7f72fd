ALTER TABLE "fee_lines" DROP CONSTRAINT "fee_lines_payment_status_check";--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_payment_status_check" CHECK ("fee_lines"."payment_status" in ('paid', 'partial', 'unpaid'));--> statement-breakpoint
-- A line some but not all of whose total is received reads 部分付款 (issue 35 item 8).
UPDATE "fee_lines" SET "payment_status" = 'partial' WHERE "paid" > 0 AND "paid" < "total";
