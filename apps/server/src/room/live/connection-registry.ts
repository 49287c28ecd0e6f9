import type { SessionUser } from "../../modules/auth/auth.service";
import type { Viewer } from "../state/audience";
import type { RoomMember } from "../state/room.service";

/** What the registry needs of a socket (the ws WebSocket, or a fake in unit tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string | Buffer, options?: { binary?: boolean }): void;
}

interface Corkable {
  cork(): void;
  uncork(): void;
  write(data: Buffer): boolean;
}

/** The TCP socket under a `ws` WebSocket (its private `_socket`), when there is one. */
function tcpOf(socket: LiveSocket): Corkable | undefined {
  const tcp = (socket as { _socket?: Partial<Corkable> })._socket;
  return tcp?.cork && tcp.uncork && tcp.write ? (tcp as Corkable) : undefined;
}

/** A frame encoded once for a whole audience: its UTF-8 text and the WebSocket frame around it. */
export interface SharedFrame {
  text: Buffer;
  wire: Buffer;
}

/**
 * The bytes of a final, unmasked WebSocket text frame (RFC 6455 §5.2), as a server sends it: the
 * same for every socket, so a fan-out builds it once per audience instead of once per socket.
 */
export function sharedFrame(json: string): SharedFrame {
  const text = Buffer.from(json);
  const n = text.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81;
  if (n < 126) wire[1] = n;
  else if (n < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  text.copy(wire, head);
  return { text, wire };
}

// Every frame is a write, and every write a system call — the dearest part of a fan-out (a batch of
// 50 bids to 200 sockets is 10,000 of them). A socket written to is corked until the end of the
// current turn of the event loop, so all its frames of that turn (the batch's bids, the sender's
// answer) leave in one write.
const corked = new Set<Corkable>();
let flushing = false;

function flushCorked() {
  flushing = false;
  for (const tcp of corked) tcp.uncork();
  corked.clear();
}

/**
 * Sends one text frame on a socket, coalesced with the socket's other frames of this turn. A shared
 * frame goes out as the bytes built once for its audience, straight onto the TCP socket: `ws` writes
 * each of its own frames whole and at once (no compression is negotiated, see `extensions`), so frames
 * never interleave. A socket without one (a fake, an extension) gets the text through `send`.
 */
export function write(socket: LiveSocket, frame: string | SharedFrame) {
  const tcp = tcpOf(socket);
  if (tcp && !corked.has(tcp)) {
    tcp.cork();
    corked.add(tcp);
    if (!flushing) {
      flushing = true;
      setImmediate(flushCorked);
    }
  }
  if (typeof frame === "string") socket.send(frame);
  else if (tcp && (socket as { extensions?: unknown }).extensions === "") tcp.write(frame.wire);
  else socket.send(frame.text, { binary: false });
}

export const OPEN = 1;

export interface LiveConnection {
  socket: LiveSocket;
  noticeId: string | null;
  member: RoomMember | null;
  /** Registered on a direct procedure's pages (no room): it listens, it sends no room command. */
  roomless?: boolean;
  viewer: Viewer | null;
  token: string | null;
  /** The session cookie of the upgrade request (same origin only), used when register has no token. */
  cookieToken?: string | null;
  /**
   * The user register authenticated and its token's hash: a bid uses them and the engine checks the
   * session again inside the bid's batch transaction (one read per batch, not three per bid).
   */
  session?: { user: SessionUser; tokenHash: string } | null;
  /** Answered a ping since the last heartbeat. */
  alive: boolean;
  /**
   * Events that arrived while REGISTERED (or RESUMED) was being prepared are held, with their
   * sequence, and sent after it — those its state or its replay already holds are left out.
   */
  pending: { frame: string | SharedFrame; seq?: number }[] | null;
}

/**
 * Connections per notice. An event is serialised once per audience key — buyer staff, suppliers,
 * citizens, and a supplier whose own view differs — and every socket of that key gets the same
 * bytes (DESIGN §5).
 */
export class ConnectionRegistry {
  private readonly rooms = new Map<string, Set<LiveConnection>>();
  /** Serialisations done, for the tests of "once per audience". */
  serialisations = 0;

  add(connection: LiveConnection) {
    if (!connection.noticeId) return;
    let room = this.rooms.get(connection.noticeId);
    if (!room) {
      room = new Set();
      this.rooms.set(connection.noticeId, room);
    }
    room.add(connection);
  }

  /** Removes a connection; returns the notice it was in. */
  remove(connection: LiveConnection): string | null {
    const noticeId = connection.noticeId;
    if (!noticeId) return null;
    const room = this.rooms.get(noticeId);
    room?.delete(connection);
    if (room?.size === 0) this.rooms.delete(noticeId);
    return noticeId;
  }

  connections(noticeId: string): ReadonlySet<LiveConnection> {
    return this.rooms.get(noticeId) ?? new Set();
  }

  noticeIds(): string[] {
    return [...this.rooms.keys()];
  }

  all(): LiveConnection[] {
    return [...this.rooms.values()].flatMap((room) => [...room]);
  }

  /** Online suppliers (anonymous numbers) and auctioneers of this instance. */
  presence(noticeId: string): { suppliers: number[]; auctioneers: number } {
    const suppliers = new Set<number>();
    let auctioneers = 0;
    for (const c of this.connections(noticeId)) {
      if (c.member?.anonymousNumber != null) suppliers.add(c.member.anonymousNumber);
      if (c.member?.role === "AUCTIONEER") auctioneers++;
    }
    return { suppliers: [...suppliers].sort((a, b) => a - b), auctioneers };
  }

  /** Sends `{action, data}` to a notice's room, one serialisation per audience key. */
  fanOut(
    noticeId: string,
    action: string,
    view: (viewer: Viewer) => unknown,
    perSupplier: ReadonlySet<string> = new Set(),
  ) {
    this.fanOutTo(this.connections(noticeId), action, view, perSupplier);
  }

  /**
   * Sends `{action, data, seq}` to the given connections, one serialisation per audience key; `seq`
   * is the event's sequence in its notice (absent for what is no event: statistics, presence).
   */
  fanOutTo(
    connections: Iterable<LiveConnection>,
    action: string,
    view: (viewer: Viewer) => unknown,
    perSupplier: ReadonlySet<string> = new Set(),
    seq?: number,
  ) {
    const frames = new Map<string, SharedFrame | null>();
    for (const c of connections) {
      if (!c.viewer) continue;
      const own = c.viewer.supplierId !== null && perSupplier.has(c.viewer.supplierId);
      const key = own ? `S:${c.viewer.supplierId}` : c.viewer.audience;
      let frame = frames.get(key);
      if (frame === undefined) {
        const viewer: Viewer = own ? c.viewer : { audience: c.viewer.audience, supplierId: null };
        const data = view(viewer);
        // undefined: this audience is not told (a sealed bid goes to its author only).
        frame =
          data === undefined
            ? null
            : sharedFrame(JSON.stringify(seq === undefined ? { action, data } : { action, data, seq }));
        this.serialisations++;
        frames.set(key, frame);
      }
      if (frame !== null) deliver(c, frame, seq);
    }
  }
}

export function deliver(connection: LiveConnection, frame: string | SharedFrame, seq?: number) {
  if (connection.pending) {
    connection.pending.push({ frame, seq });
    return;
  }
  if (connection.socket.readyState === OPEN) write(connection.socket, frame);
}
