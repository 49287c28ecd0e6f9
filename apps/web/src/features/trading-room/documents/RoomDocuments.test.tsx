import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/fetch-mock";
import { renderWithMantine } from "../../../test/render";
import {
  bid,
  citizenRegistered,
  ROOM_NOTICE_ID,
  registered,
  roomLot,
  roomNotice,
  supplierRegistered,
} from "../../../test/room-fixtures";
import { BidTable } from "../bids/BidTable";
import { initialRoomState, type RoomState, roomReducer } from "../live/room-state";
import type { RegisteredData, RoomLot } from "../types";
import type { RoomDocumentItem } from "./room-documents-api";

// Titles over 30 characters are cut in the header (AppModal), so long dialog names are matched by prefix.
// The bid table's document controls (trading-room §2.4) and the viewing modals of §2.7, with the
// room state built from REGISTERED and the server calls of §7 answered by a fetch mock.

const NOW = new Date("2026-03-10T12:00:00.000Z");
const LIST = "POST /api/app/auction/listQualificationDocumentByUser";

function stateOf(data: RegisteredData, lot1: Partial<RoomLot>): RoomState {
  const notice = { ...data.auctionNotice, batches: [roomLot(1, lot1), roomLot(2)] };
  const s = roomReducer(initialRoomState, {
    type: "registered",
    data: { ...data, auctionNotice: notice },
    receivedAt: NOW.getTime(),
  });
  return roomReducer(s, {
    type: "bidsLoaded",
    lotId: "lot-1",
    bids: [
      bid(1, 2800, { isOwn: data.anonymousSupplierIdentificationNumber === 1 }),
      bid(2, 2750, { nameToScreen: "Carvalho Distribuidora" }),
    ],
  });
}

function renderTable(data: RegisteredData, lot1: Partial<RoomLot> = {}) {
  renderWithMantine(
    <BidTable
      state={stateOf(data, lot1)}
      now={NOW}
      onSelectBid={vi.fn()}
      send={vi.fn(() => true)}
      request={vi.fn(async () => ({ ok: true as const, data: {} }))}
    />,
  );
}

function item(id: string, name: string, createdDate: string, n = 2): RoomDocumentItem {
  return {
    id,
    kindAssociation: "QUALIFICATION_DOCUMENT",
    createdDate,
    supplierName: "Carvalho Distribuidora",
    anonymousSupplierIdentificationNumber: n,
    isOwn: false,
    label: `Regularidade relativa ao FGTS - Licitante Carvalho Distribuidora - ${name}`,
    document: {
      id: `doc-${id}`,
      name,
      url: `/api/app/auction/roomDocuments/${id}?batchId=lot-1`,
      description: "Licitante Carvalho Distribuidora",
      kind: "FGTS_CLEARANCE",
      createdDate,
    },
  };
}

const QUALIFICATION = { phase: "QUALIFICATION" as const, isConfidentialPhase: false };
const NEGOTIATION = { phase: "NEGOTIATION" as const, isConfidentialPhase: false };

