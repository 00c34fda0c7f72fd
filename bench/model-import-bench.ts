/**
 * The model import over HTTP, on an empty team: an .xlsx of 1,000 filled-in rows (and one of 5,000, the
 * most one import takes) previewed (dry run), then imported, then the list exported again. Prints
 * seconds; asserts nothing.
 *
 *   npm run bench:import                                                  # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:import  # a scratch database on that server
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import ExcelJS from 'exceljs';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import {
  BENCH_GIVEN_NAMES as GIVEN,
  openScratchDatabase,
  BENCH_SURNAMES as SURNAMES,
  startSignedIn,
} from './bench-kit';

const SIZES = [1000, 5000];
const HEADER = [
  '姓名',
  '英文名',
  '性别',
  '出生日期',
  '国籍',
  '城市',
  '身高（厘米）',
  '体重（公斤）',
  '胸围（厘米）',
  '腰围（厘米）',
  '臀围（厘米）',
  '鞋码（欧码）',
  '服装尺码',
  '标签',
  '手机号',
  '身份证号',
  '佣金比例（%）',
  '状态',
];

/** A valid national ID: born on `birthday`, with the batch as its sequence code (distinct per batch). */
const nationalId = (birthday: Date, batch: number) => {
  const first17 = `110105${birthday.toISOString().slice(0, 10).replaceAll('-', '')}${String(batch).padStart(3, '0')}`;
  return `${first17}${nationalIdCheckChar(first17)}`;
};

/** `count` models, every cell filled, mobiles and IDs distinct from those of other batches. */
async function spreadsheet(count: number, batch: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('模特');
  sheet.addRow(HEADER);
  for (let i = 0; i < count; i += 1) {
    const birthday = new Date(Date.UTC(1985, 0, 1) + i * 86_400_000);
    sheet.addRow([
      `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}${GIVEN[(i * 5) % GIVEN.length]}`,
      `Model ${batch}-${i}`,
      i % 3 ? '女' : '男',
      birthday,
      i % 5 ? '中国' : '法国',
      ['上海', '北京', '杭州', '成都'][i % 4],
      160 + (i % 30),
      45 + (i % 20),
      80 + (i % 10),
      58 + (i % 8),
      86 + (i % 10),
      35 + (i % 8),
      ['XS', 'S', 'M', 'L'][i % 4],
      '时装、广告',
      `13${batch}${String(i).padStart(8, '0')}`,
      nationalId(birthday, batch),
      `${10 + (i % 20)}%`,
      '合作中',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function seconds<T>(work: () => Promise<T>): Promise<[T, string]> {
  const started = performance.now();
  const result = await work();
  return [result, ((performance.now() - started) / 1000).toFixed(2)];
}

async function main() {
  const { handle, drop } = await openScratchDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-bench-'));
  try {
    await runMigrations(handle);
    await createTeamWithOwner(handle.db, {
      name: '导入压测',
      ownerMobile: '13600000000',
      ownerNickname: '压测',
    });
    const { app, base, headers } = await startSignedIn(handle, dataDir, '13600000000');
    const post = async (file: Buffer, query: string) => {
      const res = await fetch(`${base}/models/import${query}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': XLSX_CONTENT_TYPE },
        body: new Uint8Array(file),
      });
      const body = (await res.json()) as {
        code: number;
        message: string;
        data: { valid: number; imported: number };
      };
      if (body.code !== 0) throw new Error(body.message);
      return body.data;
    };
    console.log(`Model import on ${handle.driver}, every column filled (owner: national IDs included)`);
    for (const [batch, size] of SIZES.entries()) {
      const file = await spreadsheet(size, batch + 1);
      const [preview, previewSeconds] = await seconds(() => post(file, '?dry_run=true'));
      const [done, importSeconds] = await seconds(() => post(file, ''));
      if (preview.valid !== size || done.imported !== size) {
        throw new Error(`expected ${size} valid rows, got ${preview.valid} (imported ${done.imported})`);
      }
      const [bytes, exportSeconds] = await seconds(async () => {
        const res = await fetch(`${base}/models/export`, { headers });
        return (await res.arrayBuffer()).byteLength;
      });
      console.log(
        `${String(size).padStart(5)} rows (${(file.length / 1024).toFixed(0)} KB): preview ${previewSeconds} s, ` +
          `import ${importSeconds} s; export of the team's models afterwards ${exportSeconds} s (${(bytes / 1024).toFixed(0)} KB)`,
      );
    }
    await app.close();
  } finally {
    await handle.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
