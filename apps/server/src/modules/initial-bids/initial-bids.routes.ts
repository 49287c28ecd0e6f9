import {
  auctionNoticeIdSchema,
  initialBidBatchesSchema,
  initialBidTemplateSchema,
  saveInitialBidsSchema,
} from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { receiveMultipartFile, sendWorkbook } from "../../files/spreadsheet";
import { parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { currentUser } from "../auth/auth.plugin";
import type { InitialBidsService } from "./initial-bids.service";

const bodyOf = (request: FastifyRequest) => ({
  ...(request.query as object),
  ...(request.body as object),
});

/** A multipart field as JSON when it parses (booleans, arrays), else the text. */
function fieldValue(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The initial-bids screen (trading-room §7 "Initial bids screen (paths not shown)"), named here in
 * the style of the others under app/initialBids/, plus the two supplier checks the spec names.
 */
export function initialBidsRoutes(app: FastifyInstance, service: InitialBidsService) {
  app.post("/api/app/supplier/getIsEnabledSupplier", async (request) => {
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, bodyOf(request));
    return service.isEnabledSupplier(currentUser(request), auctionNoticeId);
  });
  app.post("/api/app/supplier/getIsPreQualifiedSupplier", async (request) => {
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, bodyOf(request));
    return service.isPreQualifiedSupplier(currentUser(request), auctionNoticeId);
  });
  app.post("/api/app/initialBids/read", async (request) => {
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, bodyOf(request));
    return service.read(currentUser(request), auctionNoticeId);
  });
  app.post("/api/app/initialBids/batches", async (request) => {
    const input = parseBody(initialBidBatchesSchema, bodyOf(request));
    return service.batches(currentUser(request), input);
  });
  // The notice's qualification association by {id} (§7), with the supplier's process files.
  app.post("/api/app/initialBids/qualificationAssociation", async (request) => {
    const body = bodyOf(request) as { id?: unknown; auctionNoticeId?: unknown };
    const { auctionNoticeId } = parseBody(auctionNoticeIdSchema, {
      auctionNoticeId: body.auctionNoticeId ?? body.id,
    });
    return service.documents(currentUser(request), auctionNoticeId);
  });
  // The save answers the receipt as a file (the client reads it as a blob; errors are JSON).
  app.post("/api/app/initialBids/save", async (request, reply) => {
    const input = parseBody(saveInitialBidsSchema, request.body);
    const file = await service.save(currentUser(request), input);
    return sendFile(reply, file.fileName, file.contentType, file.data);
  });
  // multipart: file, plus the save's fields (JSON values as text); answers the receipt.
  app.post("/api/app/initialBids/import", async (request, reply) => {
    const user = currentUser(request);
    const received = await receiveMultipartFile(request);
    const fields = Object.fromEntries(Object.entries(received.fields).map(([k, v]) => [k, fieldValue(v)]));
    const input = parseBody(saveInitialBidsSchema.omit({ bidData: true }), {
      ...(request.query as object),
      ...fields,
    });
    const file = await service.import(user, input, received.bytes);
    return sendFile(reply, file.fileName, file.contentType, file.data);
  });
  app.post("/api/app/initialBids/template", async (request, reply) => {
    const input = parseBody(initialBidTemplateSchema, bodyOf(request));
    const { workbook, fileName } = await service.template(
      currentUser(request),
      input.auctionNoticeId,
      input.canApplyAutomaticBid,
    );
    return sendWorkbook(reply, workbook, fileName);
  });
}
