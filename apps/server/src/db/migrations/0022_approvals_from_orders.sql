-- The orders' approval steps (order_approvals) become approvals of kind 'order' (docs/decisions.md
-- "Approvals"). Each submission (init) opens a request; the first decision after it, before the next
-- submission, decides it with its member, time and comment. A decision with no submission before it (the
-- code never wrote one) is kept as a request decided at once, asked by nobody.
WITH "steps" AS (
  SELECT s.*, count(*) FILTER (WHERE s."status" = 'init') OVER (PARTITION BY s."order_id" ORDER BY s."at", s."id") AS "round"
  FROM "order_approvals" s
), "decisions" AS (
  SELECT d.*, row_number() OVER (PARTITION BY d."order_id", d."round" ORDER BY d."at", d."id") AS "nth"
  FROM "steps" d
  WHERE d."status" <> 'init'
)
INSERT INTO "approvals" ("team_id", "kind", "record_id", "status", "requested_by", "requested_at", "decided_by", "decided_at", "comment")
SELECT "team_id", 'order', "order_id", "status", "requested_by", "requested_at", "decided_by", "decided_at", "comment"
FROM (
  SELECT r."team_id", r."order_id", coalesce(d."status", 'init') AS "status", r."membership_id" AS "requested_by",
    r."at" AS "requested_at", d."membership_id" AS "decided_by", d."at" AS "decided_at",
    coalesce(d."comment", '') AS "comment", r."id" AS "step_id"
  FROM "steps" r
  LEFT JOIN "decisions" d ON d."order_id" = r."order_id" AND d."round" = r."round" AND d."nth" = 1
  WHERE r."status" = 'init'
  UNION ALL
  SELECT d."team_id", d."order_id", d."status", NULL, d."at", d."membership_id", d."at", d."comment", d."id"
  FROM "decisions" d
  WHERE d."round" = 0 OR d."nth" > 1
) "copied"
ORDER BY "requested_at", "step_id";
