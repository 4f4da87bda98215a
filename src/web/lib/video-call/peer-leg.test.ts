import { describe, expect, it, vi } from 'vitest';
import type { SignalMessage } from '@contracts/session';
import { FakePeerConnection } from './testing/fake-peer-connection';
import { PeerLeg } from './peer-leg';

function leg(polite: boolean, outbox: SignalMessage[], stream: MediaStream | null = null) {
  let pc!: FakePeerConnection;
  const created = new PeerLeg({
    polite,
    iceServers: [{ urls: 'stun:stun.example.org' }],
    localStream: stream,
    send: (m) => outbox.push(m),
    onRemoteStream: () => {},
    onConnectionState: () => {},
    createPeerConnection: (config) => {
      pc = new FakePeerConnection(config);
      return pc as unknown as RTCPeerConnection;
    },
  });
  return { leg: created, pc: () => pc };
}

/** Hands each side's messages to the other until both have nothing more to say. */
async function exchange(
  a: { leg: PeerLeg; out: SignalMessage[] },
  b: { leg: PeerLeg; out: SignalMessage[] },
) {
  for (let round = 0; round < 10; round++) {
    const [fromA, fromB] = [a.out.splice(0), b.out.splice(0)];
    if (fromA.length === 0 && fromB.length === 0) return;
    for (const [messages, to] of [
      [fromA, b.leg],
      [fromB, a.leg],
    ] as const) {
      for (const m of messages) {
        if (m.type === 'description') await to.handleDescription(m.description);
        if (m.type === 'candidate') to.handleCandidate(m.candidate as RTCIceCandidateInit);
      }
    }
  }
  throw new Error('negotiation did not settle');
}

const fakeStream = (...kinds: string[]) => {
  const tracks = kinds.map((kind) => ({ kind }) as MediaStreamTrack);
  return { getTracks: () => tracks } as unknown as MediaStream;
};

describe('PeerLeg (perfect negotiation)', () => {
  it('settles a collision: the impolite patient’s offer wins, the polite staff side answers', async () => {
    const patientOut: SignalMessage[] = [];
    const staffOut: SignalMessage[] = [];
    const patient = leg(false, patientOut);
    const staff = leg(true, staffOut);
    // Both decide to offer at the same moment.
    patient.pc().onnegotiationneeded?.();
    staff.pc().onnegotiationneeded?.();
    await vi.waitFor(() => expect(patientOut).toHaveLength(1));
    await vi.waitFor(() => expect(staffOut).toHaveLength(1));

    await exchange({ leg: patient.leg, out: patientOut }, { leg: staff.leg, out: staffOut });

    expect(patient.pc().signalingState).toBe('stable');
    expect(staff.pc().signalingState).toBe('stable');
    expect(staff.pc().remoteDescription?.sdp).toBe(`offer-from-${patient.pc().id}`);
    expect(patient.pc().remoteDescription?.sdp).toBe(`answer-from-${staff.pc().id}`);
  });

  it('keeps candidates that arrive before their description, then applies them', async () => {
    const staffOut: SignalMessage[] = [];
    const staff = leg(true, staffOut);
    staff.leg.handleCandidate({ candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host' });
    expect(staff.pc().candidates).toHaveLength(0);
    await staff.leg.handleDescription({ type: 'offer', sdp: 'offer-x' });
    expect(staff.pc().candidates).toHaveLength(1);
    expect(staffOut.at(-1)).toMatchObject({ type: 'description', description: { type: 'answer' } });
  });

  it('drops an answer it is not waiting for', async () => {
    const out: SignalMessage[] = [];
    const patient = leg(false, out);
    await patient.leg.handleDescription({ type: 'answer', sdp: 'stale' });
    expect(patient.pc().remoteDescription).toBeNull();
  });

  it('leads on the impolite side: its tracks, or receive-only sections without devices', () => {
    expect(leg(false, [], fakeStream('audio', 'video')).pc().tracks).toEqual(['audio', 'video']);
    const audioOnly = leg(false, [], fakeStream('audio')).pc();
    expect(audioOnly.tracks).toEqual(['audio']);
    expect(audioOnly.transceivers).toEqual(['video:recvonly']);
    expect(leg(false, []).pc().transceivers).toEqual(['audio:recvonly', 'video:recvonly']);
  });

  it('answers on the polite side, adding its devices only when the first offer arrives', async () => {
    const out: SignalMessage[] = [];
    const staff = leg(true, out, fakeStream('audio', 'video'));
    expect(staff.pc().tracks).toEqual([]);
    expect(staff.pc().transceivers).toEqual([]);
    await staff.leg.handleDescription({ type: 'offer', sdp: 'offer-1' });
    expect(staff.pc().tracks).toEqual(['audio', 'video']);
    expect(out.at(-1)).toMatchObject({ type: 'description', description: { type: 'answer' } });
    // A later offer (an ICE restart) does not add them twice.
    await staff.leg.handleDescription({ type: 'offer', sdp: 'offer-2' });
    expect(staff.pc().tracks).toEqual(['audio', 'video']);
  });

  it('passes the ICE servers on, and stops talking once closed', async () => {
    const out: SignalMessage[] = [];
    const staff = leg(true, out);
    expect(staff.pc().config.iceServers).toEqual([{ urls: 'stun:stun.example.org' }]);
    staff.leg.close();
    expect(staff.pc().closed).toBe(true);
    await staff.leg.handleDescription({ type: 'offer', sdp: 'late' });
    expect(out).toHaveLength(0);
  });
});
