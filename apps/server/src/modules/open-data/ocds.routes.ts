import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { OcdsService } from "./ocds.service";

export const OCDS_EXPORT_FILE_NAME = "certame-ocds-releases.jsonl.gz";

/** Open data in OCDS 1.1 (issue 19 item 6): public, read-only, no session. */
export function ocdsRoutes(app: FastifyInstance, ocds: OcdsService) {
  app.get("/api/public/ocds/releases", (request) => ocds.releasePage(request.query));
  app.get("/api/public/ocds/releases/:ocid", (request) => ocds.releasePackage(request.params));
  app.get("/api/public/ocds/records/:ocid", (request) => ocds.recordPackage(request.params));
  app.get("/api/public/ocds/releases.jsonl.gz", (_request, reply) => {
    const gzip = createGzip();
    // A failure while reading ends the download early (the gzip is then truncated, never a 200 that looks whole).
    pipeline(ocds.exportLines(), gzip, (error) => {
      if (error) app.log.error({ err: error }, "OCDS export interrupted");
    });
    return reply
      .header("content-type", "application/gzip")
      .header("x-suggested-filename", OCDS_EXPORT_FILE_NAME)
      .header("content-disposition", `attachment; filename="${OCDS_EXPORT_FILE_NAME}"`)
      .send(gzip);
  });
}
