// Checks the import boundaries of ARCHITECTURE.md (routes → service → repository, a dependency-free contract,
// pages that only use their feature's query hooks, no import cycles in the server) and that business time
// (UTC+8) is only worked out in packages/contract/src/business-time.ts. Prints each violation as
// `path:line  rule  (imported path)` and exits 1 when there is any. Test files are not checked.
// Usage: node tooling/check-imports.mjs [--root <dir>]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SERVER = 'apps/server/src/';
const DOMAIN = /^apps\/server\/src\/domains\/([^/]+)\//;
const isPackage = (spec, name) => spec === name || spec.startsWith(`${name}/`);

// Each rule: `files` selects the importing files (its match is passed on), `forbid(imp, match)` flags an
// import ({ spec: as written, target: repo path of a relative import, else null }), `calls` flags a use in
// the source, `cycles` forbids import cycles among the selected files.
const RULES = [
  {
    name: 'http-imports-domain',
    // The HTTP plumbing is shared by every domain; importing one would couple all of them to it.
    files: /^apps\/server\/src\/http\//,
    forbid: (imp) => DOMAIN.test(imp.target ?? ''),
  },
  {
    name: 'documents-imports-domain',
    // PDFs and workbooks are shared infrastructure: domains use them, they know no domain (docs/decisions.md
    // "Documents").
    files: /^apps\/server\/src\/documents\//,
    forbid: (imp) => DOMAIN.test(imp.target ?? ''),
  },
  {
    name: 'routes-import-repository',
    // Routes call services; only the repository (and its tables) touches the database.
    files: /\.routes\.ts$/,
    forbid: (imp) =>
      /\.(repository|tables)\.ts$/.test(imp.target ?? '') || isPackage(imp.spec, 'drizzle-orm'),
  },
  {
    name: 'foreign-repository',
    // A domain reaches another domain's data through that domain's service, which keeps its rules.
    files: DOMAIN,
    forbid: (imp, [, own]) => {
      const other = imp.target?.match(DOMAIN);
      return Boolean(other && other[1] !== own && imp.target.endsWith('.repository.ts'));
    },
  },
  {
    name: 'service-sql',
    // Services hold business rules; the queries belong in the repository.
    files: /\.service\.ts$/,
    forbid: (imp) => isPackage(imp.spec, 'drizzle-orm'),
  },
  {
    name: 'contract-deps',
    // The contract is shared by the server and the browsers: zod only, so it runs (and bundles) anywhere.
    files: /^packages\/contract\/src\//,
    forbid: (imp) => !isPackage(imp.spec, 'zod') && !imp.target?.startsWith('packages/contract/src/'),
  },
  {
    name: 'page-fetches',
    // Pages use their feature's `<domain>.queries.ts` hooks; fetching, mutations and cache edits live there.
    files: /^apps\/(admin|share-mobile|share-desktop)\/src\/(?:.*\/)?[^/]*-page\.tsx$/,
    forbid: (imp, [, app]) =>
      imp.target === `apps/${app}/src/api.ts` || imp.spec === '@trackit/client/api-client',
    calls: /\b(setQueryData|setQueriesData|invalidateQueries|useQueryClient)\b/,
  },
  {
    name: 'payment-caches',
    // What is paid has one owner (docs/decisions.md "One owner for what is paid"): the kept figures of
    // receipts, invoices, fee lines and orders are written by the payment domain alone, from the truth.
    files: /^apps\/server\/src\/(?!domains\/payment\/)/,
    calls: /\.set\(\{[^}]*\b(?:allocated|paid|received|invoiced|paymentStatus)\s*:/,
    // An object spans lines once formatted: matched in the whole source.
    across: true,
  },
  {
    name: 'business-time',
    // China business time (UTC+8) is worked out in one module (docs/decisions.md "Business time"); an offset,
    // zone name or machine zone written anywhere else drifts from it.
    files: /^(?!packages\/contract\/src\/business-time\.ts$)/,
    calls:
      /\b8\s*\*\s*(?:60\s*\*\s*60|3_?600)|\b28_?800(?:_?000)?\b|\+08:?00\b|Asia\/Shanghai|\bgetTimezoneOffset\b/,
  },
  {
    name: 'cycle',
    // Cycles make load order fragile (undefined values at start-up) and the layers impossible to separate.
    files: new RegExp(`^${SERVER}`),
    cycles: true,
  },
];

const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith(`${SERVER}test/`);
const STATIC_IMPORT =
  /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s*from\s*)?['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

function listSources(dir, found = []) {
  if (!existsSync(path.join(root, dir))) return found;
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
      listSources(file, found);
    } else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !isTest(file)) {
      found.push(file);
    }
  }
  return found;
}

