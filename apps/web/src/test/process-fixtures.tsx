import {
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_SLUGS,
  type ProcessStepKind,
  processSteps,
} from "@certame/domain";
import { SESSION_QUERY_KEY } from "../features/auth/session";
import type { SessionUser } from "../features/auth/types";
import type { ProcessDetail, ProcessNotice, ProcessStep } from "../features/processes/api";
import { ProcessAdministrationPage } from "../features/processes/ProcessAdministrationPage";
import { auctioneer } from "./fixtures";
import { newQueryClient, renderRoutes } from "./render";

/** A step of app/process/read, pending and empty unless told otherwise. */
export function processStep(kind: ProcessStepKind, overrides: Partial<ProcessStep> = {}): ProcessStep {
  return {
    kind,
    label: PROCESS_STEP_KIND_LABELS[kind],
    slug: PROCESS_STEP_SLUGS[kind] ?? null,
    status: "PENDING",
    updatedDate: null,
    signatures: [],
    suppliers: [],
    ...overrides,
  };
}

/** app/process/read of a new process 'PA 21/2026' (p-21): its thirteen steps, no notice, no total. */
export function processDetail(overrides: Partial<ProcessDetail> = {}): ProcessDetail {
  return {
    id: "p-21",
    processNumber: "PA 21/2026",
    createdDate: "2026-11-20T13:00:00.000Z",
    processDate: "2026-11-20",
    status: "PROCESS_PENDING",
    isDeleted: false,
    secretaries: [],
    actions: ["EDIT", "DELETE"],
    steps: processSteps().map((kind) => processStep(kind)),
    auctionNotice: null,
    auctioneers: [],
    totalValue: null,
    ...overrides,
  };
}

/** The notice made from the process (n-1, 'PE 7/2026'), pending and up to date unless told otherwise. */
export function processNotice(overrides: Partial<ProcessNotice> = {}): ProcessNotice {
  return {
    id: "n-1",
    noticeNumber: "PE 7/2026",
    status: "PENDING",
    publishedDate: null,
    homologationDate: null,
    outOfDate: false,
    ...overrides,
  };
}

/**
 * /cadastrar/processos/p-21/edicao for a signed-in user (by default one who also edits notices: an
 * auctioneer), with a heading standing for each page its buttons open.
 */
export function renderAdministration(user: SessionUser = auctioneer) {
  const client = newQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, user);
  client.setQueryData(["public", "settings"], { environment: "test", version: "0.1.0" });
  return renderRoutes(
    [
      { path: "/cadastrar/processos", element: <h1>Criar Processo</h1> },
      { path: "/cadastrar/processos/:id/edicao", element: <ProcessAdministrationPage /> },
      { path: "/cadastrar/processos/:id/:segment", element: <h1>Etapa do processo</h1> },
      { path: "/cadastrar/editais/:id/:page", element: <h1>Página do edital</h1> },
      { path: "/sala-de-negociacao/:id", element: <h1>Sala de negociação</h1> },
      { path: "/visualizar-esclarecimentos/:id", element: <h1>Esclarecimentos</h1> },
    ],
    "/cadastrar/processos/p-21/edicao",
    client,
  );
}
