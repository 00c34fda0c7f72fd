import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-imports.mjs', import.meta.url));

type Tree = Record<string, string>;

function checkImports(root?: string): Promise<{ code: number; stdout: string }> {
  const args = root ? [script, '--root', root] : [script];
  return new Promise((resolve) => {
    execFile(process.execPath, args, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout + stderr });
    });
  });
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-imports-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeTree(tree: Tree) {
  for (const [file, content] of Object.entries(tree)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), content);
  }
}

const server = 'apps/server/src';
const team = `${server}/domains/team`;

/** A tree following every rule, with rule-breaking files where they are not checked. */
const clean: Tree = {
  [`${server}/http/envelope.ts`]: "import { z } from 'zod';\nexport const ok = z.object({});\n",
  [`${server}/http/api-router.ts`]: "import type { FastifyInstance } from 'fastify';\nimport './envelope';\n",
  [`${team}/team.tables.ts`]:
    "import { pgTable } from 'drizzle-orm/pg-core';\nexport const teams = pgTable('teams', {});\n",
  [`${team}/team.repository.ts`]:
    "import { eq } from 'drizzle-orm';\nimport { teams } from './team.tables';\n",
  [`${team}/team.service.ts`]: "import * as repository from './team.repository.js';\n",
  [`${team}/team.routes.ts`]: [
    "import type { FastifyInstance } from 'fastify';",
    "import { ok } from '../../http/envelope';",
    'import {',
    '  findTeam,',
    '  renameTeam,',
    "} from './team.service';",
    "export { ok } from '../../http/envelope';",
    '',
  ].join('\n'),
  [`${server}/domains/profile/profile.service.ts`]: "import { findTeam } from '../team/team.service';\n",
  // Not checked: tests, test helpers, dependencies.
  [`${server}/http/envelope.test.ts`]: "import { teams } from '../domains/team/team.tables';\n",
  [`${team}/team.int.test.ts`]: "import { renameTeam } from './team.repository';\n",
  [`${server}/test/build-test-app.ts`]: "import '../domains/team/team.routes';\nimport './factories';\n",
  [`${server}/test/factories.ts`]: "import './build-test-app';\n",
  'apps/server/node_modules/x/index.ts': "import 'drizzle-orm';\n",
  'packages/contract/src/team.schema.ts': [
    '// import { sql } from "drizzle-orm" is not allowed here',
    "import { z } from 'zod';",
    "import 'zod/locales';",
    "import { TEAM_NAME } from './patterns';",
    '',
  ].join('\n'),
  'packages/contract/src/patterns.ts': "export const TEAM_NAME = /^.{1,50}$/; // import { x } from 'y'\n",
  'apps/admin/src/api.ts': "import { createApiClient } from '@trackit/client/api-client';\n",
  'apps/admin/src/features/team/team.queries.ts': [
    "import { useQueryClient } from '@tanstack/react-query';",
    "import { api } from '../../api';",
    'export const useRename = () => useQueryClient().invalidateQueries();',
    '',
  ].join('\n'),
  'apps/admin/src/features/team/team-page.tsx': [
    "import { useTeam } from './team.queries';",
    '/** Saving calls invalidateQueries in team.queries.ts, not here. */',
    "const LazyPage = () => import('./team-form');",
    '',
  ].join('\n'),
  'apps/admin/src/features/team/team-form.tsx': 'export const TeamForm = () => null;\n',
};

