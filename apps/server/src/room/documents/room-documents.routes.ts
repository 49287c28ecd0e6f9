import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { DocumentAssociationKind } from "../../db/schema";
import type { FileStorage } from "../../files/file-storage";
import { XLSX_MIME } from "../../files/spreadsheet";
import { zipStream } from "../../files/zip-stream";
import { notFound, parseBody } from "../../http/errors";
import { safeFileName, sendFile } from "../../http/send-file";
import { isUuid } from "../../http/uuid";
import { currentUser } from "../../modules/auth/auth.plugin";
import { anonymousSupplierName } from "../state/audience";
import {
  DOCUMENT_NOT_FOUND,
  DOWNLOAD_TITLES,
  downloadSchema,
  listSchema,
  queryOf,
  type RoomDocumentsService,
} from "./room-documents.service";

/** The list calls of trading-room §7 "Document lists" and the association kind each one reads. */
const LISTS: [string, DocumentAssociationKind | undefined][] = [
  ["listQualificationDocumentByUser", undefined],
  ["listTechnicalDataSheets", "TECHNICAL_DATA_SHEET"],
  ["listProposalDocument", "PROPOSAL_DOCUMENT"],
  ["listTechnicalProposalDocument", "TECHNICAL_PROPOSAL_DOCUMENT"],
];

/** The download calls of §7 "Document downloads" (each with its /zip variant). */
const DOWNLOADS: [string, DocumentAssociationKind][] = [
  ["qualificationDocuments/download", "QUALIFICATION_DOCUMENT"],
  ["technicalDataSheet/download", "TECHNICAL_DATA_SHEET"],
  ["downloadProposalDocument/download", "PROPOSAL_DOCUMENT"],
  ["downloadTechnicalProposalDocument/download", "TECHNICAL_PROPOSAL_DOCUMENT"],
];

/** Documents in the room (trading-room §2.4, §2.7, §7) and the classification sheet. */
export function roomDocumentRoutes(
  app: FastifyInstance,
  documents: RoomDocumentsService,
  storage: FileStorage,
) {
  for (const [path, kind] of LISTS)
    app.post(`/api/app/auction/${path}`, async (request) =>
      documents.list(currentUser(request), queryOf(parseBody(listSchema, request.body), kind)),
    );
  app.post("/api/app/auction/listMyQualificationDocument", async (request) => {
    const { supplier: _, ...q } = queryOf(parseBody(listSchema, request.body));
    return documents.listMine(currentUser(request), q);
  });

  const download = async (
    reply: FastifyReply,
    body: unknown,
    kind: DocumentAssociationKind,
    zip: boolean,
    user: ReturnType<typeof currentUser>,
  ) => {
    const input = parseBody(downloadSchema, body);
    const { lot, documents: files } = await documents.files(
      user,
      queryOf(input, kind),
      input.qualificationDocuments,
    );
    const first = files[0];
    if (!first) throw notFound(DOCUMENT_NOT_FOUND);
    if (!zip && files.length === 1) {
      reply.header("content-length", first.row.sizeBytes);
      return sendFile(reply, first.row.name, first.row.mimeType, storage.read(first.row.storageKey));
    }
    // Entry names carry the anonymous number only: a zip outlives the phase it was taken in.
    const stream = zipStream(
      files.map((f) => ({
        name: safeFileName(`${anonymousSupplierName(f.anonymousNumber)} - ${f.row.name}`, 200),
        mtime: f.row.documentCreatedDate,
        open: () => storage.read(f.row.storageKey),
      })),
    );
    const title = `${DOWNLOAD_TITLES[kind]}${lot ? ` - Lote ${lot.number}` : ""}.zip`;
    return sendFile(reply, safeFileName(title), "application/zip", stream);
  };
  for (const [path, kind] of DOWNLOADS) {
    // One document: the file itself; several: a zip, so a multi-selection never fails.
    app.post(`/api/app/auction/${path}`, async (request, reply) =>
      download(reply, request.body, kind, false, currentUser(request)),
    );
    app.post(`/api/app/auction/${path}/zip`, async (request, reply) =>
      download(reply, request.body, kind, true, currentUser(request)),
    );
  }

  // 'Visualizar' opens the url in a new tab: the file inline, under the rules of its list.
  app.get<{ Params: { id: string }; Querystring: { batchId?: string } }>(
    "/api/app/auction/roomDocuments/:id",
    async (request, reply) => {
      const { id } = request.params;
      const batchId = request.query.batchId ?? null;
      if (!isUuid(id) || (batchId !== null && !isUuid(batchId))) throw notFound(DOCUMENT_NOT_FOUND);
      const doc = await documents.view(currentUser(request), id, batchId);
      const encoded = encodeURIComponent(doc.row.name);
      reply.header("content-type", doc.row.mimeType);
      reply.header("content-length", doc.row.sizeBytes);
      reply.header("x-suggested-filename", encoded);
      reply.header("content-disposition", `inline; filename*=UTF-8''${encoded}`);
      return reply.send(storage.read(doc.row.storageKey));
    },
  );

  // The classification sheet by notice id (§7, path not shown): an .xlsx of the lots it is open for.
  app.post("/api/app/auction/classificationSheet/download", async (request, reply) => {
    const { auctionNoticeId } = parseBody(z.object({ auctionNoticeId: z.uuid() }), request.body);
    const sheet = await documents.classificationSheet(currentUser(request), auctionNoticeId);
    return sendFile(reply, sheet.fileName, XLSX_MIME, sheet.data);
  });
}
