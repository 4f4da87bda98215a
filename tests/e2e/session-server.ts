// A visit can only be joined inside its window, whatever the hour the suite runs. The session specs
// therefore start their own app beside the suite's shared one, with the window opening a day
// ahead, and open the demo provider's hours around the clock.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './fixtures';

export interface SessionServer {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the app as `npm run test:e2e` would (built, or from source with E2E_FROM_SOURCE). */
export async function startSessionServer(
  port: number,
  env: Record<string, string> = {},
): Promise<SessionServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carebook-e2e-session-'));
  const entry = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'src/server/main.ts']
    : ['dist/server/main.js'];
  const child = spawn(process.execPath, entry, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'always',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_JOIN_OPENS_MINUTES_BEFORE: '1440',
      SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited at start-up`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PatientRef {
  _id: string;
  firstName: string;
  lastName: string;
}

export interface Visit {
  id: string;
  token: string;
  start: string;
  patient: PatientRef;
  /** What the patient's page greets them with: the first word of the first name. */
  firstName: string;
}

const DAY_MS = 86_400_000;

/** Signs the demo provider in through the API, opens their hours around the clock, books visits. */
/**
 * `clearSoon`: cancel the provider's visits of the next hours first (the demo data books them at
 * times of its own), so the soonest free slot is joinable now whatever the time of day. Off where
 * a test counts what the provider's changes send (webhooks, messages).
 */
export async function providerApi(baseURL: string, options: { clearSoon?: boolean } = {}) {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.provider.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const providerId = ((await login.json()) as { user: { id: string } }).user.id;
  const hours = await api.put('/api/availability', {
    data: {
      timezone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
      overrides: [],
    },
  });
  expect(hours.ok(), await hours.text()).toBe(true);
  const soon = !options.clearSoon
    ? []
    : (
        (await (
          await api.get('/api/appointments/paginated', {
            params: {
              staffId: providerId,
              dateFrom: new Date(Date.now() - 60 * 60_000).toISOString(),
              dateTo: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
              limit: 100,
            },
          })
        ).json()) as { data: Array<{ _id: string; status: string }> }
      ).data.filter((a) => a.status !== 'CANCELLED');
  for (const visit of soon) {
    const res = await api.post(`/api/appointments/${visit._id}?action=cancel`, {
      data: { reason: 'Cleared for the end-to-end test' },
    });
    expect([200, 409], await res.text()).toContain(res.status());
  }
  const patients = (await (
    await api.get('/api/clinics/patient', { params: { clinic: 'riverside', keyword: 'a' } })
  ).json()) as PatientRef[];

  /** The provider's first free slot on the UTC day `daysAhead` days from now. */
  const firstFreeSlot = async (daysAhead: number): Promise<string> => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const { slots } = (await (
      await api.get('/api/clinics/riverside/slots', {
        params: {
          from: day(daysAhead),
          to: day(daysAhead + 1),
          agentId: providerId,
          timezone: 'UTC',
        },
      })
    ).json()) as { slots: Array<{ startTime: string }> };
    return slots[0]!.startTime;
  };

  let used = 0;
  /** Books the first free slot `daysAhead` days from now (0: the soonest, joinable now). */
  const book = async (daysAhead = 0, patientIndex = used): Promise<Visit> => {
    const patient = patients[patientIndex % patients.length]!;
    used = patientIndex + 1;
    const res = await api.post('/api/appointments', {
      data: {
        date: await firstFreeSlot(daysAhead),
        staff: { id: providerId },
        patient: { id: patient._id, clinic: 'riverside' },
        duration: 30,
        metadata: { source: 'carebook', type: 'custom', status: 'BOOKED' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { _id: string; token: string; date: string };
    const firstName = patient.firstName.trim().split(/\s+/)[0]!;
    return { id: body._id, token: body.token, start: body.date, patient, firstName };
  };

  return { api, providerId, patients, firstFreeSlot, book };
}
