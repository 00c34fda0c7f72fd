import helmet from '@fastify/helmet';
import { PAGE_HEADERS, REQUEST_ID_HEADER } from '@trackit/contract/envelope';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. Tokens live in local storage (docs/product.md §7), so the one defence that
 * matters most is that no inline or third-party script can run: script-src is 'self' (plus the static
 * host when assets come from a CDN). Styles allow 'unsafe-inline' because antd injects its CSS-in-JS
 * style elements at run time; styles cannot read storage.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { staticHost?: string | undefined; storageOrigins?: string[] },
) {
  const assetHosts = options.staticHost ? [options.staticHost] : [];
  // Where browsers PUT and GET file bytes (an S3 bucket's origin), beside our own.
  const fileHosts = [...new Set([...assetHosts, ...(options.storageOrigins ?? [])])];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the upload checksum run as WebAssembly; it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...assetHosts],
        styleSrc: ["'self'", "'unsafe-inline'", ...assetHosts],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileHosts],
        fontSrc: ["'self'", 'data:', ...assetHosts],
        mediaSrc: ["'self'", 'blob:', ...fileHosts],
        connectSrc: ["'self'", ...fileHosts],
        // The gallery frames a PDF from where its bytes are served.
        frameSrc: ["'self'", ...fileHosts],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Assets may be fetched by a CDN in front of this server; the API answers same-origin anyway.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Share pages are opened from WeChat and other apps; keep referrers to our origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: false,
  });
  // Paged lists carry their position in headers; let browsers read them on any origin we serve.
  const exposed = [PAGE_HEADERS.page, PAGE_HEADERS.perPage, PAGE_HEADERS.total, REQUEST_ID_HEADER].join(', ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', exposed);
  });
}
