import { randomUUID } from 'node:crypto';
import type { SignalBus, SignalEnvelope } from '../../realtime/signal-bus';

export interface SignalPeer {
  id: string;
  role: 'patient' | 'staff';
  /** Shown to the other side: "Dr. Priya Raman joined". */
  name: string;
  send(message: unknown): void;
  /** Ends the peer's socket with a 44xx code, which its page shows and does not retry. */
  close(code: number, reason: string): void;
}

/** Hub-to-hub only, never handed to a browser: "close this connection, wherever it is". */
interface EvictMessage {
  control: 'evict';
  peerId: string;
  code: number;
  reason: string;
}

function isEvict(message: unknown): message is EvictMessage {
  return (message as Partial<EvictMessage> | null)?.control === 'evict';
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

  /**
   * Closes the connection that held `peer`'s place before it, on whichever instance it is. Sent
   * ahead of `peer`'s own messages, so it lands before the other side hears `peer` arrive.
   */
  evict(room: string, peer: SignalPeer, peerId: string, code: number, reason: string) {
    const message: EvictMessage = { control: 'evict', peerId, code, reason };
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
      .then(() =>
        this.bus.publish({
          room,
          senderId: peer.id,
          role: peer.role,
          // The server's word for who is speaking: a browser's own messages cannot carry a name.
          message: isEvict(message) ? message : { ...(message as object), name: peer.name },
        }),
      );
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
    if (isEvict(envelope.message)) {
      const { peerId, code, reason } = envelope.message;
      const evicted = peers.get(peerId);
      if (!evicted) return;
      // Gone without a peer-left: its successor is already in the room in its place.
      peers.delete(peerId);
      if (peers.size === 0) this.rooms.delete(envelope.room);
      evicted.close(code, reason);
      return;
    }
    for (const peer of peers.values()) {
      if (peer.id === envelope.senderId) continue;
      peer.send({ from: envelope.role, ...(envelope.message as object) });
    }
  }

  close() {
    this.unsubscribe();
  }
}