beforeEach(() => {
  // saveFile hands the blob to the browser through an object URL (absent from the test DOM).
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("'Documentos de habilitação anexados' (§2.7)", () => {
  it("opens a bidder's documents from its row, all preselected, with 'Visualizar' in a new tab and 'Baixar' as one file or a zip", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [LIST]: () => ({
        body: {
          qualificationDocumentsAssociated: [
            item("a1", "fgts.pdf", "2026-03-01T12:00:00.000Z"),
            item("a2", "cndt.pdf", "2026-03-02T12:00:00.000Z"),
          ],
        },
      }),
      "POST /api/app/auction/qualificationDocuments/download/zip": () => ({ body: {} }),
      "POST /api/app/auction/qualificationDocuments/download": () => ({ body: {} }),
    });
    renderTable(citizenRegistered(), QUALIFICATION);

    await user.click(
      screen.getByRole("button", { name: "Documentos de habilitação anexados: Carvalho Distribuidora" }),
    );
    const dialog = await screen.findByRole("dialog", { name: /^Documentos de habilitação anex/ });
    expect(calls.find((c) => c.path.endsWith("listQualificationDocumentByUser"))?.body).toEqual({
      auctionNotice: ROOM_NOTICE_ID,
      batch: "lot-1",
      kindAssociation: "QUALIFICATION_DOCUMENT",
      anonymousSupplierIdentificationNumber: 2,
    });
    const fgts = within(dialog).getByRole("checkbox", {
      name: "Regularidade relativa ao FGTS - Licitante Carvalho Distribuidora - fgts.pdf",
    });
    expect(fgts).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Selecionar todos" })).toBeChecked();
    const [view] = within(dialog).getAllByRole("link", { name: "Visualizar" });
    expect(view).toHaveAttribute("href", "/api/app/auction/roomDocuments/a1?batchId=lot-1");
    expect(view).toHaveAttribute("target", "_blank");

    await user.click(within(dialog).getByRole("button", { name: "Baixar" }));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe("/api/app/auction/qualificationDocuments/download/zip"),
    );
    expect(calls.at(-1)?.body).toEqual({
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
      qualificationDocuments: ["a1", "a2"],
      anonymousSupplierIdentificationNumber: 2,
    });

    // One document left selected: the file itself.
    await user.click(within(dialog).getByRole("checkbox", { name: /cndt\.pdf$/ }));
    expect(within(dialog).getByRole("checkbox", { name: "Selecionar todos" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Baixar" }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe("/api/app/auction/qualificationDocuments/download"));
    expect(calls.at(-1)?.body).toMatchObject({ qualificationDocuments: ["a1"] });

    // 'Selecionar todos' clears, and 'Baixar' waits for a selection.
    await user.click(within(dialog).getByRole("checkbox", { name: "Selecionar todos" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Selecionar todos" }));
    expect(fgts).not.toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Baixar" })).toBeDisabled();
  });

  it("shows a 403 as the 'Alerta' warning with the server's text, and no modal", async () => {
    const user = userEvent.setup();
    mockApi({
      [LIST]: () => ({
        status: 403,
        body: { message: "Os documentos deste licitante ainda não podem ser vistos." },
      }),
    });
    // A supplier in CLOSED_FOR_OFFERS: its own row's icon only.
    renderTable(supplierRegistered(), { phase: "CLOSED_FOR_OFFERS" });
    expect(
      screen.queryByRole("button", { name: "Documentos de habilitação anexados: Carvalho Distribuidora" }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Documentos de habilitação anexados: Licitante 1" }));
    expect(await screen.findByText("Alerta")).toBeInTheDocument();
    expect(screen.getByText("Os documentos deste licitante ainda não podem ser vistos.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says 'Nenhum arquivo anexado no momento' when the bidder sent none", async () => {
    const user = userEvent.setup();
    mockApi({ [LIST]: () => ({ body: { qualificationDocumentsAssociated: [] } }) });
    renderTable(registered(), QUALIFICATION);
    await user.click(screen.getByRole("button", { name: "Documentos de habilitação anexados: Licitante 1" }));
    const dialog = await screen.findByRole("dialog", { name: /^Documentos de habilitação anex/ });
    expect(within(dialog).getByText("Nenhum arquivo anexado no momento")).toBeInTheDocument();
  });
});

describe("'Propostas Anexadas' and the §2.4 buttons", () => {
  it("lists every bidder's proposals with a header row sortable by Arquivo and Data", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auction/listProposalDocument": () => ({
        body: {
          qualificationDocumentsAssociated: [
            {
              ...item("p1", "b-proposta.pdf", "2026-03-01T12:00:00.000Z"),
              label: "Proposta inicial - Licitante 1 - b-proposta.pdf",
            },
            {
              ...item("p2", "a-proposta.pdf", "2026-03-03T12:00:00.000Z"),
              label: "Proposta inicial - Licitante 2 - a-proposta.pdf",
            },
          ],
        },
      }),
    });
    renderTable(citizenRegistered(), NEGOTIATION);
    await user.click(screen.getByRole("button", { name: "Propostas" }));
    const dialog = await screen.findByRole("dialog", { name: "Propostas Anexadas" });
    const order = () =>
      within(dialog)
        .getAllByRole("checkbox")
        .slice(1)
        .map((c) => c.getAttribute("aria-label")?.split(" - ")[2]);
    expect(order()).toEqual(["b-proposta.pdf", "a-proposta.pdf"]);
    await user.click(within(dialog).getByRole("button", { name: "Arquivo" }));
    expect(order()).toEqual(["a-proposta.pdf", "b-proposta.pdf"]);
    await user.click(within(dialog).getByRole("button", { name: /^Data/ }));
    await user.click(within(dialog).getByRole("button", { name: /^Data/ }));
    expect(order()).toEqual(["a-proposta.pdf", "b-proposta.pdf"]);
  });

  it("offers 'Baixar planilha de classificação' from negotiation on and downloads it by notice id", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "POST /api/app/auction/classificationSheet/download": () => ({ body: {} }) });
    renderTable(citizenRegistered(), NEGOTIATION);
    await user.click(screen.getByRole("button", { name: "Baixar planilha de classificação" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: "/api/app/auction/classificationSheet/download",
      body: { auctionNoticeId: ROOM_NOTICE_ID },
    });
  });

  it("shows the server's message when the sheet cannot be downloaded", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auction/classificationSheet/download": () => ({
        status: 403,
        body: { message: "Sem lotes" },
      }),
    });
    renderTable(citizenRegistered(), NEGOTIATION);
    await user.click(screen.getByRole("button", { name: "Baixar planilha de classificação" }));
    expect(await screen.findByText("Sem lotes")).toBeInTheDocument();
  });

  it("hides the document buttons before the phases that open them", () => {
    renderTable(citizenRegistered(), { phase: "CLOSED_FOR_OFFERS" });
    for (const name of ["Propostas", "Baixar planilha de classificação", "Certidões", "Ficha Técnica"])
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Documentos de Habilitação" })).not.toBeInTheDocument();
  });

  it("opens 'Ficha técnica anexada' only where the old modalities show the data sheet and the notice asks for one", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auction/listTechnicalDataSheets": () => ({
        body: { qualificationDocumentsAssociated: [] },
      }),
    });
    const data = registered({
      auctionNotice: {
        ...roomNotice({ modality: "PRICES_SUBMISSION" }),
        isTechnicalDataSheetAttachmentRequired: 1,
      } as RegisteredData["auctionNotice"],
    });
    renderTable(data, { phase: "QUALIFICATION", isConfidentialPhase: false });
    await user.click(screen.getByRole("button", { name: "Ficha Técnica" }));
    expect(await screen.findByRole("dialog", { name: "Ficha técnica anexada" })).toBeInTheDocument();
  });
});

describe("'Links Para Consulta de Certidões' (§2.4)", () => {
  it("lists the 7 federal links and the 27 state sites (Estado, Sigla, Site) for the officials", async () => {
    const user = userEvent.setup();
    renderTable(registered(), NEGOTIATION);
    await user.click(screen.getByRole("button", { name: "Certidões" }));
    const dialog = await screen.findByRole("dialog", { name: /^Links Para Consulta de Certid/ });
    const states = within(dialog).getByRole("table", { name: "Certidões estaduais" });
    expect(
      within(states)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Estado", "Sigla", "Site"]);
    const rows = within(states).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(27);
    expect(within(rows[6] as HTMLElement).getByText("Distrito Federal")).toBeInTheDocument();
    const links = within(dialog).getAllByRole("link");
    expect(links).toHaveLength(7 + 27);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }
    expect(
      within(dialog).getByRole("link", { name: "Certificado de Regularidade do FGTS (CRF)" }),
    ).toBeInTheDocument();
  });

  it("is not offered to a citizen (§6 SHOW_CERTIFICATES: officials and staff)", () => {
    renderTable(citizenRegistered(), NEGOTIATION);
    expect(screen.queryByRole("button", { name: "Certidões" })).not.toBeInTheDocument();
  });
});
