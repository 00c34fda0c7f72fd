// npm run dev: the API with reload (tsx watch) and the three Vite dev servers with hot reload, which
// proxy /storm_api to the API. Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import path from 'node:path';

const port = process.env.PORT ?? '3000';
// The API runs in its workspace folder: keep its data where `npm start` keeps it, in ./data here.
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const processes = [
  [
    'api',
    ['run', 'dev', '--workspace=@trackit/server'],
    { NODE_ENV: 'development', PORT: port, DATA_DIR: dataDir },
  ],
  ['admin', ['run', 'dev', '--workspace=@trackit/admin'], {}],
  ['h5', ['run', 'dev', '--workspace=@trackit/share-mobile'], {}],
  ['web', ['run', 'dev', '--workspace=@trackit/share-desktop'], {}],
];

const children = processes.map(([name, args, env]) => {
  const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk) => console.log(prefix(chunk)));
  child.stderr.on('data', (chunk) => console.error(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stopAll();
  });
  return child;
});

console.log(
  `TrackIt dev: API http://localhost:${port}/storm_api, admin http://localhost:5173/admin/, ` +
    'h5 http://localhost:5174/h5/, web http://localhost:5175/web/',
);

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
