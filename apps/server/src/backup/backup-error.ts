/** A backup or restore that cannot go on; the message (Chinese) says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}
