import type { Readable } from 'node:stream';
import type { Endpoints } from '@trackit/contract/endpoints';
import { isPdfType } from '@trackit/contract/upload';
import { contentDisposition } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { createDirectUpload, openBlob, receiveBlob, type UploadDeps } from './upload.service';

export function uploadRoutes(deps: UploadDeps): Handlers<Endpoints['upload']> {
  return {
    // Any signed-in member may announce an upload (their own avatar too); using it needs the rights of its use.
    announce: async ({ auth, body }) => createDirectUpload(deps, auth, body),
    putBlob: async ({ params, query, request }) => {
      await receiveBlob(deps, {
        key: params['*'],
        query,
        contentType: request.headers['content-type'],
        checksum: request.headers['content-md5'],
        body: request.body as Readable,
      });
      return null;
    },
    getBlob: async ({ params, query, reply }) => {
      const blob = await openBlob(deps, params['*'], query);
      // Cached no longer than the signed address lives, by the server's clock (the one that checks it).
      const maxAge = Math.max(0, query.expires - Math.floor(deps.clock().getTime() / 1000));
      // A PDF served inline is the gallery's preview: our own pages may frame it; nothing else may.
      const framable = !query.name && isPdfType(query.type);
      return (
        reply
          .type(query.type)
          .header('content-length', String(blob.byteSize))
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('content-disposition', contentDisposition(query.name))
          // An uploaded SVG, HTML or PDF opened directly must not run script on our origin.
          .header(
            'content-security-policy',
            `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors ${framable ? "'self'" : "'none'"}`,
          )
          .header('x-frame-options', framable ? 'SAMEORIGIN' : 'DENY')
          .send(blob.stream)
      );
    },
  };
}
