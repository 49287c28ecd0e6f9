import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { devOutboxEnabled } from "../../integrations/mail/outbox.routes";

export function systemRoutes(app: FastifyInstance, db: Db, config: Config) {
  app.get("/api/health", async (_request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: "ok", db: "ok", version: config.version };
    } catch {
      return reply.status(503).send({ status: "degraded", db: "error", version: config.version });
    }
  });
  // devOutbox: the web shows platform staff the local outbox page (/caixa-de-saida) when it exists.
  app.get("/api/public/settings", async () => ({
    environment: config.appEnv,
    version: config.version,
    devOutbox: devOutboxEnabled(config),
  }));
}
