import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseBody } from "../http/errors";
import type { TestClockService } from "./test-clock.service";

/** At most a year per move: a typo of a few zeros would otherwise jump centuries. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

export const clockMoveSchema = z
  .object({
    at: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS).optional(),
  })
  .strict()
  .refine((b) => (b.at === undefined) !== (b.advanceMs === undefined), {
    message: "Informe 'at' (instante ISO) ou 'advanceMs' (milissegundos), um dos dois.",
    path: ["at"],
  });

/**
 * Registered only with TEST_CLOCK=1 (never in production, config.ts refuses it): without it these
 * paths do not exist and answer the API's 404.
 */
export function testClockRoutes(app: FastifyInstance, clock: TestClockService) {
  app.get("/api/test/clock", async () => clock.read());
  app.post("/api/test/clock", async (request) => {
    const input = parseBody(clockMoveSchema, request.body);
    return clock.move({ at: input.at ? new Date(input.at) : undefined, advanceMs: input.advanceMs });
  });
}
