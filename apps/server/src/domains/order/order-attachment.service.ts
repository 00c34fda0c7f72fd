/**
 * An order's attachments (docs/product.md "Orders"): files from the upload pipeline (a brief, a call
 * sheet, the signed confirmation). Adding takes the uploaded blob in the order's transaction; removing
 * deletes the record and, after the commit, the bytes.
 */
import type { Order } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { claimBlob, deleteStoredKeys, releaseBlob } from '../upload/upload.service';
import {
  countAttachments,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  lockOrder,
  updateOrderRow,
} from './order.repository';
import { answerBeforeCommit } from './order.service';
import { orderName, requireAllowed } from './order-rules';
import { type OrderDeps, orderNotFound, signAttachment, viewerOf } from './order-view.service';

/** POST /v1/orders/{id}/attachments: the uploaded blob becomes the order's attachment, logged. */
export async function addOrderAttachment(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  signedId: string,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  const viewer = await viewerOf(deps, auth);
  const attachment = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, auth.teamId, orderId);
    if (!order) throw orderNotFound();
    requireAllowed('attach', viewer, order, now);
    if ((await countAttachments(tx, auth.teamId, orderId)) >= ORDER_LIMITS.attachments) {
      throw new AppError('conflict', { message: ORDER_MESSAGES.attachmentsFull });
    }
    const blob = await claimBlob(deps, tx, auth, signedId, now);
    const row = await insertAttachment(tx, {
      teamId: auth.teamId,
      orderId,
      blobId: blob.id,
      name: blob.filename,
      contentType: blob.contentType,
      byteSize: blob.byteSize,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
      updatedAt: now,
    });
    await updateOrderRow(tx, auth.teamId, orderId, { updatedAt: now });
    await recordOperation(tx, {
      action: 'order_attachment_add',
      actor: memberActor(auth, origin, now),
      targetId: orderId,
      detail: { name: orderName(order), file: row.name },
    });
    return { ...row, blobKey: blob.key };
  });
  return signAttachment(deps, attachment);
}

/** DELETE /v1/orders/{id}/attachments/{attachment_id}: logged; the bytes leave storage after the commit. */
export async function removeOrderAttachment(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  attachmentId: number,
  origin: RequestOrigin,
): Promise<Order> {
  const now = deps.clock();
  const viewer = await viewerOf(deps, auth);
  const { keys, answer } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, auth.teamId, orderId);
    if (!order) throw orderNotFound();
    requireAllowed('attach', viewer, order, now);
    const attachment = await findAttachment(tx, auth.teamId, orderId, attachmentId);
    if (!attachment) throw new AppError('notFound', { message: ORDER_MESSAGES.attachmentNotFound });
    await deleteAttachment(tx, auth.teamId, attachment.id);
    const unused = await releaseBlob(tx, {
      id: attachment.blobId,
      teamId: auth.teamId,
      key: attachment.blobKey,
    });
    await updateOrderRow(tx, auth.teamId, orderId, { updatedAt: now });
    await recordOperation(tx, {
      action: 'order_attachment_remove',
      actor: memberActor(auth, origin, now),
      targetId: orderId,
      detail: { name: orderName(order), file: attachment.name },
    });
    return { keys: unused, answer: await answerBeforeCommit(deps, tx, auth, orderId, viewer) };
  });
  await deleteStoredKeys(deps, keys);
  return answer;
}
