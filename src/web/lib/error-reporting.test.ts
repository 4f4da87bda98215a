import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps state, so each test gets a fresh copy.
async function load() {
  vi.resetModules();
  return import('./error-reporting');
}

afterEach(() => vi.resetModules());

describe('error reporting seam', () => {
  it('hands errors from before start-up to the reporter once it is known', async () => {
    const { reportError, setErrorReporter } = await load();
    const early = new Error('early');
    reportError(early);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    reportError(new Error('late'));
    expect(reporter.mock.calls.map(([error]) => (error as Error).message)).toEqual([
      'early',
      'late',
    ]);
  });

  it('drops everything when reporting is off', async () => {
    const { reportError, setErrorReporter } = await load();
    reportError(new Error('early'));
    setErrorReporter(null);
    expect(() => reportError(new Error('late'))).not.toThrow();
  });
});
