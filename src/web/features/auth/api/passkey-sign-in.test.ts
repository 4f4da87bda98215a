import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's WebAuthn as Chromium runs it: one ceremony at a time, and an aborted one ends a
// moment after its abort, not at once. Every step is written to `steps` in the order it happens.
const browser = vi.hoisted(() => {
  const steps: string[] = [];
  let current: AbortController | null = null;
  return {
    steps,
    reset() {
      steps.length = 0;
      current = null;
    },
    cancel() {
      current?.abort();
    },
    start({ useBrowserAutofill }: { useBrowserAutofill?: boolean }) {
      const kind = useBrowserAutofill ? 'autofill' : 'button';
      current?.abort();
      const controller = new AbortController();
      current = controller;
      steps.push(`${kind} started`);
      return new Promise((resolve, reject) => {
        if (!useBrowserAutofill) {
          setTimeout(() => {
            steps.push('button answered');
            resolve({ id: 'passkey' });
          }, 5);
          return;
        }
        // The autofill waits for a choice that never comes here, until it is aborted.
        controller.signal.addEventListener('abort', () =>
          setTimeout(() => {
            steps.push('autofill ended');
            reject(new DOMException('aborted', 'AbortError'));
          }, 20),
        );
      });
    },
  };
});

const server = vi.hoisted(() => ({
  options: [] as Array<(value: unknown) => void>,
}));

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthnAutofill: async () => true,
  startAuthentication: (input: { useBrowserAutofill?: boolean }) => browser.start(input),
  WebAuthnAbortService: { cancelCeremony: () => browser.cancel() },
}));

vi.mock('@web/lib/endpoint-client', () => ({
  callEndpoint: (route: { path: string }) =>
    route.path.endsWith('/sign-in-options')
      ? new Promise((resolve) => server.options.push(resolve))
      : Promise.resolve({ user: { id: 'u1' } }),
}));

const { signInWithPasskey, signInWithPasskeyAutofill } = await import('./passkey-sign-in');

const answerOptions = async () => {
  await vi.waitFor(() => expect(server.options.length).toBeGreaterThan(0));
  server.options.shift()!({ challenge: 'c', allowCredentials: [] });
};

describe('signing in with a passkey beside the autofill', () => {
  beforeEach(() => {
    browser.reset();
    server.options.length = 0;
  });

  it("starts the button's ceremony only once the autofill's has ended", async () => {
    const autofill = signInWithPasskeyAutofill();
    await answerOptions();
    await vi.waitFor(() => expect(browser.steps).toContain('autofill started'));

    const button = signInWithPasskey();
    await answerOptions();
    await expect(button).resolves.toEqual({ user: { id: 'u1' } });
    await expect(autofill).resolves.toBeNull();
    expect(browser.steps).toEqual([
      'autofill started',
      'autofill ended',
      'button started',
      'button answered',
    ]);
  });

  it('does not start an autofill whose options arrive after the button was used', async () => {
    const autofill = signInWithPasskeyAutofill();
    await vi.waitFor(() => expect(server.options.length).toBe(1));
    const button = signInWithPasskey();
    await vi.waitFor(() => expect(server.options.length).toBe(2));
    // The autofill's options come back first, while the button's ceremony is on its way.
    server.options.shift()!({ challenge: 'a', allowCredentials: [] });
    await expect(autofill).resolves.toBeNull();
    server.options.shift()!({ challenge: 'b', allowCredentials: [] });
    await expect(button).resolves.toEqual({ user: { id: 'u1' } });
    expect(browser.steps).toEqual(['button started', 'button answered']);
  });
});
