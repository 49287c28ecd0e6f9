import { PROCESS_NOT_FOUND_MESSAGE } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MIME,
  type DocumentFormat,
  type IssuedDocument,
  renderDocument,
} from "../../files/document-file";
import { notFound } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { type Planner, requirePlanner } from "./process.policy";

/**
 * GET `${base}/pdf/:processId` and `${base}/docx/:processId` (route rows 'planning'): a document of
 * the process as PDF and as Word ('Baixar arquivo em Word', planning §2.3), both from one model (or
 * only the formats given: the budget's Word file is the price research report of app/report/priceSearch).
 */
export function processDocumentRoutes(
  app: FastifyInstance,
  base: string,
  load: (planner: Planner, processId: string) => Promise<IssuedDocument>,
  formats: readonly DocumentFormat[] = DOCUMENT_FORMATS,
) {
  for (const format of formats)
    app.get<{ Params: { processId: string } }>(`${base}/${format}/:processId`, async (request, reply) => {
      const planner = requirePlanner(request);
      if (!isUuid(request.params.processId)) throw notFound(PROCESS_NOT_FOUND_MESSAGE);
      const doc = await load(planner, request.params.processId);
      return sendFile(reply, doc.fileName(format), DOCUMENT_MIME[format], await renderDocument(doc, format));
    });
}
