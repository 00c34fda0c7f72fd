import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATHS } from '@trackit/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markShareAnswer } from './share-headers';

/**
 * The three front ends: the folder under apps/, the base path each is served at, and whether it is a
 * share app (opened by clients from links: kept out of search engines and referrers, with link-preview
 * tags for the share id in its path).
 */
export const FRONT_END_APPS = [
  { folder: 'admin', basePath: BASE_PATHS.admin, share: false },
  { folder: 'share-mobile', basePath: BASE_PATHS.h5, share: true },
  { folder: 'share-desktop', basePath: BASE_PATHS.web, share: true },
] as const;

/** Base paths of the share apps (`/h5`, `/web`). */
export const SHARE_APP_BASE_PATHS: readonly string[] = FRONT_END_APPS.filter((app) => app.share).map(
  (app) => app.basePath,
);

/** What a link preview shows (WeChat's card, a chat app's unfurl): from a share page's meta tags. */
export interface PageHead {
  title: string;
  description: string;
  /** An absolute address, or one on this server (`/storm_api/...`), made absolute here. */
  image: string | null;
}

/**
 * The head of a share app's page for the path below its base (`/s/{id}`): the share's preview; `null`
 * for an unknown, revoked or expired share (answered 404, with the app's own 404 page in it); undefined
 * for a path that names no share.
 */
export type PageHeadResolver = (
  basePath: string,
  rest: string,
  request: FastifyRequest,
) => Promise<PageHead | null | undefined>;

/**
 * Where a page of one app lives in another (a phone opening a desktop-only share page under /h5): the
 * address to send the browser to, path and query; undefined for a page of the app itself.
 */
export type PageMoveResolver = (basePath: string, rest: string) => string | undefined;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** index.html with the page's title and preview tags in place of the app's default title. */
export function withPageHead(html: string, head: PageHead, origin: string): string {
  const image = head.image ? (head.image.startsWith('/') ? `${origin}${head.image}` : head.image) : null;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : []),
  ].join('\n    ');
  // Replaced by a function, never a replacement string: in a string, `$'`, `$\`` and `$&` of a title
  // would be patterns that splice the page itself into the head.
  return html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', () => `${tags}\n  </head>`);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface ServedApp {
  basePath: string;
  share: boolean;
  /** index.html with asset URLs pointed at the static host; null when the app has not been built. */
  indexHtml: string | null;
}

/** Points the build's absolute asset URLs (`/admin/assets/...`) at the static host, when one is set. */
export function rewriteAssetHost(html: string, basePath: string, staticHost: string | undefined): string {
  if (!staticHost) return html;
  return html.replaceAll(`"${basePath}/assets/`, () => `"${staticHost}${basePath}/assets/`);
}

function sendIndex(reply: FastifyReply, app: ServedApp, html: string | null = app.indexHtml) {
  if (app.share) markShareAnswer(reply);
  if (html === null) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('前端尚未构建，请先运行 npm run build');
  }
  // Never cached: a new deployment must be picked up (and its version tag seen) at once.
  return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
}

/** A share app's page carries the preview of the share its path names; an unknown share is a 404. */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  app: ServedApp,
  rest: string,
  headOf: PageHeadResolver | undefined,
) {
  if (!app.share || !headOf || app.indexHtml === null) return sendIndex(reply, app);
  const head = await headOf(app.basePath, rest, request);
  if (head === undefined) return sendIndex(reply, app);
  // Never cached anywhere: the same address must stop working the moment the share is revoked.
  reply.header('cache-control', 'no-store');
  if (head === null) return sendIndex(reply.status(404), app);
  const origin = `${request.protocol}://${request.host}`;
  return sendIndex(reply, app, withPageHead(app.indexHtml, head, origin)).header('cache-control', 'no-store');
}

/**
 * Serves each built app under its base path: hashed assets with long-term caching (pre-compressed
 * .br/.gz beside them when the build made them), and index.html for every other path below the base
 * so deep links load (history fallback).
 */
export async function registerStaticApps(
  app: FastifyInstance,
  options: {
    appsDir: string;
    staticHost: string | undefined;
    headOf?: PageHeadResolver;
    movedTo?: PageMoveResolver;
  },
): Promise<
  (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | FastifyReply | undefined
> {
  const served: ServedApp[] = [];
  let decorated = false;
  for (const frontEnd of FRONT_END_APPS) {
    const distDir = path.join(options.appsDir, frontEnd.folder, 'dist');
    const indexFile = path.join(distDir, 'index.html');
    const built = existsSync(indexFile);
    const entry: ServedApp = {
      basePath: frontEnd.basePath,
      share: frontEnd.share,
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
      // A route per built file, found once at start (a deployment restarts the server): every other path,
      // a share page above all, goes straight to the fallback, never through the file server's checks.
      wildcard: false,
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
        if (entry.share) markShareAnswer(reply);
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
    const moved = options.movedTo?.(target.basePath, rest);
    if (moved !== undefined) {
      const query = request.url.slice(pathname.length);
      if (target.share) markShareAnswer(reply);
      return reply.header('cache-control', 'no-store').redirect(`${moved}${query}`, 302);
    }
    return sendPage(request, reply, target, rest, options.headOf);
  };
}
