/**
 * The top self-time functions of a V8 .cpuprofile (`node --cpu-prof`; BENCH_CPU_PROF=<dir> on the API
 * benches writes the server's), and self time per package, to see where a request's CPU goes.
 *
 *   npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [lines]
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package> (scoped too), else the part of the project or Node itself. */
function packageOf(url: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (dependency) return dependency;
  if (url.includes('/apps/server/')) return 'apps/server';
  if (url.includes('/packages/')) return 'packages';
  if (url.startsWith('node:')) return 'node';
  return url ? url : '(native / vm)';
}

const [file, lines = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [lines]');
const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

const add = (into: Map<string, number>, key: string, micros: number) =>
  into.set(key, (into.get(key) ?? 0) + micros);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const where = frame.url
    ? `${frame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${frame.lineNumber + 1}`
    : '';
  add(byFunction, `${frame.functionName || '(anonymous)'} ${where}`, micros);
  add(byPackage, packageOf(frame.url), micros);
}

const print = (title: string, table: Map<string, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    const share = ((100 * micros) / total).toFixed(1).padStart(5);
    console.log(`${share}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${(total / 1000).toFixed(0)} ms sampled`);
print('Self time by package', byPackage, 15);
print('Self time by function', byFunction, Number(lines));
