import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ClinicScenario } from './scenario';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real server as its own process, for tests that kill it or run several side by side. */
export async function spawnServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'never',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIR: '/nonexistent',
      OUTBOX_POLL_MS: '3600000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    kill: async (signal: NodeJS.Signals = 'SIGKILL') => {
      child.kill(signal);
      return exited;
    },
    exited,
    stderr: () => stderr,
  };
}
export type SpawnedServer = Awaited<ReturnType<typeof spawnServer>>;

/** A signed-in fetch against a spawned server, with the same-origin header a browser sends. */
export async function httpSignIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        origin: base,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}
export type HttpApi = Awaited<ReturnType<typeof httpSignIn>>;

export interface OfferedSlot {
  startTime: string;
  agentId: string;
}

/** The slots the clinic offers from tomorrow to `lastDay` days from today, as a spawned server answers. */
export async function slotsAhead(api: HttpApi, clinicSlug: string, lastDay: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const res = await api(`/api/clinics/${clinicSlug}/slots?from=${day(1)}&to=${day(lastDay)}`);
  return ((await res.json()) as { slots: OfferedSlot[] }).slots;
}

/** A booking of the scenario's patient in the slot, as POST /api/appointments takes it. */
export const slotBooking = (s: ClinicScenario, slot: OfferedSlot) => ({
  date: slot.startTime,
  staff: { id: slot.agentId },
  patient: { id: s.patient.id, clinic: s.clinic.slug },
  duration: 30,
});

/** Books the scenario's patient in the first slot slotsAhead finds; the server's answer as it is. */
export async function bookFirstSlot(api: HttpApi, s: ClinicScenario, lastDay: number) {
  const [slot] = await slotsAhead(api, s.clinic.slug, lastDay);
  if (!slot) throw new Error('no slot offered');
  return api('/api/appointments', { method: 'POST', body: slotBooking(s, slot) });
}