describe('check-imports', () => {
  it('passes a tree that follows every rule, skipping tests and dependencies', async () => {
    await writeTree(clean);
    const { code, stdout } = await checkImports(dir);
    expect(stdout.trim()).toBe('imports: 13 files checked, no violations');
    expect(code).toBe(0);
  });

  const cases: { rule: string; tree: Tree; expected: string[] }[] = [
    {
      rule: 'http-imports-domain',
      tree: {
        [`${server}/http/request-context.ts`]:
          "import type { FastifyRequest } from 'fastify';\nimport type { AuthContext } from '../domains/session/auth-context';\n",
        [`${server}/domains/session/auth-context.ts`]: 'export type AuthContext = { userId: number };\n',
      },
      expected: [
        `${server}/http/request-context.ts:2  http-imports-domain  (../domains/session/auth-context)`,
      ],
    },
    {
      rule: 'documents-imports-domain',
      tree: {
        [`${server}/documents/pdf-frame.ts`]:
          "import { orderName } from '../domains/order/order-text';\nimport { A4 } from './pdf-document';\n",
        [`${server}/documents/pdf-document.ts`]: 'export const A4 = 1;\n',
        [`${server}/domains/order/order-text.ts`]: "import { A4 } from '../../documents/pdf-document';\n",
      },
      expected: [
        `${server}/documents/pdf-frame.ts:1  documents-imports-domain  (../domains/order/order-text)`,
      ],
    },
    {
      rule: 'routes-import-repository',
      tree: {
        [`${team}/team.routes.ts`]: [
          "import { eq } from 'drizzle-orm';",
          "import { teams } from './team.tables';",
          "import * as repository from './team.repository';",
          '',
        ].join('\n'),
        [`${team}/team.tables.ts`]: 'export const teams = {};\n',
        [`${team}/team.repository.ts`]: 'export const findTeam = () => null;\n',
      },
      expected: [
        `${team}/team.routes.ts:1  routes-import-repository  (drizzle-orm)`,
        `${team}/team.routes.ts:2  routes-import-repository  (./team.tables)`,
        `${team}/team.routes.ts:3  routes-import-repository  (./team.repository)`,
      ],
    },
    {
      rule: 'foreign-repository',
      tree: {
        [`${server}/domains/profile/profile.repository.ts`]: 'export const findProfile = () => null;\n',
        [`${server}/domains/profile/profile.service.ts`]: [
          "import { findProfile } from './profile.repository';",
          "import { findTeam } from '../team/team.repository';",
          '',
        ].join('\n'),
        [`${team}/team.repository.ts`]: 'export const findTeam = () => null;\n',
      },
      expected: [
        `${server}/domains/profile/profile.service.ts:2  foreign-repository  (../team/team.repository)`,
      ],
    },
    {
      rule: 'service-sql',
      tree: { [`${team}/team.service.ts`]: "import { and, eq } from 'drizzle-orm';\n" },
      expected: [`${team}/team.service.ts:1  service-sql  (drizzle-orm)`],
    },
    {
      rule: 'contract-deps',
      tree: {
        'packages/contract/src/messages.ts': [
          "import { z } from 'zod';",
          "import { randomUUID } from 'node:crypto';",
          "export { formatDate } from '@trackit/client/format';",
          "import type { Row } from '../../../apps/server/src/db/schema';",
          '',
        ].join('\n'),
      },
      expected: [
        'packages/contract/src/messages.ts:2  contract-deps  (node:crypto)',
        'packages/contract/src/messages.ts:3  contract-deps  (@trackit/client/format)',
        'packages/contract/src/messages.ts:4  contract-deps  (../../../apps/server/src/db/schema)',
      ],
    },
    {
      rule: 'page-fetches',
      tree: {
        'apps/admin/src/api.ts': 'export const api = {};\n',
        'apps/admin/src/features/notify/notify-page.tsx': [
          "import { useQuery } from '@tanstack/react-query';",
          "import { api } from '../../api';",
          'export function NotifyPage() {',
          '  const client = useQueryClient();',
          '  return client.invalidateQueries({ queryKey: ["notify"] });',
          '}',
          '',
        ].join('\n'),
        'apps/share-mobile/src/features/share/share-page.tsx':
          "import { createApiClient } from '@trackit/client/api-client';\nqueryClient.setQueryData(['share'], null);\n",
      },
      expected: [
        'apps/admin/src/features/notify/notify-page.tsx:2  page-fetches  (../../api)',
        'apps/admin/src/features/notify/notify-page.tsx:4  page-fetches  (useQueryClient)',
        'apps/admin/src/features/notify/notify-page.tsx:5  page-fetches  (invalidateQueries)',
        'apps/share-mobile/src/features/share/share-page.tsx:1  page-fetches  (@trackit/client/api-client)',
        'apps/share-mobile/src/features/share/share-page.tsx:2  page-fetches  (setQueryData)',
      ],
    },
    {
      rule: 'payment-caches',
      tree: {
        // The owner may: not reported.
        [`${server}/domains/payment/payment.repository.ts`]:
          'export const f = (tx, t) => tx.update(t).set({ allocated: 1 });\n',
        [`${server}/domains/order/order.repository.ts`]: [
          'export const f = (tx, t) => tx.update(t).set({ status: 1 });',
          'export const g = (tx, t) =>',
          '  tx.update(t).set({',
          '    updatedAt: 1,',
          '    received: 2,',
          '  });',
          'export const h = (tx, t) => tx.update(t).set({ paymentStatus: 3 });',
          '',
        ].join('\n'),
      },
      expected: [
        `${server}/domains/order/order.repository.ts:3  payment-caches  (.set({ updatedAt: 1, received:)`,
        `${server}/domains/order/order.repository.ts:7  payment-caches  (.set({ paymentStatus:)`,
      ],
    },
    {
      rule: 'business-time',
      tree: {
        // The one module that may: not reported.
        'packages/contract/src/business-time.ts': 'const OFFSET_MS = 8 * 60 * 60 * 1000;\n',
        [`${server}/domains/order/order.service.ts`]: [
          '/** The offset of China, 8 * 3600 s (a comment: not reported). */',
          'const logged = (at: Date) => new Date(at.getTime() + 8 * 3_600_000);',
          "const start = (date: string) => new Date(date + 'T00:00:00+08:00');",
          'const seconds = 28_800;',
          'const HOURS_8 = 8 * 60;',
          '',
        ].join('\n'),
        'apps/admin/src/features/calendar/calendar-display.ts': [
          'const OFFSET_MS = 8 * 60 * 60 * 1000;',
          "const zone = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai' });",
          'const local = new Date().getTimezoneOffset();',
          'const size = 52_428_800;',
          '',
        ].join('\n'),
      },
      expected: [
        'apps/admin/src/features/calendar/calendar-display.ts:1  business-time  (8 * 60 * 60)',
        'apps/admin/src/features/calendar/calendar-display.ts:2  business-time  (Asia/Shanghai)',
        'apps/admin/src/features/calendar/calendar-display.ts:3  business-time  (getTimezoneOffset)',
        `${server}/domains/order/order.service.ts:2  business-time  (8 * 3_600)`,
        `${server}/domains/order/order.service.ts:3  business-time  (+08:00)`,
        `${server}/domains/order/order.service.ts:4  business-time  (28_800)`,
      ],
    },
    {
      rule: 'cycle',
      tree: {
        [`${server}/a.ts`]: "import { b } from './domains/b';\nexport const a = 1;\n",
        [`${server}/domains/b.ts`]: "import type { C } from '../c';\nexport const b = 2;\n",
        [`${server}/c.ts`]: "import { a } from './a';\nimport { d } from './d';\nexport type C = number;\n",
        [`${server}/d.ts`]: 'export const d = 4;\n',
      },
      expected: [`${server}/a.ts:1  cycle  (${server}/a.ts, ${server}/c.ts, ${server}/domains/b.ts)`],
    },
  ];

  it.each(cases)('fails on $rule', async ({ rule, tree, expected }) => {
    await writeTree(tree);
    const { code, stdout } = await checkImports(dir);
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, -1)).toEqual(expected);
    expect(lines.every((line, i) => i === lines.length - 1 || line.includes(`  ${rule}  `))).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^imports: \\d+ files checked, ${expected.length} violation`));
    expect(code).toBe(1);
  });

  it('reports on the real repository (printed, not asserted: the server is being refactored)', async () => {
    const { code, stdout } = await checkImports();
    console.log(`check-imports on the real tree (exit ${code}):\n${stdout}`);
  });
});
