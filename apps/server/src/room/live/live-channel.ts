import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { LIVE_EVENTS, liveRegisterSchema } from "@certame/domain";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  type DatabaseMonitor,
  isDatabaseUnavailable,
} from "../../db/availability";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { assertNoNulCharacter } from "../../http/input-guard";
import { SESSION_COOKIE } from "../../modules/auth/auth.plugin";
import { type AuthService, hashToken, type SessionUser } from "../../modules/auth/auth.service";
import type { LiveBus } from "../bus/live-bus";
import type { LiveCommand, LiveCommandContext } from "../bus/live-command";
import { lastLiveSeqs, liveEventsAfter, oldestLiveSeq, pruneLiveEvents } from "../bus/live-event.repository";
import type { BusMessage, LiveNotice, LivePublisher, RenderHint } from "../bus/live-notice";
import { type RenderedEvent, viewerOf } from "../state/audience";
import * as roomRepo from "../state/room.repository";
import type { RoomService } from "../state/room.service";
import {
  ConnectionRegistry,
  deliver,
  type LiveConnection,
  OPEN,
  type SharedFrame,
  write,
} from "./connection-registry";
import { LiveDelivery } from "./live-delivery";

export const LIVE_PATH = "/api/ws";

/**
 * The session cookie of an upgrade request, taken only when the page that opened the socket is of
 * this site (Origin's host = Host): another site's page must not act with the user's session
 * (cross-site WebSocket hijacking).
 */
export function sameOriginSessionCookie(request: IncomingMessage): string | null {
  const origin = request.headers.origin;
  if (origin) {
    try {
      if (new URL(origin).host !== request.headers.host) return null;
    } catch {
      return null;
    }
  }
  const cookies = request.headers.cookie ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join("=")) || null;
  }
  return null;
}
const SESSION_EXPIRED = "Sessão expirada ou inválida. Faça login novamente.";
const NOT_REGISTERED = "Registre-se na sala de negociação antes de enviar eventos.";
const MALFORMED = "Mensagem inválida: envie um JSON {event, data}.";
const UNEXPECTED = "Houve um erro inesperado no servidor. Tente novamente.";

/** The most missed events a reconnection is replayed; more, and it gets the state again. */
export const MAX_RESUME_EVENTS = 200;
const LOGIN_REQUIRED = "Faça login para realizar esta ação na sala de negociação.";
const PAGES_LOGIN_REQUIRED = "Faça login para acompanhar este procedimento auxiliar.";
const NO_ROOM_COMMANDS =
  "Este processo não possui sala de negociação: os eventos da sala não se aplicam a ele.";

/** Renders a committed change into each audience's frames (chat, bids, phases). */
export type LiveRenderer = (
  notice: LiveNotice,
  hint?: RenderHint,
) => Promise<RenderedEvent | RenderedEvent[] | null>;

export interface LiveChannelOptions {
  db: Db;
  auth: AuthService;
  room: RoomService;
  bus: LiveBus;
  /** AUCTION_TIME_SCALE, told to clients in REGISTERED (their progress bars match the server's durations). */
  timeScale?: number;
  /** Ping interval; a socket silent for two intervals is dropped. */
  heartbeatMs?: number;
  /** How often the outbox is checked for events whose bell was lost (a backstop of the bus). */
  catchUpMs?: number;
  /** How long the outbox keeps events (pruned hourly by every instance; a delete twice is harmless). */
  retentionMs?: number;
  /** The database's availability: its outage is logged there once, and its end triggers a catch-up. */
  monitor?: DatabaseMonitor;
  log?: (message: string) => void;
}

interface RemotePresence {
  suppliers: number[];
  auctioneers: number;
  at: number;
}

/** The renderer of one kind of change (the notices of the given `t`s), registered once per kind. */
export type LiveRenderers = Partial<Record<LiveNotice["t"], LiveRenderer>>;

/**
 * The live channel (DESIGN §2, §5): the `/api/ws` WebSocket, the rooms of connected users, the
 * per-audience fan-out of committed changes and the cross-instance bus.
 */
