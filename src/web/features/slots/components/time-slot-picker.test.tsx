// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { slotIdOf, type TimeSlot } from '@domain/slots';
import { json, stubApi } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { TimeSlotPicker, type TimeSlotPickerProps } from './time-slot-picker';

const ZONE = 'America/New_York';
const agents = [
  {
    _id: 'a1',
    name: 'Dr. Priya Raman',
    email: 'priya@carebook.test',
    role: 'provider',
    timezone: ZONE,
  },
  { _id: 'a2', name: 'Nora Kelly, RN', email: 'nora@carebook.test', role: 'nurse', timezone: ZONE },
];

function slot(agentId: string, startIso: string): TimeSlot {
  const agent = agents.find((a) => a._id === agentId)!;
  const end = new Date(new Date(startIso).getTime() + 30 * 60_000).toISOString();
  return {
    slotId: slotIdOf(agentId, startIso),
    timestamp: startIso,
    startTime: startIso,
    endTime: end,
    agentId,
    agentName: agent.name,
    agentEmail: agent.email,
    durationMinutes: 30,
  };
}

// 2030-03-04 is a Monday; New York is on EST (UTC-5) then.
const monday = [
  slot('a1', '2030-03-04T14:00:00.000Z'),
  slot('a1', '2030-03-04T14:30:00.000Z'),
  slot('a2', '2030-03-04T14:30:00.000Z'),
  slot('a1', '2030-03-04T15:00:00.000Z'),
];
const friday = [slot('a2', '2030-03-08T16:00:00.000Z')];

let heldTimes: unknown[] = [];

/** Stands in for the server: slots for Monday and Friday of that week, nothing in between. */
function stubServer() {
  const calls: URL[] = [];
  stubApi(({ url }) => {
    calls.push(url);
    if (url.pathname === '/api/auth/session') return new Response('{}', { status: 401 });
    if (url.pathname.endsWith('/nurses')) return json(agents);
    if (url.pathname === '/api/held-times') return json({ holds: heldTimes });
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    const agentId = url.searchParams.get('agentId');
    const inRange = [...monday, ...friday].filter((s) => {
      const day = new Date(new Date(s.startTime).getTime() - 5 * 3_600_000)
        .toISOString()
        .slice(0, 10);
      return day >= from && day <= to && (!agentId || s.agentId === agentId);
    });
    return json({ timezone: ZONE, slots: inRange });
  });
  return calls;
}

function Harness(props: Partial<TimeSlotPickerProps> & { onPick?: (slot: TimeSlot) => void }) {
  const [value, setValue] = useState<TimeSlot | null>(null);
  return (
    <TimeSlotPicker
      clinicSlug="riverside"
      timezone={ZONE}
      defaultDate="2030-03-04"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onPick?.(next);
      }}
      {...props}
    />
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}) {
  return renderWithClient(<Harness {...props} />);
}

beforeEach(() => {
  stubServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  heldTimes = [];
});

describe('TimeSlotPicker', () => {
  it('moves between times with the arrow keys and chooses with Enter or Space', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderPicker({ defaultAgentId: 'a1', onPick });

    const group = await screen.findByRole('radiogroup', { name: /Monday, March 4, 2030/ });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '9:00 AM',
      '9:30 AM',
      '10:00 AM',
    ]);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    expect(group).toBeInTheDocument();

    radios[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(radios[1]);
    expect(onPick).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(monday[1]);
    expect(radios[1]!.getAttribute('aria-checked')).toBe('true');
    expect(radios[0]!.getAttribute('aria-checked')).toBe('false');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(radios[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(radios[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(radios[2]);
    await user.keyboard(' ');
    expect(onPick).toHaveBeenLastCalledWith(monday[3]);
    expect(screen.getByText(/Chosen:/).textContent).toContain('10:00 AM');
  });

  it('keeps one tab stop: Tab leaves the group from the chosen time', async () => {
    const user = userEvent.setup();
    renderPicker({ defaultAgentId: 'a1' });
    const radios = await screen.findAllByRole('radio');
    await user.click(radios[2]!);
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('groups times by agent and offers only the agents allowed', async () => {
    renderPicker();
    expect(await screen.findByRole('group', { name: 'Dr. Priya Raman' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '9:30 AM, Nora Kelly, RN' })).toBeInTheDocument();
    cleanup();

    renderPicker({ agentIds: ['a2'] });
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['9:30 AM']);
  });

  it('says when a day has no times and jumps to the next day that has some', async () => {
    const user = userEvent.setup();
    renderPicker({ defaultDate: '2030-03-05' });
    expect(await screen.findByText('No available times on this day')).toBeInTheDocument();
    const jump = await screen.findByRole('button', {
      name: 'Next available: Friday, March 8, 2030',
    });
    await user.click(jump);
    await waitFor(() =>
      expect(screen.getByRole('radiogroup', { name: /Friday, March 8, 2030/ })).toBeInTheDocument(),
    );
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '11:00 AM, Nora Kelly, RN',
    ]);
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2030-03-08');
  });

  it('steps through days with the previous and next buttons', async () => {
    const user = userEvent.setup();
    renderPicker({ defaultAgentId: 'a1' });
    await screen.findAllByRole('radio');
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No available times on this day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
  });
});

describe('TimeSlotPicker held times (ADR 034)', () => {
  it('shows a time a patient holds online as held, with its expiry, for the day and agents shown', async () => {
    heldTimes = [
      {
        id: 'h1',
        clinic: 'riverside',
        agentId: 'a1',
        start: '2030-03-04T15:30:00.000Z',
        end: '2030-03-04T16:00:00.000Z',
        expiresAt: '2030-03-04T14:10:00.000Z',
      },
    ];
    const calls = stubServer();
    renderPicker({ defaultAgentId: 'a1' });
    const list = await screen.findByRole('list', { name: 'Times held online' });
    expect(list.textContent).toBe(
      '10:30 AM – 11:00 AM with Dr. Priya Raman, held by a patient booking online until 9:10 AM',
    );
    const asked = calls.find((url) => url.pathname === '/api/held-times')!;
    expect(asked.searchParams.get('clinic')).toBe('riverside');
    expect(asked.searchParams.get('agentIds')).toBe('a1');
    // The viewer's whole day in New York.
    expect(asked.searchParams.get('from')).toBe('2030-03-04T05:00:00.000Z');
    expect(asked.searchParams.get('to')).toBe('2030-03-05T05:00:00.000Z');
  });

  it('says nothing when no time is held', async () => {
    renderPicker({ defaultAgentId: 'a1' });
    await screen.findByRole('radiogroup');
    expect(screen.queryByText('Held online, not offered')).toBeNull();
  });
});
