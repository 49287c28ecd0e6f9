import {
  auctionBatchBulkUpdateSchema,
  auctionBatchDeleteSchema,
  auctionBatchListSchema,
  auctionBatchSaveSchema,
  auctionNoticeIdSchema,
} from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { receiveMultipartFile, sendWorkbook } from "../../files/spreadsheet";
import { parseBody } from "../../http/errors";
import { currentUser, requireBuyer } from "../auth/auth.plugin";
import type { LotService } from "./lot.service";
import { LOT_TEMPLATE_FILE_NAME } from "./lot-spreadsheet";

function buyerUser(request: FastifyRequest) {
  const { user, buyer } = requireBuyer(request);
  return { ...user, buyer };
}

/**
 * Lots of a notice (notices-and-accounts §7 "Lots of a notice": paths not shown by the spec, so
 * named here in the same style under app/auctionBatch/).
 */
export function lotRoutes(app: FastifyInstance, lots: LotService) {
  app.post("/api/app/auctionBatch/list", async (request) => {
    const input = parseBody(auctionBatchListSchema, {
      ...(request.query as object),
      ...(request.body as object),
    });
    return lots.list(currentUser(request), input.auctionNoticeId, input.hasPagination ? input : undefined);
  });
  // The body is the array of lot payloads (§7); the notice goes in the query string.
  app.post("/api/app/auctionBatch/save", async (request) => {
    const user = buyerUser(request);
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, request.query);
    return lots.save(user, auctionNoticeId, parseBody(auctionBatchSaveSchema, request.body));
  });
  app.post("/api/app/auctionBatch/delete", async (request) => {
    const user = buyerUser(request);
    return lots.delete(user, parseBody(auctionBatchDeleteSchema, request.body).batchId);
  });
  app.post("/api/app/auctionBatch/deleteAll", async (request) => {
    const user = buyerUser(request);
    return lots.deleteAll(user, parseBody(auctionNoticeIdSchema, request.body).auctionNoticeId);
  });
  app.post("/api/app/auctionBatch/bulkUpdate", async (request) => {
    const user = buyerUser(request);
    return lots.bulkUpdate(user, parseBody(auctionBatchBulkUpdateSchema, request.body));
  });
  // multipart: file, and auctionNoticeId as a field or in the query string.
  app.post("/api/app/auctionBatch/import", async (request) => {
    const user = buyerUser(request);
    const file = await receiveMultipartFile(request);
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, {
      ...file.fields,
      ...(request.query as object),
    });
    return lots.import(user, auctionNoticeId, file.bytes);
  });
  app.post("/api/app/auctionBatch/template", async (request, reply) => {
    const user = buyerUser(request);
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, {
      ...(request.query as object),
      ...(request.body as object),
    });
    const { workbook } = await lots.template(user, auctionNoticeId);
    return sendWorkbook(reply, workbook, LOT_TEMPLATE_FILE_NAME);
  });
}
