-- Money within bounds (docs/decisions.md "Money within bounds", issue 21): CHECK constraints hold every fee
-- line within the contract's MAX_FEE_FEN, MAX_FEE_QUANTITY and MAX_LINE_FEN, and every order's lines
-- within MAX_ORDER_FEN through `orders.fees_total`, which triggers on fee_lines keep. The numbers are
-- those of packages/contract/src/money.ts.
ALTER TABLE "orders" ADD COLUMN "fees_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines stored before the bounds that break them (an amount or a line beyond ¥100,000,000, a quantity of
-- 0 kept from 5e-9) are kept but cleared to ¥0, their original unit price and quantity written at the
-- head of their note: they are entered again, never guessed at.
UPDATE "fee_lines" SET
  "note" = left(
    '已清零：原单价 ¥' || to_char("amount" / 100.0, 'FM999,999,999,999,999,990.00')
      || ' × ' || coalesce(trim_scale("quantity_hundredths" / 100.0)::text, '1') || ' 超出范围；' || "note",
    100),
  "amount" = 0, "subtotal" = 0, "tax" = 0, "total" = 0,
  "quantity_hundredths" = CASE WHEN "kind" = 'ModelFee'
    THEN least(greatest(coalesce("quantity_hundredths", 100), 1), 1000000) END
WHERE (
  "amount" between 0 and 10000000000
  and (("kind" = 'ModelFee' and "quantity_hundredths" between 1 and 1000000) or ("kind" = 'UsageFee' and "quantity_hundredths" is null))
  and "subtotal" >= 0 and "tax" >= 0 and "total" = "subtotal" + "tax" and "total" <= 10000000000
) IS NOT TRUE;--> statement-breakpoint
-- Then every line of an order whose lines still come to more than ¥10,000,000,000, the same way.
UPDATE "fee_lines" SET
  "note" = left(
    '已清零：订单合计超出上限，原单价 ¥' || to_char("amount" / 100.0, 'FM999,999,999,999,999,990.00')
      || ' × ' || coalesce(trim_scale("quantity_hundredths" / 100.0)::text, '1') || '；' || "note",
    100),
  "amount" = 0, "subtotal" = 0, "tax" = 0, "total" = 0
WHERE "order_id" IN (SELECT "order_id" FROM "fee_lines" GROUP BY "order_id" HAVING sum("total") > 1000000000000);--> statement-breakpoint
UPDATE "orders" SET "fees_total" = "sums"."total"
  FROM (SELECT "order_id", sum("total") AS "total" FROM "fee_lines" GROUP BY "order_id") AS "sums"
  WHERE "orders"."id" = "sums"."order_id";--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_amount_check" CHECK ("fee_lines"."amount" between 0 and 10000000000);--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_quantity_check" CHECK (("fee_lines"."kind" = 'ModelFee' and "fee_lines"."quantity_hundredths" between 1 and 1000000) or ("fee_lines"."kind" = 'UsageFee' and "fee_lines"."quantity_hundredths" is null));--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_total_check" CHECK ("fee_lines"."subtotal" >= 0 and "fee_lines"."tax" >= 0 and "fee_lines"."total" = "fee_lines"."subtotal" + "fee_lines"."tax" and "fee_lines"."total" <= 10000000000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fees_total_check" CHECK ("orders"."fees_total" between 0 and 1000000000000);--> statement-breakpoint
-- Each statement on fee_lines moves its orders' fees_total by its lines' totals, one row update per order;
-- orders_fees_total_check then refuses the statement that would take an order past the bound. Two
-- transactions adding lines to one order update the same row, so the second waits for the first and
-- adds to what it committed (or, under REPEATABLE READ and above, fails to serialize): never both pass.
CREATE FUNCTION "fee_lines_sum_into_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "orders" SET "fees_total" = "orders"."fees_total" + "change"."total"
      FROM (SELECT "order_id", sum("total") AS "total" FROM "new_lines" GROUP BY "order_id") AS "change"
      WHERE "orders"."id" = "change"."order_id" AND "change"."total" <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "orders" SET "fees_total" = "orders"."fees_total" - "change"."total"
      FROM (SELECT "order_id", sum("total") AS "total" FROM "old_lines" GROUP BY "order_id") AS "change"
      WHERE "orders"."id" = "change"."order_id" AND "change"."total" <> 0;
  ELSE
    UPDATE "orders" SET "fees_total" = "orders"."fees_total" + "change"."total"
      FROM (
        SELECT "order_id", sum("total") AS "total" FROM (
          SELECT "order_id", "total" FROM "new_lines"
          UNION ALL
          SELECT "order_id", -"total" FROM "old_lines"
        ) AS "moved" GROUP BY "order_id"
      ) AS "change"
      WHERE "orders"."id" = "change"."order_id" AND "change"."total" <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "fee_lines_sum_insert" AFTER INSERT ON "fee_lines"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "fee_lines_sum_into_orders"();--> statement-breakpoint
CREATE TRIGGER "fee_lines_sum_update" AFTER UPDATE ON "fee_lines"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "fee_lines_sum_into_orders"();--> statement-breakpoint
CREATE TRIGGER "fee_lines_sum_delete" AFTER DELETE ON "fee_lines"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "fee_lines_sum_into_orders"();
