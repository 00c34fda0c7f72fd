-- Every existing share becomes a share link with its id unchanged, so addresses already sent
-- (/h5/s/{id}, /web/s/{id}, /h5/f/{id}, /web/f/{id}) keep opening what they opened (docs/decisions.md
-- "Share links"). A package's expiry and revocation move with its link; a folder's links never expire.
INSERT INTO "share_links" ("id", "team_id", "kind", "record_id", "expires_at", "revoked_at", "created_by_membership_id", "created_at")
SELECT "share_id", "team_id", 'package', "id", "expires_at", "revoked_at", "created_by_membership_id", "created_at"
FROM "packages";
--> statement-breakpoint
INSERT INTO "share_links" ("id", "team_id", "kind", "record_id", "expires_at", "revoked_at", "created_by_membership_id", "created_at")
SELECT s."share_id", s."team_id", 'folder', s."folder_id", NULL, s."revoked_at",
  (SELECT m."id" FROM "memberships" m WHERE m."id" = s."created_by_membership_id"), s."created_at"
FROM "folder_shares" s;
