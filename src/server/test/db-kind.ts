export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Which database this integration run uses; the vitest project sets it. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.CAREBOOK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}
