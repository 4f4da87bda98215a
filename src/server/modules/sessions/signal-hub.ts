import { randomUUID } from 'node:crypto';
import type { SignalBus, SignalEnvelope } from './signal-bus';

export interface SignalPeer {
  id: string;
  role: 'patient' | 'staff';
  send(message: unknown): void;
}

/**
 * Relays signalling messages between the people in one visit's room, wherever their sockets
 * landed: a message goes out on the bus, and every instance hands it to its own local peers in
 * that room but the sender. The server never reads the media, only passes the handshake on.
 */
export class SignalHub {
  private readonly rooms = new Map<string, Map<string, SignalPeer>>();
  /** Each peer's last publish: the next waits for it (see publish). */
  private readonly sending = new Map<string, Promise<void>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: SignalBus) {
    this.unsubscribe = bus.subscribe((envelope) => this.deliver(envelope));
  }

  newPeerId(): string {
    return randomUUID();
  }

  async join(room: string, peer: SignalPeer) {
    let peers = this.rooms.get(room);
    if (!peers) this.rooms.set(room, (peers = new Map()));
    peers.set(peer.id, peer);
    await this.publish(room, peer, { type: 'peer-joined' });
  }

  async leave(room: string, peer: SignalPeer) {
    const peers = this.rooms.get(room);
    if (!peers?.delete(peer.id)) return;
    if (peers.size === 0) this.rooms.delete(room);
    await this.publish(room, peer, { type: 'peer-left' });
  }

  relay(room: string, peer: SignalPeer, message: unknown) {
    return this.publish(room, peer, message);
  }

  localPeerCount(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  /**
   * A peer's messages go out one after another. Published at once they would take different
   * pool connections, and their notifications arrive in commit order, not in the order sent: a
   * candidate could overtake the offer it belongs to, which the browser then cannot use.
   */
  private publish(room: string, peer: SignalPeer, message: unknown): Promise<void> {
    const previous = this.sending.get(peer.id) ?? Promise.resolve();
    const sent = previous
      .catch(() => {})
      .then(() => this.bus.publish({ room, senderId: peer.id, role: peer.role, message }));
    const settled = sent.catch(() => {});
    this.sending.set(peer.id, settled);
    void settled.then(() => {
      if (this.sending.get(peer.id) === settled) this.sending.delete(peer.id);
    });
    return sent;
  }

  private deliver(envelope: SignalEnvelope) {
    const peers = this.rooms.get(envelope.room);
    if (!peers) return;
    for (const peer of peers.values()) {
      if (peer.id === envelope.senderId) continue;
      peer.send({ from: envelope.role, ...(envelope.message as object) });
    }
  }

  close() {
    this.unsubscribe();
  }
}
