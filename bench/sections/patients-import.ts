// Issue 41's import target: 100,000 patients from one CSV file in ≤ 60 s on the embedded
// database. The real app (built in this process, called through app.inject) takes the file,
// checks it and applies it, as the import page does; 10,000 patients are there before, and one
// in twenty rows of the file updates one of them. Then the same file again, which must change
// nothing. Timed from the upload to the apply's end.
import { rmSync } from 'node:fs';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { hashPassword } from '../../src/server/security/password';
import { BENCH_PASSWORD, EMBEDDED_DIR, PGLITE_DIR } from '../lib/databases';
import { normalizeSearchText } from '@domain/search-text';
import { FIRST_NAMES, LAST_NAMES, emailPart } from '../seed/names';

export interface PatientsImportResult {
  database: string;
  rows: number;
  existingPatients: number;
  fileMegabytes: number;
  uploadMs: number;
  checkMs: number;
  applyMs: number;
  totalMs: number;
  counts: Record<string, number>;
  /** The same file uploaded, checked and applied again: every row unchanged. */
  againMs: number;
  againCounts: Record<string, number>;
}

const EXISTING = 10_000;
const HEADER = 'Record number,First name,Last name,Date of birth,Gender,E-mail,Phone,City,Country';

function person(i: number) {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const day = new Date(Date.UTC(1940, 0, 1) + (i % 25_000) * 86_400_000).toISOString().slice(0, 10);
  return {
    first,
    last,
    day,
    email: `${emailPart(first)}.${emailPart(last)}.${i}@bench.example.org`,
  };
}

/** The file: rows 0..n-1; every twentieth is one of the existing patients with a new phone. */
function csvOf(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const p = person(i);
    const phone =
      i % 20 === 0 && i < EXISTING * 20
        ? '(555) 777-0000'
        : `(555) 01${String(i % 100000).padStart(5, '0')}`;
    const sex = i % 2 === 0 ? 'F' : 'M';
    lines.push(
      `MRN-${i},${p.first},"${p.last}",${p.day},${sex},${p.email},${phone},Springfield,US`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function seed(handle: DbHandle) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const exec = (text: string) => handle.exec(text);
  await exec(
    `insert into clinics (slug, name, timezone) values ('import-bench', 'Import Bench Clinic', 'America/New_York')`,
  );
  await exec(`insert into users (email, name, role, timezone, password_hash)
    values ('desk@bench.carebook.test', 'Desk Bench', 'staff', 'America/New_York', '${hash}')`);
  await exec(`insert into clinic_members (clinic_id, user_id)
    select c.id, u.id from clinics c, users u where c.slug = 'import-bench'`);
  // The existing patients are the file's rows 0, 20, 40, ...: matched by record number.
  const values: string[] = [];
  for (let k = 0; k < EXISTING; k++) {
    const i = k * 20;
    const p = person(i);
    const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
    values.push(
      `(${q(p.first)}, ${q(p.last)}, ${q(p.email)}, ${q(p.day)}::date, '(555) 010-0000', 'MRN-${i}', ${q(normalizeSearchText(p.first, p.last, p.email))})`,
    );
  }
  for (let s = 0; s < values.length; s += 1000) {
    await exec(`insert into patients (clinic_id, first_name, last_name, email, dob, phone, record_number, search_text, gender, city, country)
      select (select id from clinics where slug = 'import-bench'), v.*, null, null, null
      from (values ${values.slice(s, s + 1000).join(',')}) as v`);
  }
}

async function importOnce(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, file: Buffer) {
  const t0 = performance.now();
  const up = await app.inject({
    method: 'POST',
    url: '/api/patients/imports?fileName=bench.csv',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: file,
  });
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const t1 = performance.now();
  const { import: created, suggestedMapping } = up.json() as {
    import: { id: string };
    suggestedMapping: unknown;
  };
  const check = await app.inject({
    method: 'POST',
    url: `/api/patients/imports/${created.id}/check`,
    headers: { cookie },
    payload: { mapping: suggestedMapping },
  });
  if (check.statusCode !== 200) throw new Error(`check: ${check.statusCode} ${check.body}`);
  const t2 = performance.now();
  const apply = await app.inject({
    method: 'POST',
    url: `/api/patients/imports/${created.id}/apply`,
    headers: { cookie },
  });
  if (apply.statusCode !== 202) throw new Error(`apply: ${apply.statusCode} ${apply.body}`);
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/patients/imports/${created.id}`,
      headers: { cookie },
    });
    const body = res.json() as {
      status: string;
      counts: Record<string, number>;
      error: string | null;
    };
    if (body.status === 'failed') throw new Error(`apply failed: ${body.error}`);
    if (body.status === 'applied') {
      const t3 = performance.now();
      return {
        uploadMs: t1 - t0,
        checkMs: t2 - t1,
        applyMs: t3 - t2,
        totalMs: t3 - t0,
        counts: body.counts,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openEngine(engine: 'pglite' | 'embedded') {
  if (engine === 'pglite') {
    rmSync(PGLITE_DIR, { recursive: true, force: true });
    const handle = await openDatabase({ dataDir: PGLITE_DIR });
    return { label: 'PGlite', handle, stop: () => handle.close() };
  }
  rmSync(EMBEDDED_DIR, { recursive: true, force: true });
  const server = await startEmbeddedPostgres(EMBEDDED_DIR, {});
  const handle = await openDatabase({ url: server.url, poolMax: 10 });
  return {
    label: 'embedded PostgreSQL',
    handle,
    stop: async () => {
      await handle.close();
      await server.stop();
    },
  };
}

export async function benchPatientsImport(
  rows: number,
  engines: ReadonlyArray<'pglite' | 'embedded'>,
  log: (s: string) => void,
): Promise<PatientsImportResult[]> {
  const file = csvOf(rows);
  const results: PatientsImportResult[] = [];
  for (const engine of engines) {
    const { label, handle, stop } = await openEngine(engine);
    try {
      await runMigrations(handle);
      await seed(handle);
      const config = testConfig({ NODE_ENV: 'production', WEB_DIR: '/nonexistent-bench-web' });
      const app = await buildApp({ config, db: handle, now: () => new Date(), version: 'bench' });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'desk@bench.carebook.test', password: BENCH_PASSWORD },
        });
        const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        log(`patients import: ${rows.toLocaleString('en-US')} rows into ${label}`);
        const first = await importOnce(app, cookie, file);
        log(
          `  imported in ${(first.totalMs / 1000).toFixed(1)} s (check ${(first.checkMs / 1000).toFixed(1)} s, apply ${(first.applyMs / 1000).toFixed(1)} s)`,
        );
        const again = await importOnce(app, cookie, file);
        log(`  the same file again in ${(again.totalMs / 1000).toFixed(1)} s`);
        results.push({
          database: label,
          rows,
          existingPatients: EXISTING,
          fileMegabytes: Math.round((file.length / 1e6) * 10) / 10,
          ...first,
          againMs: again.totalMs,
          againCounts: again.counts,
        });
      } finally {
        await app.close();
      }
    } finally {
      await stop();
    }
  }
  return results;
}
