import { describe, expect, it } from 'vitest';
import { describeCallStatus, INITIAL_CALL_SNAPSHOT, type CallSnapshot } from './call-status';

const inCall = (over: Partial<CallSnapshot>): CallSnapshot => ({
  ...INITIAL_CALL_SNAPSHOT,
  phase: 'in-call',
  signalling: 'open',
  ...over,
});

describe('describeCallStatus', () => {
  it('waits for the other side in words that fit each role', () => {
    expect(describeCallStatus(inCall({}), 'patient')).toEqual({
      text: 'Waiting for your provider to join…',
      tone: 'waiting',
    });
    expect(describeCallStatus(inCall({}), 'staff').text).toBe('Waiting for the patient…');
  });

  it('is connecting once the other side is there, and connected when media flows', () => {
    expect(describeCallStatus(inCall({ remotePresent: true }), 'staff').text).toBe('Connecting…');
    expect(
      describeCallStatus(inCall({ remotePresent: true, connection: 'connected' }), 'staff'),
    ).toEqual({ text: 'Connected', tone: 'live' });
  });

  it('names who joined until the picture arrives', () => {
    const joined = inCall({ remotePresent: true, remoteName: 'Dr. Jane Smith' });
    expect(describeCallStatus(joined, 'patient')).toEqual({
      text: 'Dr. Jane Smith joined',
      tone: 'waiting',
    });
    expect(describeCallStatus({ ...joined, connection: 'connected' }, 'patient').text).toBe(
      'Connected',
    );
  });

  it('says Reconnecting when the socket or the media path is being mended', () => {
    expect(describeCallStatus(inCall({ signalling: 'reconnecting' }), 'patient').text).toBe(
      'Reconnecting…',
    );
    for (const connection of ['disconnected', 'failed'] as const) {
      expect(describeCallStatus(inCall({ remotePresent: true, connection }), 'patient')).toEqual({
        text: 'Reconnecting…',
        tone: 'trouble',
      });
    }
  });

  it('keeps saying Connected while media still flows during a socket reconnect', () => {
    const s = inCall({ signalling: 'reconnecting', remotePresent: true, connection: 'connected' });
    expect(describeCallStatus(s, 'patient').text).toBe('Connected');
  });

  it('shows the server refusal in its own words', () => {
    const s = inCall({ signalling: 'refused', refusal: 'The visit is not open.' });
    expect(describeCallStatus(s, 'patient')).toEqual({
      text: 'The visit is not open.',
      tone: 'error',
    });
  });

  it('covers the phases before and after the call', () => {
    expect(
      describeCallStatus({ ...INITIAL_CALL_SNAPSHOT, phase: 'starting-media' }, 'patient').text,
    ).toBe('Starting your camera and microphone…');
    expect(
      describeCallStatus(
        { ...INITIAL_CALL_SNAPSHOT, phase: 'starting-media', mode: 'audio' },
        'patient',
      ).text,
    ).toBe('Starting your microphone…');
    expect(describeCallStatus({ ...INITIAL_CALL_SNAPSHOT, phase: 'left' }, 'staff').text).toBe(
      'You left the visit.',
    );
    expect(describeCallStatus(inCall({ signalling: 'connecting' }), 'staff').text).toBe(
      'Connecting…',
    );
  });
});