/** The repo path of a relative specifier's file (`.js` written for `.ts` too), or null for a package. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), spec);
  const stem = base.replace(/\.jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const isFile = (file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile();
  return candidates.find(isFile) ?? base;
}

const lineAt = (source, index) => source.slice(0, index).split('\n').length;

function importsOf(file, source) {
  const found = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of source.matchAll(pattern)) {
      const start = match.index + match[0].search(/\S/);
      found.push({ spec: match[1], target: resolve(file, match[1]), line: lineAt(source, start) });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Each use of the pattern's names outside comment lines, with its line. */
function callsOf(source, pattern) {
  const found = [];
  source.split('\n').forEach((text, i) => {
    if (/^\s*(\/\/|\/?\*)/.test(text)) return;
    for (const [call] of text.matchAll(new RegExp(pattern, 'g'))) found.push({ call, line: i + 1 });
  });
  return found;
}

/** The matches of `pattern` in the whole source (across lines), each at the line where it starts. */
function callsAcross(source, pattern) {
  return [...source.matchAll(new RegExp(pattern, 'g'))].map((match) => ({
    call: match[0].replace(/\s+/g, ' '),
    line: source.slice(0, match.index).split('\n').length,
  }));
}

/** Strongly connected components (Tarjan) of the graph, keeping those that form a cycle. */
function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node).has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const files = SCANNED.flatMap((dir) => listSources(dir)).sort();
const violations = [];
const sources = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
const imports = new Map(files.map((file) => [file, importsOf(file, sources.get(file))]));

for (const rule of RULES) {
  const selected = files.filter((file) => rule.files.test(file));
  for (const file of selected) {
    const match = file.match(rule.files);
    const forbidden = rule.forbid ? imports.get(file).filter((imp) => rule.forbid(imp, match)) : [];
    for (const { line, spec } of forbidden) violations.push({ file, line, rule: rule.name, detail: spec });
    const source = sources.get(file);
    const calls = !rule.calls
      ? []
      : rule.across
        ? callsAcross(source, rule.calls)
        : callsOf(source, rule.calls);
    for (const { call, line } of calls) {
      violations.push({ file, line, rule: rule.name, detail: call });
    }
  }
  if (rule.cycles) {
    const inGraph = new Set(selected);
    const edges = (file) => imports.get(file).filter((imp) => inGraph.has(imp.target));
    const graph = new Map(selected.map((file) => [file, new Set(edges(file).map((imp) => imp.target))]));
    for (const cycle of findCycles(graph)) {
      const first = edges(cycle[0]).find((imp) => cycle.includes(imp.target));
      violations.push({ file: cycle[0], line: first.line, rule: rule.name, detail: cycle.join(', ') });
    }
  }
}

violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
for (const v of violations) console.log(`${v.file}:${v.line}  ${v.rule}  (${v.detail})`);
if (violations.length > 0) {
  console.log(`imports: ${files.length} files checked, ${violations.length} violation(s)`);
  process.exitCode = 1;
} else {
  console.log(`imports: ${files.length} files checked, no violations`);
}
