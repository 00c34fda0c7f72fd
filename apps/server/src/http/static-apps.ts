import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATHS } from '@trackit/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The three front ends: the folder under apps/ and the base path each is served at. */
export const FRONT_END_APPS = [
  { folder: 'admin', basePath: BASE_PATHS.admin },
  { folder: 'share-mobile', basePath: BASE_PATHS.h5 },
  { folder: 'share-desktop', basePath: BASE_PATHS.web },
] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface ServedApp {
  basePath: string;
  /** index.html with asset URLs pointed at the static host; null when the app has not been built. */
  indexHtml: string | null;
}

/** Points the build's absolute asset URLs (`/admin/assets/...`) at the static host, when one is set. */
export function rewriteAssetHost(html: string, basePath: string, staticHost: string | undefined): string {
  if (!staticHost) return html;
  return html.replaceAll(`"${basePath}/assets/`, `"${staticHost}${basePath}/assets/`);
}

function sendIndex(reply: FastifyReply, app: ServedApp) {
  if (app.indexHtml === null) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('前端尚未构建，请先运行 npm run build');
  }
  // Never cached: a new deployment must be picked up (and its version tag seen) at once.
  return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(app.indexHtml);
}

/**
 * Serves each built app under its base path: hashed assets with long-term caching (pre-compressed
 * .br/.gz beside them when the build made them), and index.html for every other path below the base
 * so deep links load (history fallback).
 */
export async function registerStaticApps(
  app: FastifyInstance,
  options: { appsDir: string; staticHost: string | undefined },
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined> {
  const served: ServedApp[] = [];
  let decorated = false;
  for (const frontEnd of FRONT_END_APPS) {
    const distDir = path.join(options.appsDir, frontEnd.folder, 'dist');
    const indexFile = path.join(distDir, 'index.html');
    const built = existsSync(indexFile);
    const entry: ServedApp = {
      basePath: frontEnd.basePath,
      indexHtml: built
        ? rewriteAssetHost(readFileSync(indexFile, 'utf8'), frontEnd.basePath, options.staticHost)
        : null,
    };
    served.push(entry);
    app.get(frontEnd.basePath, (_request, reply) => sendIndex(reply, entry));
    if (!built) continue;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${frontEnd.basePath}/`,
      decorateReply: !decorated,
      wildcard: true,
      index: false,
      redirect: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'deny',
      // index.html goes through sendIndex (static-host rewrite, no caching), never straight from disk.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        // A CDN in front of this server may serve these to pages on our origin.
        if (hashed) reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
    decorated = true;
  }

  app.get('/', (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect(BASE_PATHS.admin, 302),
  );

  /** The not-found fallback for app paths; undefined when the path belongs to no app. */
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const target = served.find((s) => pathname === s.basePath || pathname.startsWith(`${s.basePath}/`));
    if (!target) return undefined;
    const rest = pathname.slice(target.basePath.length);
    // A missing asset (e.g. a chunk removed by a newer deployment) is a real 404, never the HTML page.
    if (rest.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(rest)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return sendIndex(reply, target);
  };
}
