// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PatientSessionView } from '@contracts/session';
import { PatientSessionPage } from './patient-session-page';
import { setUpTestsAt } from '@web/test/render-with-client';
import { createPatientSessionView } from '@web/test/visit-views';

const NOW = new Date('2026-11-24T19:45:00Z');
const view = (over: Partial<PatientSessionView> = {}) =>
  createPatientSessionView({ serverNow: NOW.toISOString(), ...over });
const respond = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status })));
/** The page for link `t`, the server answering with this view. */
const showPage = (body: unknown) => {
  respond(200, body);
  render(<PatientSessionPage token="t" />);
};

setUpTestsAt(NOW);

describe('PatientSessionPage', () => {
  it('shows the visit and a disabled Join before the window opens', async () => {
    showPage(view());
    expect(await screen.findByRole('heading', { name: 'Hello José' })).toBeInTheDocument();
    expect(screen.getByText('Riverside Family Clinic')).toBeInTheDocument();
    expect(screen.getByText(/You can join from .* \(in 5 minutes\)/)).toBeInTheDocument();
    expect(screen.getByText('Starts in 15 minutes')).toBeInTheDocument();
    const join = screen.getByRole('button', { name: 'Join your visit' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
  });

  it('offers Join when the visit is open', async () => {
    showPage(view({ state: 'open', serverNow: '2026-11-24T19:55:00Z' }));
    const join = (await screen.findByRole('button', {
      name: 'Join your visit',
    })) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    expect(screen.getByText('Your visit is open.')).toBeInTheDocument();
  });

  it('asks for the visit again in the record’s language once it knows it, for what the rules refuse', async () => {
    const refusing = (refusal: string) =>
      view({
        language: { preferred: 'es', clinicDefault: 'en' },
        selfService: {
          reschedule: { allowed: false, refusal },
          cancel: { allowed: true, refusal: null },
          closed: null,
          cutoffAt: '2026-11-23T20:00:00Z',
          horizonEnd: '2027-02-22T20:00:00Z',
        },
      });
    const english = refusing('This appointment has already been moved online twice.');
    const spanish = refusing('Esta cita ya se cambió en línea 2 veces.');
    const fetchImpl = vi.fn(async (_url: string, init?: RequestInit) => {
      const language = (init?.headers as Record<string, string>)['accept-language'];
      return new Response(JSON.stringify(language === 'es' ? spanish : english), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchImpl);
    render(<PatientSessionPage token="t" />);
    expect(await screen.findByText('Esta cita ya se cambió en línea 2 veces.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Su cita' })).toBeInTheDocument();
  });

  it('shows exactly the server’s message for a bad link', async () => {
    respond(404, { error: 'not_found', message: 'Exactly what the server said.' });
    render(<PatientSessionPage token="nope" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Exactly what the server said.');
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('says a cancelled appointment was cancelled, with no Join', async () => {
    showPage(view({ state: 'cancelled', status: 'CANCELLED' }));
    expect(await screen.findByText('This appointment was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('after a cancellation offers online booking where the clinic books online', async () => {
    showPage(
      view({
        state: 'cancelled',
        status: 'CANCELLED',
        reach: { phone: null, address: null, bookOnlinePath: '/book-online/riverside' },
      }),
    );
    expect(
      await screen.findByText('To book again, choose a new time online below.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book online' })).toHaveAttribute(
      'href',
      '/book-online/riverside',
    );
  });

  it('never says to call a clinic that gave no number, and names what it gave', async () => {
    showPage(
      view({
        state: 'cancelled',
        status: 'CANCELLED',
        reach: { phone: null, address: '118 Riverside Drive', bookOnlinePath: null },
      }),
    );
    expect(
      await screen.findByText('To book again, please contact Riverside Family Clinic.'),
    ).toBeInTheDocument();
    expect(screen.getByText('118 Riverside Drive')).toBeInTheDocument();
    expect(screen.queryByText(/please call|call the clinic/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book online' })).toBeNull();
    cleanup();
    // A clinic with a number: call it, the number a tap away.
    showPage(
      view({
        state: 'ended',
        serverNow: '2026-11-24T21:00:00Z',
        reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: null },
      }),
    );
    expect(
      await screen.findByText(
        'If you need another appointment, please call Riverside Family Clinic.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
  });

  it('writes the Carebook footer in a colour readable on the page (WCAG AA, 4.5:1)', async () => {
    showPage(view());
    await screen.findByRole('heading', { name: 'Hello José' });
    // On slate-50 / slate-950: slate-600 is 7.2:1 and slate-400 7.7:1; slate-400 on slate-50
    // was 2.5:1, slate-500 on slate-950 4.2:1.
    const footer = screen.getByText('Carebook').className.split(' ');
    expect(footer).toContain('text-slate-600');
    expect(footer).toContain('dark:text-slate-400');
  });

  it('says when the visit has ended', async () => {
    showPage(view({ state: 'ended', serverNow: '2026-11-24T21:00:00Z' }));
    expect(await screen.findByText('This visit has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('confirms with one button, and says so once confirmed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(view()), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(JSON.stringify(view({ status: 'CONFIRMED', confirmable: false })), {
          status: 200,
        }),
      )
      .mockResolvedValue(
        new Response(JSON.stringify(view({ status: 'CONFIRMED', confirmable: false })), {
          status: 200,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<PatientSessionPage token="tok" fromReminder />);
    const button = await screen.findByRole('button', { name: 'Confirm my appointment' });
    // From a reminder the button waits in focus; opening the link alone confirms nothing. The
    // focus comes from an effect, which can run after the render that showed the button.
    await waitFor(() => expect(button).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(
      await screen.findByText('Thank you. Your clinic now knows you will come.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/session/confirm');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toEqual({ token: 'tok' });
    expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).toBeNull();
  });

  it('shows the server’s reason when confirming is refused', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(view()), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            error: 'conflict',
            message: 'This appointment was cancelled, so there is nothing to confirm.',
          }),
          { status: 409 },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<PatientSessionPage token="tok" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my appointment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This appointment was cancelled, so there is nothing to confirm.',
    );
  });

  it('offers no confirmation once confirmed or when it cannot be', async () => {
    showPage(view({ status: 'CONFIRMED', confirmable: false }));
    expect(await screen.findByText('You have confirmed this appointment.')).toBeInTheDocument();
    cleanup();
    showPage(view({ state: 'ended', confirmable: false }));
    await screen.findByText('This visit has ended.');
    expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).toBeNull();
  });
});

describe('PatientSessionPage by kind of visit', () => {
  const inPerson = {
    kind: 'in_person' as const,
    serviceName: 'Physiotherapy',
    address: '40 Mill Lane\nSpringfield, IL 62701',
    instructions: 'Wear loose clothing.\nBring your referral letter.',
    phoneEnding: null,
  };

  it('shows an in-person visit’s address, directions and instructions, and no Join', async () => {
    // Open: a video visit could be joined now; this one cannot.
    showPage(view({ state: 'open', serverNow: '2026-11-24T19:55:00Z', visit: inPerson }));
    expect(await screen.findByText('This visit is in person.')).toBeInTheDocument();
    expect(screen.getByText('Please come to the address below.')).toBeInTheDocument();
    expect(screen.getByText(/Your visit in person with/)).toBeInTheDocument();
    expect(screen.getByText('Physiotherapy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Where' })).toBeInTheDocument();
    expect(screen.getByText(/40 Mill Lane/).textContent).toBe(inPerson.address);
    const directions = screen.getByRole('link', { name: /Get directions/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=40%20Mill%20Lane%20Springfield%2C%20IL%2062701',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { name: 'Before your visit' })).toBeInTheDocument();
    expect(screen.getByText(/Wear loose clothing/).textContent).toBe(inPerson.instructions);
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
    expect(screen.queryByText(/join|camera|video/i)).toBeNull();
  });

  it('before an in-person visit shows no Join either, and no address once it is over', async () => {
    showPage(view({ visit: inPerson }));
    expect(await screen.findByText('Starts in 15 minutes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
    expect(screen.queryByText(/You can join from/)).toBeNull();
    cleanup();
    showPage(view({ state: 'ended', serverNow: '2026-11-24T21:00:00Z', visit: inPerson }));
    expect(await screen.findByText('This visit has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get directions/ })).toBeNull();
  });

  it('says a phone visit’s clinic will call, at the number on the record, with no Join', async () => {
    const phone = {
      kind: 'phone' as const,
      serviceName: 'Phone follow-up',
      address: null,
      instructions: null,
      phoneEnding: '2030',
    };
    showPage(view({ state: 'open', serverNow: '2026-11-24T19:55:00Z', visit: phone }));
    expect(
      await screen.findByText('Riverside Family Clinic will call you at the time above.'),
    ).toBeInTheDocument();
    expect(screen.getByText('They will call your number ending in 2030.')).toBeInTheDocument();
    expect(
      screen.getByText('Let your clinic know you will be ready for their call.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your phone visit with/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Get directions/ })).toBeNull();
    cleanup();
    // No number on the record: the patient is asked to give one.
    showPage(
      view({
        visit: { ...phone, phoneEnding: null },
        reach: { phone: '(555) 010-9000', address: null, bookOnlinePath: null },
      }),
    );
    expect(
      await screen.findByText(
        'We do not have a phone number for you. To give one, please call the clinic.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('keeps a video visit as it was, with Join, and shows its instructions', async () => {
    showPage(
      view({
        state: 'open',
        serverNow: '2026-11-24T19:55:00Z',
        visit: {
          kind: 'video',
          serviceName: 'Video visit',
          address: null,
          instructions: 'Find a quiet room.',
          phoneEnding: null,
        },
      }),
    );
    const join = (await screen.findByRole('button', {
      name: 'Join your visit',
    })) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    expect(screen.getByText('Your visit is open.')).toBeInTheDocument();
    expect(screen.getByText(/Your video visit with/)).toBeInTheDocument();
    expect(screen.queryByText('Video visit')).toBeNull();
    expect(screen.getByText('Find a quiet room.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Where' })).toBeNull();
  });
});
