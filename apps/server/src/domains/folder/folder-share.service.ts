/**
 * A folder shared alone by link (docs/product.md "Packages and share pages", "Share links"): staff share
 * and unshare it; the share pages read it. Its link is a share link of kind `folder`, opened by
 * `openShareLink` (an unknown, revoked or other kind's id is "not found" at once); the files' addresses
 * are signed for minutes only.
 */
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { shareNotFound } from '../share/share-id';
import { createShareLink, openShareLink, revokeShareLink } from '../share/share-link.service';
import { listPublicFilesOfFolder } from '../upload/signed-files.service';
import { findFolder, findFolderForUpdate, findFolderOfLink } from './folder.repository';
import type { FolderDeps } from './folder.service';

const folderNotFound = () => new AppError('notFound', { message: UPLOAD_MESSAGES.folderNotFound });

/** POST /v1/folders/{id}/share: the folder's live share, made (and logged) if it has none. */
export async function shareFolder(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const folder = await findFolderForUpdate(tx, auth.teamId, folderId);
    if (!folder) throw folderNotFound();
    const current = await findFolder(tx, auth.teamId, folderId);
    if (current?.share) return;
    await createShareLink(tx, {
      teamId: auth.teamId,
      kind: 'folder',
      recordId: folderId,
      expiresAt: null,
      createdByMembershipId: auth.membershipId,
      now,
    });
    await recordOperation(tx, {
      action: 'folder_share',
      actor: memberActor(auth, origin, now),
      targetId: folderId,
      detail: { name: folder.name },
    });
  });
  const folder = await findFolder(deps.db, auth.teamId, folderId);
  if (!folder?.share) throw folderNotFound();
  return folder.share;
}

/** POST /v1/folders/{id}/share/revoke: the link dies at once (logged); a folder not shared is left as it is. */
export async function unshareFolder(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const folder = await findFolderForUpdate(tx, auth.teamId, folderId);
    if (!folder) throw folderNotFound();
    if (!(await revokeShareLink(tx, auth.teamId, 'folder', folderId, now))) return;
    await recordOperation(tx, {
      action: 'folder_share_revoke',
      actor: memberActor(auth, origin, now),
      targetId: folderId,
      detail: { name: folder.name },
    });
  });
}

/** GET /v1/public/folders/{share_id}: the shared folder's name, model and files, read within the link's team. */
export async function getSharedFolder(deps: FolderDeps, shareId: string) {
  const { link, teamName } = await openShareLink(deps.db, 'folder', shareId, deps.clock());
  const found = await findFolderOfLink(deps.db, link);
  if (!found) throw shareNotFound();
  const files = await listPublicFilesOfFolder(deps, link.teamId, found.folder.id);
  return { ...found, teamName, files };
}
export type SharedFolderData = Awaited<ReturnType<typeof getSharedFolder>>;
