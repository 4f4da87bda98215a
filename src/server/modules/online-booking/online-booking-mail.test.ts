import { beforeEach, describe, expect, it } from 'vitest';
import { useScenario, useTestApp } from '../../test/test-app';
import { sinkWorker } from '../../test/mail-worker';
import { unfoldMail, useSmtpSink } from '../../test/smtp-sink';
import { enableOnlineBooking, holdOnline } from '../../test/online-booking-kit';

// From the public hold to the booking by the link, through a real SMTP server: the link the
// patient receives is the one that books (ADR 022).

const sink = useSmtpSink();

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: () => ({ SMTP_URL: sink.url }) });
const { s } = useScenario(env);
beforeEach(async () => {
  sink.inbox.length = 0;
});

const worker = () => sinkWorker(env, sink, { config: { PUBLIC_URL: 'https://care.example.org' } });

describe('the online booking e-mail', () => {
  it('reaches the address given, and its link books the held time', async () => {
    await enableOnlineBooking(env.app, s);
    const held = await holdOnline(env.app, s, { email: 'mia@example.com' });
    expect(held.statusCode, held.body).toBe(202);
    expect(await worker().runOnce()).toBe(1);
    expect(sink.inbox.map((m) => m.to[0])).toEqual(['mia@example.com']);
    const mail = unfoldMail(sink.inbox[0]!.raw);
    expect(mail).toContain('Dr. Priya Raman');
    // What a stranger typed is not sent (ADR 031): the mail greets nobody by name.
    expect(mail).not.toMatch(/Mia|Okafor/);
    const token = /book-online\/confirm\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    const booked = await env.app.inject({
      method: 'POST',
      url: `/api/public/holds/${token}/confirm`,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().sessionUrl).toMatch(/session\/?\?token=/);
  });
});
