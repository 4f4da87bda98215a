import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from './db-kind';
import { withDatabase } from './global-setup';
import { createOwnedDatabase } from './scratch-database';

const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;

async function databasesNamed(like: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 order by datname',
      [`${like}%`],
    );
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

describe('a database a tool makes for its own run', () => {
  it('never takes over an existing one of the same name, and drops only its own', async () => {
    // Someone's database that happens to bear the tool's name, with data in it.
    const theirs = `carebook_t_${process.ppid}_soak`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${theirs} with (force)`);
      await admin.query(`create database ${theirs}`);
      const theirDb = new pg.Client({ connectionString: withDatabase(adminUrl, theirs) });
      await theirDb.connect();
      await theirDb.query("create table kept (v text); insert into kept values ('precious')");
      await theirDb.end();

      const first = await createOwnedDatabase(adminUrl, theirs);
      const second = await createOwnedDatabase(adminUrl, theirs);
      expect(first.name).not.toBe(theirs);
      expect(second.name).not.toBe(first.name);
      expect(await databasesNamed(theirs)).toEqual([theirs, first.name, second.name].sort());

      await first.drop();
      await second.drop();
      expect(await databasesNamed(theirs)).toEqual([theirs]);
      const check = new pg.Client({ connectionString: withDatabase(adminUrl, theirs) });
      await check.connect();
      const { rows } = await check.query('select v from kept');
      await check.end();
      expect(rows).toEqual([{ v: 'precious' }]);
    } finally {
      await admin.query(`drop database if exists ${theirs} with (force)`);
      await admin.end();
    }
  });
});
