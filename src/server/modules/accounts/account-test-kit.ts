import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';

// What the accounts tests share: asking for a reset as a stranger would, and reading the link the
// outbox would send (the tests read the database; the mail tests read a real SMTP server).

export const NEW_PASSWORD = 'lantern orchard pebble 42';

export const forgotPassword = (app: App, email: string, ip = '198.51.100.20') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress: ip,
  });

export const choosePassword = (
  app: App,
  path: 'password-reset/complete' | 'invitation/accept',
  token: string,
  password = NEW_PASSWORD,
) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    payload: { token, password },
    remoteAddress: '198.51.100.21',
  });

/** The tokens of the outbox's messages of this kind to this address, newest first. */
export async function tokensSentTo(db: Database, kind: string, email: string): Promise<string[]> {
  const rows = await db
    .select({ recipients: t.outbox.recipients, payload: t.outbox.payload })
    .from(t.outbox)
    .where(and(eq(t.outbox.kind, kind)))
    .orderBy(desc(t.outbox.id));
  return rows
    .filter((r) =>
      (r.recipients as Array<{ email: string }>).some(
        (p) => p.email.toLowerCase() === email.toLowerCase(),
      ),
    )
    .map((r) => (r.payload as { token: string }).token);
}

export const resetTokensOf = (db: Database, email: string) =>
  tokensSentTo(db, 'account.password_reset', email);
