// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { holdTokenOf } from './book-online-api';
import { ConfirmBookingPage } from './confirm-booking-page';
import { json } from '@web/test/api-stub';

afterEach(cleanup);

describe('ConfirmBookingPage', () => {
  it('books the held time once and goes on to the visit page', async () => {
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method} ${url}`);
      return json({ sessionUrl: 'https://care.example/session/?token=visit' }, 201);
    }) as unknown as typeof fetch;
    const go = vi.fn();
    render(<ConfirmBookingPage token="a/b" fetchImpl={fetchImpl} go={go} />);
    expect(await screen.findByText('Your visit is booked. Opening your visit page…')).toBeTruthy();
    expect(go).toHaveBeenCalledWith('https://care.example/session/?token=visit');
    expect(calls.at(-1)).toBe('POST /api/public/holds/a%2Fb/confirm');
    expect(screen.getByRole('link', { name: 'Open your visit page' }).getAttribute('href')).toBe(
      'https://care.example/session/?token=visit',
    );
  });

  it('says in words that an expired hold no longer holds the time', async () => {
    const fetchImpl = vi.fn(async () =>
      json(
        {
          error: 'gone',
          message:
            'This link has expired and the time is no longer held for you. Please choose a time again.',
        },
        410,
      ),
    ) as unknown as typeof fetch;
    const go = vi.fn();
    render(<ConfirmBookingPage token="tok" fetchImpl={fetchImpl} go={go} />);
    expect(
      await screen.findByRole('heading', { name: 'This time is no longer held' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This link has expired');
    expect(go).not.toHaveBeenCalled();
  });

  it('offers to try again when the clinic cannot be reached', async () => {
    let calls = 0;
    const fetchImpl = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new TypeError('offline');
      return json({ sessionUrl: '/session/?token=v' }, 201);
    }) as unknown as typeof fetch;
    const go = vi.fn();
    render(<ConfirmBookingPage token="tok" fetchImpl={fetchImpl} go={go} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/session/?token=v'));
  });

  it('reads the token from the link’s path', () => {
    expect(holdTokenOf('/book-online/confirm/abc_D-1')).toBe('abc_D-1');
    expect(holdTokenOf('/book-online/confirm/a%2Fb/')).toBe('a/b');
    expect(holdTokenOf('/book-online/riverside')).toBe('');
    expect(holdTokenOf('/book-online/confirm/%E0%A4%A')).toBe('');
  });
});
