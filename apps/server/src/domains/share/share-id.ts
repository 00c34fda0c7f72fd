/** What every share (a package, a folder) has in common: its id, and how an id that does not open answers. */
import { randomBytes } from 'node:crypto';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { AppError } from '../../http/app-error';

/** A new share id: 18 bytes (144 bits) from the system's secure random source, as 24 characters of base64url. */
export const newShareId = (): string => randomBytes(18).toString('base64url');

/** Unknown, revoked, expired or malformed: one answer, so none can be told from another. */
export const shareNotFound = () => new AppError('notFound', { message: SHARE_MESSAGES.notFound });
