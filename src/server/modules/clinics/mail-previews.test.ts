import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { useScenario, useTestApp } from '../../test/test-app';

// Issue 44: an admin previews every e-mail the clinic's patients can get, per language, written
// by the mail worker's own functions from sample data — nothing sent, nothing stored.

const env = useTestApp({ now: '2026-11-28T12:00:00Z' });
const { s, admin, staff } = useScenario(env, 'admin');
const url = (slug: string, language?: string) =>
  `/api/admin/clinics/${slug}/mail-previews${language === undefined ? '' : `?language=${language}`}`;

const KINDS = [
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.reminder',
  'waitlist.offer',
  'online.hold',
];

describe('the e-mail previews of a clinic', () => {
  it('are every patient e-mail in English by default, signed by the clinic, about its default service, at 10:00 on its clock next week', async () => {
    await env.db
      .update(t.clinics)
      .set({ address: '12 River Road\nSpringfield', phone: '(555) 010-2000' })
      .where(eq(t.clinics.id, s.clinic.id));
    const res = await admin.get(url(s.clinic.slug));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.language).toBe('en');
    expect(body.messages.map((m: { kind: string }) => m.kind)).toEqual(KINDS);
    const booked = body.messages[0];
    expect(booked.subject).toBe('Your appointment is booked — Riverside Family Clinic');
    expect(booked.text).toContain('Hello Maria Garcia,');
    // Saturday 28 November at noon in New York: next week is Saturday 5 December.
    expect(booked.text).toContain('Saturday, December 5, 2026');
    expect(booked.text).toContain('10:00');
    expect(booked.text).toContain('12 River Road');
    expect(booked.text).toContain('(555) 010-2000');
    expect(booked.html).toContain('<html');
    for (const message of body.messages) {
      expect(message.subject.length).toBeGreaterThan(0);
      expect(message.text.length).toBeGreaterThan(0);
      expect(message.html).toContain('Riverside Family Clinic');
    }
  });

  it('reads in Spanish and in French when asked, as a patient of that language gets them', async () => {
    const es = (await admin.get(url(s.clinic.slug, 'es'))).json();
    expect(es.language).toBe('es');
    expect(es.messages[0].text).toContain('Hola, Maria Garcia:');
    const fr = (await admin.get(url(s.clinic.slug, 'fr'))).json();
    expect(fr.messages[0].text).toContain('Bonjour Maria Garcia');
    expect(fr.messages[0].html).toContain('lang="fr"');
  });

  it('escapes the clinic’s own words in the HTML part', async () => {
    await env.db
      .update(t.clinics)
      .set({ name: 'Riverside <img src=x onerror=alert(1)>' })
      .where(eq(t.clinics.id, s.clinic.id));
    const res = await admin.get(url(s.clinic.slug));
    expect(res.statusCode).toBe(200);
    for (const message of res.json().messages) {
      expect(message.html).not.toContain('<img src=x');
      expect(message.html).toContain('&lt;img src=x');
    }
  });

  it('sends and stores nothing', async () => {
    const outbox = () => env.db.select().from(t.outbox).orderBy(t.outbox.id);
    const before = await outbox();
    expect((await admin.get(url(s.clinic.slug, 'es'))).statusCode).toBe(200);
    expect(await outbox()).toEqual(before);
  });

  it('refuses a language we do not ship, another clinic’s previews and anyone but its admins', async () => {
    const bad = await admin.get(url(s.clinic.slug, 'de'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'bad_request' });
    expect(bad.json().details).toMatch(/language/i);
    const foreign = await admin.get(url(s.foreign.slug));
    expect(foreign.statusCode).toBe(404);
    const unknown = await admin.get(url('no-such-clinic'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
    expect((await staff.get(url(s.clinic.slug))).statusCode).toBe(403);
  });
});
