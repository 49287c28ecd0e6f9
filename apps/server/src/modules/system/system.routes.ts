import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { DatabaseMonitor } from "../../db/availability";
import { devOutboxEnabled } from "../../integrations/mail/outbox.routes";

/** How long readiness waits for the database before it answers 503. */
export const HEALTH_TIMEOUT_MS = 2000;

export function systemRoutes(app: FastifyInstance, monitor: DatabaseMonitor, config: Config) {
  // Readiness (DESIGN §2): 503 while PostgreSQL cannot be reached, so a load balancer takes the
  // instance out of rotation; each call asks the database again, so it is back as soon as it is.
  app.get("/api/health", async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
    });
    const up = await Promise.race([monitor.ping(), timeout]).finally(() => clearTimeout(timer));
    // No answer in time is an outage too (a host that takes connections and answers nothing).
    if (!up) monitor.report(new Error(`timeout expired: PostgreSQL sem resposta em ${HEALTH_TIMEOUT_MS} ms`));
    if (up) return { status: "ok", db: "ok", database: "ok", version: config.version };
    return reply.status(503).send({ status: "degraded", database: "unavailable", version: config.version });
  });
  // Liveness: the process runs and answers; never the database's state (an orchestrator that
  // restarted the instance for a database outage would only add a second outage).
  app.get("/api/health/live", async () => ({ status: "ok", version: config.version }));
  // devOutbox: the web shows platform staff the local outbox page (/caixa-de-saida) when it exists;
  // planningInProduction: the menu applies the server's rule (domain isPlanningHidden).
  app.get("/api/public/settings", async () => ({
    environment: config.appEnv,
    version: config.version,
    devOutbox: devOutboxEnabled(config),
    planningInProduction: config.planningInProduction,
  }));
}
