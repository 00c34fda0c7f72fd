-- The orders' approval steps now live in approvals (0019_approvals_from_orders.sql).
DROP TABLE "order_approvals" CASCADE;