export class LiveChannel implements LivePublisher {
  readonly instanceId = randomUUID();
  readonly registry = new ConnectionRegistry();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly sockets = new Map<WebSocket, LiveConnection>();
  private readonly remote = new Map<string, Map<string, RemotePresence>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private catchUpTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  /** Each notice's events, to this instance's connections, once and in sequence (the outbox's cursor). */
  readonly delivery: LiveDelivery;
  /** Bus deliveries and departures under way; stop() waits for them so none outlives the pool. */
  private readonly inflight = new Set<Promise<unknown>>();
  private stopping = false;
  /** The bus failed to publish and has not published since (told once). */
  private busDown = false;
  /** The room's commands by event, and each kind of change's renderer. */
  private readonly commands = new Map<string, LiveCommand>();
  private readonly renderers = new Map<LiveNotice["t"], LiveRenderer>();
  private readonly heartbeatMs: number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: LiveChannelOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.log = options.log ?? ((m) => console.error(`[certame] ${m}`));
    const db = options.db;
    this.delivery = new LiveDelivery({
      source: {
        after: (noticeId, after, limit) => liveEventsAfter(db, noticeId, after, limit),
        lastSeqs: (noticeIds) => lastLiveSeqs(db, noticeIds),
      },
      deliver: (notice, hint) => this.render(notice, hint),
      retryable: (error) => this.databaseAway(error),
      log: this.log,
    });
    options.monitor?.onRecovered(() => this.catchUp());
  }

  /** True (and told once per outage) when the error is the database being away. */
  private databaseAway(error: unknown): boolean {
    return this.options.monitor ? this.options.monitor.report(error) : isDatabaseUnavailable(error);
  }

  /** Delivers every notice's events whose bell never rang here (lost NOTIFY, bus or database back). */
  catchUp(): Promise<void> {
    return this.delivery.catchUpAll().catch((error: Error) => {
      if (!this.databaseAway(error)) this.log(`recuperação de eventos ao vivo: ${error.message}`);
    });
  }

  /** Registers a feature: its commands and the renderers of its kinds of change (app.ts wires them). */
  use(feature: { commands?: readonly LiveCommand[]; renderers?: LiveRenderers }) {
    for (const command of feature.commands ?? [])
      for (const event of command.events) {
        if (
          this.commands.has(event) ||
          event === LIVE_EVENTS.register ||
          event === LIVE_EVENTS.getChannelStatistics
        )
          throw new Error(`evento ao vivo registrado duas vezes: ${event}`);
        this.commands.set(event, command);
      }
    for (const [kind, renderer] of Object.entries(feature.renderers ?? {}) as [
      LiveNotice["t"],
      LiveRenderer,
    ][]) {
      if (this.renderers.has(kind)) throw new Error(`renderizador registrado duas vezes: ${kind}`);
      this.renderers.set(kind, renderer);
    }
  }

  /** Takes the WebSocket upgrades of `/api/ws` on the HTTP server and starts the bus. */
  async attach(server: Server) {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? "").split("?")[0];
      if (path !== LIVE_PATH) {
        socket.destroy();
        return;
      }
      const cookieToken = sameOriginSessionCookie(request);
      this.wss.handleUpgrade(request, socket, head, (ws) => this.onConnection(ws, cookieToken));
    });
    await this.options.bus.start(
      (message) => this.onBusMessage(message),
      () => void this.catchUp(),
    );
    this.heartbeat = setInterval(() => this.tick(), this.heartbeatMs);
    this.heartbeat.unref();
    this.catchUpTimer = setInterval(() => this.track(this.catchUp()), this.options.catchUpMs ?? 1000);
    this.catchUpTimer.unref();
    this.pruneTimer = setInterval(() => this.track(this.prune()), 3_600_000);
    this.pruneTimer.unref();
  }

  /** Deletes the outbox's events older than the retention (machine time: no business term). */
  async prune(now = new Date()): Promise<number> {
    const retention = this.options.retentionMs ?? 24 * 3_600_000;
    try {
      return await pruneLiveEvents(this.options.db, new Date(now.getTime() - retention));
    } catch (error) {
      if (!this.databaseAway(error)) this.log(`limpeza dos eventos ao vivo: ${(error as Error).message}`);
      return 0;
    }
  }

  async stop() {
    this.stopping = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.catchUpTimer) clearInterval(this.catchUpTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
    await Promise.allSettled([...this.inflight]);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.options.bus.stop();
  }

  /**
   * After a commit: deliver here at once (in sequence), then ring the other instances' bell. A
   * failure here never fails the committed change: the outbox holds the event and the catch-up
   * delivers it once the database or the bus is back.
   */
  async publish(notice: LiveNotice, hint?: RenderHint) {
    if (notice.q === undefined) await this.render(notice, hint);
    else
      await this.delivery.offer(notice as LiveNotice & { q: number }, hint).catch((error: Error) => {
        if (!this.databaseAway(error)) this.log(`evento ao vivo: ${error.message}`);
      });
    await this.ring({ ...notice, o: this.instanceId });
  }

  /**
   * Publishes on the bus. A bus that is away is told once until it publishes again: its bells are
   * lost meanwhile, the events are not (the others catch up from the outbox).
   */
  private async ring(message: BusMessage) {
    try {
      await this.options.bus.publish(message);
      if (this.busDown) this.log(`barramento (${this.options.bus.kind}) publicando de novo`);
      this.busDown = false;
    } catch (error) {
      if (this.databaseAway(error) || this.busDown) return;
      this.busDown = true;
      this.log(`falha ao publicar no barramento (${this.options.bus.kind}): ${(error as Error).message}`);
    }
  }

  private track(work: Promise<unknown>) {
    const tracked: Promise<unknown> = work.finally(() => this.inflight.delete(tracked));
    this.inflight.add(tracked);
  }

  private onBusMessage(message: BusMessage) {
    if (message.o === this.instanceId) return;
    if (message.t === "presence") {
      const byInstance = this.remote.get(message.n) ?? new Map<string, RemotePresence>();
      if (message.s.length === 0 && message.a === 0) byInstance.delete(message.o);
      else byInstance.set(message.o, { suppliers: message.s, auctioneers: message.a, at: Date.now() });
      if (byInstance.size) this.remote.set(message.n, byInstance);
      else this.remote.delete(message.n);
    }
    if (message.t === "presenceQuery") {
      if (this.registry.connections(message.n).size > 0) void this.publishPresence(message.n, false);
      return;
    }
    if (this.stopping) return;
    const work =
      message.q === undefined
        ? this.render(message)
        : this.delivery.offer(message as BusMessage & { q: number });
    this.track(
      work.catch((error: Error) => {
        if (!this.databaseAway(error)) this.log(`evento ao vivo: ${error.message}`);
      }),
    );
  }

  /** Renders a change into each audience's frames for the notice's room here (all of it, or `only`). */
  private async render(notice: LiveNotice, hint?: RenderHint, only?: LiveConnection) {
    if (this.registry.connections(notice.n).size === 0) return;
    if (notice.t === "presence") {
      await this.broadcastStatistics(notice.n);
      return;
    }
    // One renderer per kind of change, chosen by the notice's type.
    const rendered = await this.renderers.get(notice.t)?.(notice, hint);
    if (!rendered) return;
    for (const r of Array.isArray(rendered) ? rendered : [rendered]) {
      const to = only ? [only] : this.registry.connections(r.noticeId);
      this.registry.fanOutTo(to, r.action, r.view, r.perSupplier, notice.q);
    }
  }

  // ---- connections ----

  private onConnection(ws: WebSocket, cookieToken: string | null = null) {
    const connection: LiveConnection = {
      socket: ws,
      noticeId: null,
      member: null,
      viewer: null,
      token: null,
      cookieToken,
      alive: true,
      pending: null,
    };
    this.sockets.set(ws, connection);
    let queue = Promise.resolve();
    ws.on("pong", () => {
      connection.alive = true;
    });
    ws.on("message", (raw: RawData) => {
      queue = queue.then(() => this.onMessage(connection, raw)).catch(() => {});
    });
    ws.on("close", () => {
      queue = queue
        .then(() => this.drop(connection))
        .catch((error: Error) => {
          if (!this.databaseAway(error)) this.log(`saída da sala: ${error.message}`);
        });
      this.track(queue);
    });
    ws.on("error", () => ws.terminate());
  }

  private async drop(connection: LiveConnection) {
    this.sockets.delete(connection.socket as WebSocket);
    const noticeId = this.registry.remove(connection);
    connection.noticeId = null;
    if (noticeId) this.leave(noticeId);
    if (noticeId && !this.stopping) await this.publishPresence(noticeId, true);
  }

  /** Pings every socket; one that did not answer the last ping is dropped (and counted offline). */
  private tick() {
    for (const [ws, connection] of this.sockets) {
      if (!connection.alive) {
        ws.terminate();
        continue;
      }
      connection.alive = false;
      ws.ping();
    }
    const now = Date.now();
    for (const [noticeId, byInstance] of this.remote) {
      for (const [instance, p] of byInstance)
        if (now - p.at > 3 * this.heartbeatMs) byInstance.delete(instance);
      if (byInstance.size === 0) this.remote.delete(noticeId);
    }
    // Refresh this instance's presence for the others (their copy expires after three intervals).
    for (const noticeId of this.registry.noticeIds()) void this.publishPresence(noticeId, false);
  }

  /** `SERVER_TIME {serverTime}` to every socket in a room (TEST_CLOCK: the clock jumped). */
  broadcastServerTime(now: Date) {
    // The same bytes for everyone: serialised once.
    const frame = JSON.stringify({ action: "SERVER_TIME", data: { serverTime: now.toISOString() } });
    for (const connection of this.sockets.values())
      if (connection.noticeId && connection.socket.readyState === OPEN) write(connection.socket, frame);
  }

  private send(connection: LiveConnection, action: string, data: unknown) {
    if (connection.socket.readyState === OPEN) write(connection.socket, JSON.stringify({ action, data }));
  }

  /** A refusal; `event` names the refused event, so a client can tell which of its actions it answers. */
  private error(connection: LiveConnection, message: string, event?: string) {
    this.send(connection, "ERROR", event ? { message, event } : { message });
  }

  /** The notice's cursor goes when its last connection here left (a later one starts afresh). */
  private leave(noticeId: string) {
    void this.delivery.close(noticeId, () => this.registry.connections(noticeId).size > 0);
  }

  private async onMessage(connection: LiveConnection, raw: RawData) {
    let event: string;
    let data: unknown;
    try {
      const parsed = JSON.parse(raw.toString()) as { event?: unknown; data?: unknown };
      if (!parsed || typeof parsed !== "object" || typeof parsed.event !== "string") throw new Error();
      event = parsed.event;
      data = parsed.data ?? {};
    } catch {
      this.error(connection, MALFORMED);
      return;
    }
    try {
      assertNoNulCharacter(data);
      await this.dispatch(connection, event, data);
    } catch (error) {
      if (error instanceof AppError) this.error(connection, error.message, event);
      else if (error instanceof z.ZodError)
        this.error(connection, `Dados inválidos no evento ${event}.`, event);
      else if (this.databaseAway(error)) this.error(connection, DATABASE_UNAVAILABLE_MESSAGE, event);
      else {
        this.log(`evento ${event}: ${(error as Error).stack ?? error}`);
        this.error(connection, UNEXPECTED, event);
      }
    }
  }

  private async dispatch(connection: LiveConnection, event: string, data: unknown) {
    if (event === LIVE_EVENTS.register) return this.register(connection, liveRegisterSchema.parse(data));
    if (!connection.noticeId || !connection.member) {
      this.error(connection, NOT_REGISTERED, event);
      return;
    }
    if (event === LIVE_EVENTS.getChannelStatistics) {
      this.send(connection, "CHANNEL_STATISTICS", await this.statistics(connection.noticeId));
      return;
    }
    const command = this.commands.get(event);
    // A direct procedure's pages only listen: no room command acts on a notice without a room.
    if (command && connection.roomless) {
      this.error(connection, NO_ROOM_COMMANDS, event);
      return;
    }
    if (!command) {
      this.error(connection, `Evento não reconhecido: ${event}.`, event);
      return;
    }
    const context: LiveCommandContext = {
      event,
      noticeId: connection.noticeId,
      member: connection.member,
      session: connection.session ?? null,
      requireUser: () => this.requireUser(connection),
      currentUser: () => this.currentUser(connection),
    };
    const result = await command.handle(context, data);
    this.send(connection, "ACKNOWLEDGED", { event, ...result });
  }

  /** The session of a socket that acts (bids, phase moves): an anonymous visitor only watches. */
  private async requireUser(connection: LiveConnection): Promise<SessionUser> {
    const user = await this.currentUser(connection);
    if (!user) throw new AppError(401, LOGIN_REQUIRED);
    return user;
  }

  /** The session behind the socket, checked again at every write (a logout ends the right to act). */
  private async currentUser(connection: LiveConnection): Promise<SessionUser | null> {
    if (!connection.token) return null;
    const user = await this.options.auth.authenticate(connection.token);
    if (!user) throw new AppError(401, SESSION_EXPIRED);
    return user;
  }

  /**
   * register {token, auctionNoticeId}: answered with REGISTERED and the full room state. A second
   * register (after a reconnection, or for another notice) replaces the first and resynchronises.
   */
  private async register(connection: LiveConnection, input: z.infer<typeof liveRegisterSchema>) {
    // The token of the register event, else the session cookie the browser sent with the upgrade.
    const token = input.token?.trim() || connection.cookieToken || null;
    const user = token ? await this.options.auth.authenticate(token) : null;
    if (token && !user) throw new AppError(401, SESSION_EXPIRED);
    // A direct procedure's pages (no room) for signed-in users only (§2.3 LOGGED_IN), or the room.
    const pages = input.scope === "DIRECT_PROCEDURE";
    if (pages && !user) throw new AppError(401, PAGES_LOGIN_REQUIRED);
    const ctx = pages
      ? { ...(await this.options.room.requireDirect(input.auctionNoticeId)), hasRoom: false }
      : { ...(await this.options.room.requireRoom(input.auctionNoticeId)), hasRoom: true };
    const member =
      pages && user
        ? this.options.room.pageMember(user, ctx)
        : await this.options.room.member(user ?? null, ctx);

    const previous = this.registry.remove(connection);
    if (previous && previous !== ctx.noticeId) this.leave(previous);
    connection.noticeId = ctx.noticeId;
    connection.member = member;
    connection.roomless = !ctx.hasRoom;
    connection.viewer = viewerOf(member);
    connection.token = token;
    connection.session = token && user ? { user, tokenHash: hashToken(token) } : null;
    // Hold live events until REGISTERED is out, so nothing arrives before the state it updates.
    connection.pending = [];
    this.registry.add(connection);
    const firstHere = this.registry.connections(ctx.noticeId).size === 1;
    let seq: number;
    let resumed = false;
    try {
      // The cursor first, the state after: the state holds at least every event up to `seq`.
      seq = await this.delivery.open(ctx.noticeId);
      resumed = await this.resume(connection, ctx.noticeId, input.lastSeq, seq);
      if (!resumed) {
        const state = ctx.hasRoom
          ? await this.options.room.state(ctx, member)
          : this.options.room.pageState(ctx, member);
        this.send(connection, "REGISTERED", {
          ...state,
          // AUCTION_TIME_SCALE, so the client's progress bars match the server's durations.
          auctionTimeScale: this.options.timeScale ?? 1,
          channelStatistics: await this.statistics(ctx.noticeId),
          seq,
        });
      }
    } catch (error) {
      // Not registered after all: out of the room, its held frames dropped, so it gets no event
      // before the state it updates (the client registers again).
      this.registry.remove(connection);
      this.leave(ctx.noticeId);
      connection.noticeId = null;
      connection.member = null;
      connection.roomless = false;
      connection.viewer = null;
      connection.pending = null;
      throw error;
    }
    const held = connection.pending ?? [];
    connection.pending = null;
    // What the state (or the replay) holds already is not sent again.
    for (const h of held) if (h.seq === undefined || h.seq > seq) deliver(connection, h.frame, h.seq);
    // The access report's entry and presence are no part of the answer: a failure is told, the
    // registration stands. A resumed connection is the same stay in the room, not a new entry.
    try {
      // The access report lists who entered the room; a direct procedure's pages are no room.
      if (!resumed && ctx.hasRoom) await this.options.room.recordEntry(ctx.noticeId, member);
    } catch (error) {
      if (!this.databaseAway(error)) this.log(`entrada na sala: ${(error as Error).message}`);
    }
    try {
      if (previous && previous !== ctx.noticeId) await this.publishPresence(previous, true);
      if (firstHere) await this.queryPresence(ctx.noticeId);
      await this.publishPresence(ctx.noticeId, true);
    } catch (error) {
      if (!this.databaseAway(error)) this.log(`presença na sala: ${(error as Error).message}`);
    }
  }

  /**
   * A reconnection that knows its last sequence: when the outbox still holds every event since,
   * `RESUMED {seq, from}` and those events rendered for this connection alone, in order (the
   * frames held meanwhile follow). False when it must get the state again (REGISTERED).
   */
  private async resume(
    connection: LiveConnection,
    noticeId: string,
    lastSeq: number | null | undefined,
    seq: number,
  ) {
    if (lastSeq == null || lastSeq > seq || seq - lastSeq > MAX_RESUME_EVENTS) return false;
    const db = this.options.db;
    if (lastSeq < seq) {
      const oldest = await oldestLiveSeq(db, noticeId);
      if (oldest === null || oldest > lastSeq + 1) return false;
    }
    const missed = lastSeq < seq ? await liveEventsAfter(db, noticeId, lastSeq, seq - lastSeq) : [];
    // Pruned between the two reads: a hole is never replayed, the state is sent instead.
    if (missed.length !== seq - lastSeq) return false;
    // Rendered for this connection alone, through a stand-in that buffers them: the live frames
    // delivered meanwhile go to the connection's own held queue and follow the replay.
    const replay: { frame: string | SharedFrame; seq?: number }[] = [];
    const target: LiveConnection = { ...connection, pending: replay };
    for (const row of missed) await this.render({ ...row.notice, q: row.seq }, undefined, target);
    this.send(connection, "RESUMED", {
      auctionNoticeId: noticeId,
      from: lastSeq,
      seq,
      auctionTimeScale: this.options.timeScale ?? 1,
      channelStatistics: await this.statistics(noticeId),
    });
    if (connection.socket.readyState === OPEN) for (const r of replay) write(connection.socket, r.frame);
    return true;
  }

  // ---- channel statistics ----

  private async queryPresence(noticeId: string) {
    await this.ring({ t: "presenceQuery", n: noticeId, o: this.instanceId });
  }

  /** Tells everyone (here and on the other instances) who is online here; `broadcast` also sends statistics. */
  private async publishPresence(noticeId: string, broadcast: boolean) {
    const p = this.registry.presence(noticeId);
    const notice: LiveNotice = { t: "presence", n: noticeId, s: p.suppliers, a: p.auctioneers };
    if (broadcast) await this.publish(notice);
    else await this.ring({ ...notice, o: this.instanceId });
  }

  private async broadcastStatistics(noticeId: string) {
    const stats = await this.statistics(noticeId);
    this.registry.fanOut(noticeId, "CHANNEL_STATISTICS", () => stats);
  }

  /**
   * CHANNEL_STATISTICS (trading-room §3 "Room state"): suppliers online and, per lot, the bidders
   * (a live initial proposal in it), by anonymous number only whatever the phase, and whether an
   * auctioneer is online on any instance.
   */
  async statistics(noticeId: string) {
    const local = this.registry.presence(noticeId);
    const online = new Set(local.suppliers);
    let auctioneers = local.auctioneers;
    for (const p of this.remote.get(noticeId)?.values() ?? []) {
      for (const n of p.suppliers) online.add(n);
      auctioneers += p.auctioneers;
    }
    const bidders = await roomRepo.lotBidderNumbers(this.options.db, noticeId);
    return {
      auctionNoticeId: noticeId,
      isAuctioneerOnline: auctioneers > 0,
      onlineSuppliers: [...online]
        .sort((a, b) => a - b)
        .map((n) => ({ anonymousSupplierIdentificationNumber: n })),
      batchesWithAnonymousSuppliersNumbers: bidders.map((b) => ({
        batchId: b.batchId,
        anonymousSuppliersNumbers: b.numbers,
      })),
    };
  }
}
