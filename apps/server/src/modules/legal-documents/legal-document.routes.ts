import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import { notFound } from "../../http/errors";
import {
  MEMBERSHIP_TERMS_FILE_NAMES,
  type MembershipTermsKind,
  renderMembershipTerms,
} from "../registration/membership-terms";
import { renderPlatformRegulation } from "./platform-regulation";

/**
 * The legislation library's own documents (notices-and-accounts §2.1: "The site regulation" and
 * "The adhesion contracts for a legal entity (PJ), for an individual (PF) and for a promoting
 * body"), drawn by the platform from its templates; the terms are the blank models.
 */
export const LEGAL_DOCUMENTS: Record<
  string,
  { fileName: string; render: (issuedAt: Date) => Promise<Buffer> }
> = {
  "regulamento-da-plataforma": {
    fileName: "regulamento-da-plataforma-certame.pdf",
    render: renderPlatformRegulation,
  },
  ...Object.fromEntries(
    (
      [
        ["termo-de-adesao-pj", "SUPPLIER_LEGAL_PERSON"],
        ["termo-de-adesao-pf", "SUPPLIER_INDIVIDUAL"],
        ["termo-de-adesao-orgao-promotor", "BUYER"],
      ] as const
    ).map(([slug, kind]: readonly [string, MembershipTermsKind]) => [
      slug,
      {
        fileName: MEMBERSHIP_TERMS_FILE_NAMES[kind],
        render: (issuedAt: Date) => renderMembershipTerms(kind, null, issuedAt),
      },
    ]),
  ),
};

export const LEGAL_DOCUMENT_NOT_FOUND = "Documento não encontrado.";

export function legalDocumentRoutes(app: FastifyInstance, clock: Clock) {
  app.get<{ Params: { slug: string } }>("/api/public/legal-documents/:slug", async (request, reply) => {
    const document = Object.hasOwn(LEGAL_DOCUMENTS, request.params.slug)
      ? LEGAL_DOCUMENTS[request.params.slug]
      : undefined;
    if (!document) throw notFound(LEGAL_DOCUMENT_NOT_FOUND);
    const pdf = await document.render(clock());
    const name = encodeURIComponent(document.fileName);
    // Opened in the browser's own viewer from the library (inline), still with its download name.
    return reply
      .header("content-type", "application/pdf")
      .header("x-suggested-filename", name)
      .header("content-disposition", `inline; filename*=UTF-8''${name}`)
      .header("cache-control", "no-cache")
      .send(pdf);
  });
}
