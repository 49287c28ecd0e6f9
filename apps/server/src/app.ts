import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { FileStorage } from "./files/file-storage";
import { UPLOAD_MAX_BYTES } from "./files/sniff";
import { errorHandler } from "./http/errors";
import { ReceitaWsCnpjLookup } from "./integrations/cnpj/cnpj-lookup";
import type { LiveBus } from "./live/live-bus";
import { LocalLiveBus } from "./live/live-bus";
import { LiveChannel } from "./live/live-channel";
import { registerAuth } from "./modules/auth/auth.plugin";
import { authRoutes } from "./modules/auth/auth.routes";
import { AuthService } from "./modules/auth/auth.service";
import { buyerRoutes } from "./modules/buyers/buyer.routes";
import { chatRoutes } from "./modules/chat/chat.routes";
import { ChatService } from "./modules/chat/chat.service";
import { downloadRoutes } from "./modules/downloads/download.routes";
import { lotRoutes } from "./modules/lots/lot.routes";
import { LotService } from "./modules/lots/lot.service";
import { noticeDocumentRoutes } from "./modules/notice-documents/notice-document.routes";
import { noticeRoutes } from "./modules/notices/notice.routes";
import { NoticeService } from "./modules/notices/notice.service";
import { noticeLifecycleRoutes } from "./modules/notices/notice-lifecycle.routes";
import { productRoutes } from "./modules/products/product.routes";
import { ProductService } from "./modules/products/product.service";
import { referenceRoutes } from "./modules/reference/reference.routes";
import { roomRoutes } from "./modules/room/room.routes";
import { RoomService } from "./modules/room/room.service";
import { supplierRoutes } from "./modules/suppliers/supplier.routes";
import { SupplierService } from "./modules/suppliers/supplier.service";
import { systemRoutes } from "./modules/system/system.routes";
import { uploadRoutes } from "./modules/uploads/upload.routes";
import { winnerRoutes } from "./modules/winners/winner.routes";
import { WinnerService } from "./modules/winners/winner.service";

declare module "fastify" {
  interface FastifyInstance {
    /** The live channel (/api/ws) of this instance. */
    live: LiveChannel;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Cross-instance bus of the live channel (main.ts: PostgreSQL or Redis); a single instance by default. */
  bus?: LiveBus;
  /** Ping interval of the live channel (tests shorten it). */
  liveHeartbeatMs?: number;
}

/** Builds the HTTP application; `main.ts` listens, tests call `inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  bus,
  liveHeartbeatMs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 2 * 1024 * 1024, trustProxy: true });
  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  const storage = new FileStorage(path.join(config.dataDir, "files"));
  const auth = new AuthService(db);
  registerAuth(app, auth);

  systemRoutes(app, db, config);
  authRoutes(app, auth, config.publicUrl.startsWith("https://"));
  const notices = new NoticeService(db);
  noticeRoutes(app, notices);
  noticeLifecycleRoutes(app, db);
  noticeDocumentRoutes(app, db, storage);
  downloadRoutes(app, db, storage);
  referenceRoutes(app, db);
  buyerRoutes(app, db);
  uploadRoutes(app, db, storage);
  lotRoutes(app, new LotService(db));
  winnerRoutes(app, new WinnerService(db));
  productRoutes(app, new ProductService(db));
  supplierRoutes(app, new SupplierService(db, new ReceitaWsCnpjLookup(config.cnpjBaseUrl)));

  // The trading room: room state and lot phases, chat, and the live channel at /api/ws.
  const room = new RoomService(db, notices);
  const live = new LiveChannel({
    db,
    auth,
    room,
    bus: bus ?? new LocalLiveBus(),
    heartbeatMs: liveHeartbeatMs,
  });
  const chat = new ChatService(db, room, live);
  live.setChat(chat);
  app.decorate("live", live);
  roomRoutes(app, room);
  chatRoutes(app, chat);
  await live.attach(app.server);
  app.addHook("preClose", async () => live.stop());

  const hasWeb = existsSync(path.join(config.webDistDir, "index.html"));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: true,
      // Hashed bundles never change; everything else is revalidated.
      setHeaders: (res, filePath) =>
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the single-page app; unknown API paths a JSON 404.
    if (hasWeb && request.method === "GET" && !request.url.startsWith("/api/")) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ message: "Recurso não encontrado." });
  });
  return app;
}
