import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `attachment` with the name in RFC 5987 form (plus an ASCII fallback for old clients), or `inline`
 * without a name: for the files the server answers itself and the bucket's signed downloads alike.
 */
export function contentDisposition(downloadName: string | undefined): string {
  if (!downloadName) return 'inline';
  const fallback = downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file the server makes for one request (a comp card, a spreadsheet), whole or streamed. */
export interface MadeFile {
  contentType: string;
  fileName: string;
  content: Buffer | Readable;
}

/** Answers a file the server made for this request as a download: its type and name, never cached. */
export function sendAttachment(reply: FastifyReply, file: MadeFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.content);
}
