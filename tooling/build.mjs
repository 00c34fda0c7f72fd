// npm run build: one version tag for the whole build (the apps' <meta name="version"> and the server's
// /configs agree on it), then every workspace's own build.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function buildVersion() {
  if (process.env.TRACKIT_BUILD_VERSION) return process.env.TRACKIT_BUILD_VERSION;
  const { version } = JSON.parse(readFileSync('apps/server/package.json', 'utf8'));
  let commit = 'local';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout: the timestamp alone tells builds apart
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${version}-${commit}-${stamp}`;
}

const version = buildVersion();
const workspaces = ['@trackit/admin', '@trackit/share-mobile', '@trackit/share-desktop', '@trackit/server'];
for (const workspace of workspaces) {
  execFileSync('npm', ['run', 'build', `--workspace=${workspace}`], {
    stdio: 'inherit',
    env: { ...process.env, TRACKIT_BUILD_VERSION: version },
  });
}
console.log(`build ${version} done`);
