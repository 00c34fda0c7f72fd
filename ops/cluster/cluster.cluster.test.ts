/**
 * The cluster suite (issue 25): three processes of the built server on one PostgreSQL database and one
 * S3-compatible store, behind nginx with the production configuration (ops/cluster/cluster.ts). Every
 * call goes through nginx unless the test is about one process.
 */
import { createHash } from 'node:crypto';
import { businessDate } from '@trackit/contract/business-time';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_JOBS } from '../../apps/server/src/jobs/daily-jobs';
import { type Cluster, startCluster, waitFor } from './cluster';

type Envelope<T = unknown> = { code: number; message: string; data: T };

let cluster: Cluster;
let owner: Record<string, string>;

async function call<T>(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Envelope<T> | null }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: Envelope<T> | null = null;
  try {
    body = text ? (JSON.parse(text) as Envelope<T>) : null;
  } catch {
    body = null; // nginx's own 502 page
  }
  return { status: res.status, headers: res.headers, body };
}

beforeAll(async () => {
  cluster = await startCluster();
  const [first] = cluster.processes;
  owner = await cluster.signIn(cluster.teams[0]?.ownerMobile as string, first as NonNullable<typeof first>);
});

afterAll(async () => {
  await cluster?.stop();
});

describe('three processes behind nginx', () => {
  it('a session made on one process works on the others and through nginx', async () => {
    for (const process of cluster.processes) {
      const res = await call<{ permissions: unknown }>(
        process.baseUrl,
        'GET',
        '/storm_api/v1/permissions/my',
        {
          headers: owner,
        },
      );
      expect(res.status, process.baseUrl).toBe(200);
    }
    for (let i = 0; i < 6; i += 1) {
      const res = await call(cluster.url, 'GET', '/storm_api/v1/permissions/my', { headers: owner });
      expect(res.status).toBe(200);
    }
  });

  it('nginx serves the hashed assets from disk, pre-compressed and cached for a year; pages come from a process', async () => {
    const page = await fetch(`${cluster.url}/admin/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const asset = /\/admin\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset, 'a script of the admin app').toBeDefined();
    const res = await fetch(`${cluster.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(res.headers.get('content-encoding'));
    // nginx's own answer: the processes never saw it (they name themselves in x-request-id).
    expect(res.headers.get('x-request-id')).toBeNull();
    const metrics = await fetch(`${cluster.url}/metrics`);
    expect(metrics.status).toBe(404);
  });

  it('an upload announced on one process, stored in the bucket and recorded on another is thumbnailed once', async () => {
    const [one, two, three] = cluster.processes as [
      Cluster['processes'][0],
      Cluster['processes'][0],
      Cluster['processes'][0],
    ];
    const folder = await call<{ id: number }>(two.baseUrl, 'POST', '/storm_api/v1/folders', {
      body: { name: '集群上传' },
      headers: owner,
    });
    expect(folder.body?.code, folder.body?.message).toBe(0);
    const bytes = await sharp({
      create: { width: 64, height: 80, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const announced = await call<{
      signed_id: string;
      direct_upload: { url: string; headers: Record<string, string> };
    }>(one.baseUrl, 'POST', '/storm_api/v1/direct_uploads', {
      body: {
        checksum: createHash('md5').update(bytes).digest('base64'),
        content_type: 'image/jpeg',
        byte_size: bytes.length,
        filename: 'cluster.jpg',
      },
      headers: owner,
    });
    expect(announced.body?.code, announced.body?.message).toBe(0);
    const upload = announced.body?.data as NonNullable<typeof announced.body>['data'];
    const stored = await fetch(upload.direct_upload.url, {
      method: 'PUT',
      headers: upload.direct_upload.headers,
      body: bytes,
    });
    expect(stored.status).toBe(200);
    const added = await call<{ id: number }>(three.baseUrl, 'POST', '/storm_api/v1/files', {
      body: { folder_id: folder.body?.data.id, signed_id: upload.signed_id },
      headers: owner,
    });
    expect(added.body?.code, added.body?.message).toBe(0);
    const fileId = added.body?.data.id as number;

    const blobKey = await waitFor(async () => {
      const { rows } = await cluster.db.query<{ key: string; thumbnail_state: string }>(
        `select b.key, f.thumbnail_state from files f join blobs b on b.id = f.blob_id where f.id = $1`,
        [fileId],
      );
      const file = rows[0];
      expect(file?.thumbnail_state).not.toBe('failed');
      return file?.thumbnail_state === 'ready' ? file.key : undefined;
    });
    // Every process has let the job go (none still working on it), then the thumbnail was written once.
    await waitFor(async () => {
      const { rows } = await cluster.db.query<{ n: string }>(
        `select count(*) as n from pgboss.job where name = 'thumbnail' and state in ('created', 'retry', 'active')`,
      );
      return rows[0]?.n === '0' ? true : undefined;
    });
    expect(cluster.storedKeys.filter((key) => key === `${blobKey}.thumb.webp`)).toHaveLength(1);
    expect(cluster.storedKeys.filter((key) => key === `${blobKey}.preview.webp`)).toHaveLength(1);
  });

  it('the daily jobs ran once per team for today, the three processes having started together', async () => {
    const today = businessDate(new Date());
    const runs = await waitFor(async () => {
      const { rows } = await cluster.db.query<{ job: string; team_id: string; finished_at: Date | null }>(
        `select job, team_id, finished_at from job_runs where run_on = $1 order by job, team_id`,
        [today],
      );
      const expected = DAILY_JOBS.length * cluster.teams.length;
      return rows.length === expected && rows.every((row) => row.finished_at) ? rows : undefined;
    });
    const keys = runs.map((row) => `${row.job}:${row.team_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const team of cluster.teams)
      for (const job of DAILY_JOBS) expect(keys).toContain(`${job.name}:${team.id}`);
  });

  it('400 public share calls in a minute are answered 429 past 300, whichever process takes them', async () => {
    const statuses: number[] = [];
    // Ten at a time, as a browser and a script hammering share ids would.
    for (let batch = 0; batch < 40; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${cluster.url}/storm_api/v1/public/packages/cluster${batch}`),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(100);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 404)).toBe(true);
  });

  it('a process killed with SIGKILL amid 50 writes: every answered write is stored, and retrying clients get through', async () => {
    const victim = cluster.processes[1] as Cluster['processes'][0];
    const startsBefore = victim.starts();
    let answered = 0;
    let killed = false;
    const names = Array.from({ length: 50 }, (_, i) => `集群客户${Date.now().toString(36)}-${i}`);
    const write = async (name: string) => {
      const attempts: number[] = [];
      for (;;) {
        let status = 0;
        let id: number | undefined;
        try {
          const res = await call<{ id: number }>(cluster.url, 'POST', '/storm_api/v1/companies', {
            body: { name },
            headers: owner,
          });
          status = res.status;
          id = res.body?.data?.id;
        } catch {
          status = -1; // the connection itself was lost
        }
        attempts.push(status);
        answered += 1;
        if (!killed && answered >= 10) {
          killed = true;
          victim.kill('SIGKILL');
        }
        if (status === 200) return { name, id, attempts };
        // A retried write that had gone through before its answer was lost: the name is taken (409).
        if (status === 409) return { name, id: undefined, attempts };
        if (attempts.length > 20) return { name, id: undefined, attempts };
        await new Promise((resolve) => setTimeout(resolve, 100 * attempts.length));
      }
    };
    const results = await Promise.all(names.map(write));
    expect(killed).toBe(true);
    for (const result of results) {
      expect(result.attempts.at(-1), `${result.name}: ${result.attempts.join(',')}`).toSatisfy(
        (status: number) => status === 200 || status === 409,
      );
    }
    const { rows } = await cluster.db.query<{ id: string; name: string }>(
      `select id, name from companies where name = any($1)`,
      [names],
    );
    const stored = new Map(rows.map((row) => [row.name, Number(row.id)]));
    // Every name is stored exactly once; every write answered 200 is there with the id it was given.
    expect(rows).toHaveLength(50);
    for (const result of results) {
      expect(stored.has(result.name), result.name).toBe(true);
      if (result.id !== undefined) expect(stored.get(result.name)).toBe(result.id);
    }
    // The killed process is started again (systemd's Restart=always) and serves.
    await waitFor(() => (victim.starts() > startsBefore ? true : undefined));
    await victim.ready();
  });

  it('a rolling restart of the three under load loses no request', async () => {
    const pidsBefore = cluster.processes.map((p) => p.pid());
    let restarting = true;
    const failures: string[] = [];
    let requests = 0;
    // Each request on a connection of its own, and one more try when a connection is closed before any
    // answer came: nginx's reload closes the connections its old workers hold but have not read a request
    // from, and an HTTP client resends such a request (nothing was done). A request answered other than
    // 200, or unanswered twice, is a lost request. A resent create whose first try was stored answers 409.
    const fresh = { connection: 'close' };
    const send = (write: boolean, name: string) =>
      write
        ? call(cluster.url, 'POST', '/storm_api/v1/companies', {
            body: { name },
            headers: { ...owner, ...fresh },
          })
        : call(cluster.url, 'GET', '/storm_api/v1/companies?page=1&per_page=20', {
            headers: { ...owner, ...fresh },
          });
    const client = async (index: number) => {
      let n = 0;
      while (restarting) {
        n += 1;
        const write = n % 3 === 0;
        const name = `滚动重启${index}-${n}-${Date.now().toString(36)}`;
        let outcome: string | undefined;
        for (let attempt = 1; attempt <= 2; attempt += 1) {
          try {
            const res = await send(write, name);
            const stored = res.status === 200 || (attempt === 2 && write && res.status === 409);
            outcome = stored
              ? undefined
              : `${write ? 'POST' : 'GET'} ${res.status} ${res.body?.message ?? ''}`;
            break;
          } catch (error) {
            outcome = `${write ? 'POST' : 'GET'} ${String((error as Error).cause ?? error)}`;
          }
        }
        requests += 1;
        if (outcome) failures.push(outcome);
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i));
    const restart = await cluster.rollingRestart();
    restarting = false;
    await Promise.all(clients);
    expect(restart.code, restart.output).toBe(0);
    expect(failures, `${failures.length} of ${requests}`).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    for (const [i, p] of cluster.processes.entries()) {
      expect(p.pid(), `process ${i + 1} restarted`).not.toBe(pidsBefore[i]);
    }
  });
});
