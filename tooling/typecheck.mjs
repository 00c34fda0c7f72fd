// Type-checks every workspace with its own tsconfig (each has its own libs: DOM for apps, node for the server).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/contract',
  'packages/client',
  'apps/server',
  'apps/admin',
  'apps/share-mobile',
  'apps/share-desktop',
  'e2e',
  'bench',
  'tooling',
  'ops',
];
let failed = 0;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    console.log(`typecheck ${project}: ok`);
  } catch {
    failed += 1;
    console.error(`typecheck ${project}: failed`);
  }
}
process.exit(failed ? 1 : 0);
