import {
  BRAZILIAN_STATES,
  getLawsClausesSchema,
  lawClauseListSchema,
  lawClausesFor,
  legislationListSchema,
  type SubModality,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { parseBody } from "../../http/errors";
import * as repo from "./reference.repository";

/** Reference lists behind the forms' selects (notices-and-accounts §7 "Reference lists and lookups"). */
export function referenceRoutes(app: FastifyInstance, db: Db) {
  app.post("/api/app/legislation/list", async (request) => {
    const { law } = parseBody(legislationListSchema, request.body);
    return { legislations: await repo.listLegislations(db, law) };
  });
  app.post("/api/app/lawClause/list", async (request) => {
    const { modality } = parseBody(lawClauseListSchema, request.body);
    const codes = lawClausesFor(modality).map((c) => c.code);
    const rows = await repo.listLawClausesByCodes(db, codes);
    return { lawsClauses: rows.map(({ id, name, legislationId }) => ({ id, name, legislationId })) };
  });
  app.post("/api/app/lawClause/getLawsClauses", async (request) => {
    const { modality, legislationId, subModality } = parseBody(getLawsClausesSchema, request.body);
    const codes = lawClausesFor(modality, { subModality: subModality as SubModality | undefined }).map(
      (c) => c.code,
    );
    const rows = await repo.listLawClausesByCodes(db, codes, legislationId);
    return rows.map(({ id, name }) => ({ id, name }));
  });
  app.post("/api/app/measurementUnit/list", async () => ({
    measurementUnits: await repo.listMeasurementUnits(db),
  }));
  // The 27 states are fixed; served publicly because the public notice filter uses them too.
  app.post("/api/public/state/list", async () => ({ states: BRAZILIAN_STATES }));
}
