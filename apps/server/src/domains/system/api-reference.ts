/**
 * The API reference page (/storm_api/docs): Swagger UI from the swagger-ui-dist package, served by this
 * server with its start-up script as a file of its own, so the page runs under the same strict CSP
 * (`script-src 'self'`) as the apps: no inline script, nothing from another host.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_BASE_PATH, BASE_PATHS } from '@trackit/contract/constants';
import { PRODUCT_NAME_ZH } from '@trackit/contract/messages';

const DOCS_PATH = `${API_BASE_PATH}/docs`;

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${PRODUCT_NAME_ZH} API 参考</title>
<link rel="icon" href="${BASE_PATHS.admin}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`;

const START = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({
    url: '${API_BASE_PATH}/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
  });
});
`;

/** The files the page loads, and nothing else of the package. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const packageDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export function referencePage(): string {
  return PAGE;
}

/** A file of the page, or undefined for any other name. */
export async function referenceAsset(
  name: string,
): Promise<{ body: string | Buffer; contentType: string } | undefined> {
  if (name === 'start.js') return { body: START, contentType: 'application/javascript; charset=utf-8' };
  const contentType = ASSETS[name];
  if (!contentType) return undefined;
  return { body: await readFile(path.join(packageDir(), name)), contentType };
}
