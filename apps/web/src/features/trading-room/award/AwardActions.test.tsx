import type { LotPhase } from "@certame/domain";
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/fetch-mock";
import { renderWithMantine } from "../../../test/render";
import {
  bid,
  ROOM_NOTICE_ID,
  registered,
  roomLot,
  roomNotice,
  supplierRegistered,
} from "../../../test/room-fixtures";
import { ControlPanel } from "../control/ControlPanel";
import { initialRoomState, type RoomState, roomReducer } from "../live/room-state";
import type { ActionAnswer } from "../live/useTradingRoom";
import type { RegisteredData, RoomLot } from "../types";
import type { AwardLotFields } from "./award-state";

// The winner's documents in the action panel (trading-room §2.3, §2.6, §5 "Room modals", §6, §8),
// wired as the room wires them: ControlPanel with a room state built from REGISTERED, `request`
// answering like the server, the app/supplier/* calls mocked at fetch.

const NOW = new Date("2026-03-10T12:05:00.000Z");

function stateOf(data: RegisteredData): RoomState {
  return roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
}

function renderPanel(data: RegisteredData, answer?: ActionAnswer) {
  const request = vi.fn(
    async (event: string, _data: unknown) => answer ?? { ok: true as const, data: { event } },
  );
  renderWithMantine(
    <ControlPanel state={stateOf(data)} now={NOW} send={vi.fn(() => true)} request={request} />,
  );
  return { request };
}

/** Lot 1 in `phase`, won by Licitante `winner`. */
const lotIn = (phase: LotPhase, winner: number | null, extra: AwardLotFields = {}) =>
  ({
    ...roomLot(1, { phase, isConfidentialPhase: false }),
    winner: winner === null ? null : { anonymousSupplierIdentificationNumber: winner },
    ...extra,
  }) as RoomLot;

const supplier = (phase: LotPhase, winner: number | null, extra: AwardLotFields = {}) =>
  supplierRegistered({
    auctionNotice: roomNotice({ batches: [lotIn(phase, winner, extra), roomLot(2)] }),
    anonymousSupplierIdentificationNumber: 1,
  });
const auctioneer = (phase: LotPhase, extra: AwardLotFields = {}) =>
  registered({ auctionNotice: roomNotice({ batches: [lotIn(phase, 1, extra), roomLot(2)] }) });

const awardButtons = () => {
  const group = screen.queryByRole("group", { name: "Documentos do vencedor" });
  return group
    ? within(group)
        .queryAllByRole("button")
        .map((b) => b.textContent)
    : [];
};

async function uploadInto(modal: HTMLElement, user: ReturnType<typeof userEvent.setup>, name: string) {
  const input = modal.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("sem campo de arquivo");
  await user.upload(input, new File(["%PDF-1.4"], name, { type: "application/pdf" }));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("the winner's buttons (§2.3, §6 winner only)", { timeout: 20_000 }, () => {
  it("the winner gets the readjusted proposal in NEGOTIATION (new modality); another bidder does not", () => {
    renderPanel(supplier("NEGOTIATION", 1));
    expect(awardButtons()).toEqual(["Anexar proposta readequada e outros documentos"]);
  });

  it("a bidder that did not win sees none", () => {
    renderPanel(supplier("NEGOTIATION", 2));
    expect(awardButtons()).toEqual([]);
  });

  it("the winner gets the qualification documents in QUALIFICATION, not the readjusted proposal", () => {
    renderPanel(supplier("QUALIFICATION", 1));
    expect(awardButtons()).toEqual(["Anexar documentos de habilitação"]);
  });

  it("after the documents deadline the winner's button goes and the panel says it ended", () => {
    renderPanel(
      supplier("QUALIFICATION", 1, { attachingDocumentsEndingDateTime: "2026-03-10T12:00:00.000Z" }),
    );
    expect(awardButtons()).toEqual([]);
    expect(
      screen.getByText("Prazo para envio dos documentos encerrado em 10/03/2026 09:00"),
    ).toBeInTheDocument();
  });

  it("the auctioneer starts the proposals window in NEGOTIATION", () => {
    renderPanel(auctioneer("NEGOTIATION"));
    expect(awardButtons()).toEqual([
      "Iniciar Prazo Para envio das Propostas Ajustadas",
      "Visualizar documentos do vencedor",
      "Anexar arquivo ao Processo",
    ]);
  });

  it("with a running window neither start nor extend, and the panel shows its end", () => {
    renderPanel(
      auctioneer("QUALIFICATION", { attachingDocumentsEndingDateTime: "2026-03-10T14:00:00.000Z" }),
    );
    expect(awardButtons()).toEqual(["Visualizar documentos do vencedor", "Anexar arquivo ao Processo"]);
    expect(screen.getByText("Prazo para envio dos documentos: até 10/03/2026 11:00")).toBeInTheDocument();
  });

  it("once lapsed the officials may extend it", () => {
    renderPanel(
      auctioneer("QUALIFICATION", { attachingDocumentsEndingDateTime: "2026-03-10T12:00:00.000Z" }),
    );
    expect(awardButtons()).toEqual([
      "Prorrogar prazo de Recebimento dos documentos",
      "Visualizar documentos do vencedor",
      "Anexar arquivo ao Processo",
    ]);
  });
});

describe("'Anexar proposta readequada e outros documentos' (§2.6, §5: one file)", { timeout: 20_000 }, () => {
  it("requires the file, uploads it, attaches it and confirms the lot to the room", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/award/documents": () => ({
        body: { documents: [{ id: "a-0", kind: "READJUSTED_PROPOSAL", name: "proposta-v1.pdf" }] },
      }),
      "POST /api/upload": () => ({ body: { id: "f-1", url: "/api/app/file/f-1" } }),
      "POST /api/app/supplier/attachReadjustedProposal": () => ({
        body: { message: "Proposta readequada anexada com sucesso", documents: [] },
      }),
    });
    const { request } = renderPanel(supplier("NEGOTIATION", 1));
    await user.click(screen.getByRole("button", { name: "Anexar proposta readequada e outros documentos" }));
    const modal = await screen.findByRole("dialog");
    expect(await within(modal).findByText("proposta-v1.pdf")).toBeInTheDocument();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Selecione o arquivo.")).toBeInTheDocument();
    await uploadInto(modal, user, "proposta-v2.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Proposta readequada anexada com sucesso")).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual([
      "/api/app/award/documents",
      "/api/upload",
      "/api/app/supplier/attachReadjustedProposal",
    ]);
    expect(api.calls[2]?.body).toEqual({
      documents: [{ url: "/api/app/file/f-1", name: "proposta-v2.pdf" }],
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
    });
    expect(request).toHaveBeenCalledWith("broadcast_readjusted_proposal_attached", { batchId: "lot-1" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the modal", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/award/documents": () => ({ body: { documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-1", url: "/api/app/file/f-1" } }),
      "POST /api/app/supplier/attachReadjustedProposal": () => ({
        status: 400,
        body: { message: "O prazo para envio dos documentos no lote/item 1 encerrou em 10/03/2026 09:00." },
      }),
    });
    const { request } = renderPanel(supplier("NEGOTIATION", 1));
    await user.click(screen.getByRole("button", { name: "Anexar proposta readequada e outros documentos" }));
    const modal = await screen.findByRole("dialog");
    expect(await within(modal).findByText("Nenhum arquivo anexado no momento")).toBeInTheDocument();
    await uploadInto(modal, user, "proposta.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(
      await screen.findByText(
        "O prazo para envio dos documentos no lote/item 1 encerrou em 10/03/2026 09:00.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it("an upload refused by its bytes shows 'Erro ao enviar' with the size and format text", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/award/documents": () => ({ body: { documents: [] } }),
      "POST /api/upload": () => ({ status: 415, body: { message: "Arquivo inválido." } }),
    });
    renderPanel(supplier("NEGOTIATION", 1));
    await user.click(screen.getByRole("button", { name: "Anexar proposta readequada e outros documentos" }));
    const modal = await screen.findByRole("dialog");
    await uploadInto(modal, user, "proposta.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao enviar")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.",
      ),
    ).toBeInTheDocument();
  });
});

describe("the proof of payment in a leilão (§6 ATTACH_PROOF_PAYMENT, SHOW_PROOF_PAYMENT)", {
  timeout: 20_000,
}, () => {
  const leilao = (data: RegisteredData) => ({
    ...data,
    auctionNotice: { ...data.auctionNotice, modality: "ELECTRONIC_AUCTION" as const },
  });

  it("the winner attaches it in HOMOLOGATION; another bidder has no button", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/award/documents": () => ({ body: { documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-3", url: "/api/app/file/f-3" } }),
      "POST /api/app/supplier/attachProofPayment": () => ({
        body: { message: "Comprovante de pagamento anexada com sucesso", documents: [] },
      }),
    });
    const { request } = renderPanel(leilao(supplier("HOMOLOGATION", 1)));
    expect(awardButtons()).toEqual(["Anexar comprovante de pagamento"]);
    await user.click(screen.getByRole("button", { name: "Anexar comprovante de pagamento" }));
    const modal = await screen.findByRole("dialog");
    await uploadInto(modal, user, "comprovante.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Comprovante de pagamento anexada com sucesso")).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({
      path: "/api/app/supplier/attachProofPayment",
      body: { documents: [{ url: "/api/app/file/f-3", name: "comprovante.pdf" }], batchId: "lot-1" },
    });
    expect(request).toHaveBeenCalledWith("broadcast_proof_payment_attached", { batchId: "lot-1" });
  });

  it("a bidder that did not win has no button", () => {
    renderPanel(leilao(supplier("HOMOLOGATION", 2)));
    expect(awardButtons()).toEqual([]);
  });

  it("the Body views the proofs; a failed load shows 'Erro ao carregar comprovantes'", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/award/documents": () => ({
        body: {
          documents: [
            {
              id: "p-1",
              kind: "ELECTRONIC_AUCTION_PAYMENT",
              name: "comprovante.pdf",
              url: "/api/app/award/document/p-1",
              anonymousSupplierIdentificationNumber: 1,
            },
            {
              id: "p-2",
              kind: "READJUSTED_PROPOSAL",
              name: "proposta.pdf",
              url: "/api/app/award/document/p-2",
            },
          ],
        },
      }),
    });
    renderPanel(leilao(auctioneer("HOMOLOGATION")));
    await user.click(screen.getByRole("button", { name: "Visualizar comprovantes de pagamento" }));
    const modal = await screen.findByRole("dialog");
    expect(
      await within(modal).findByText("Comprovante de pagamento - Licitante 1 - comprovante.pdf"),
    ).toBeInTheDocument();
    expect(within(modal).queryByText(/proposta\.pdf/)).toBeNull();
    expect(within(modal).getByRole("link", { name: "Visualizar" })).toHaveAttribute(
      "href",
      "/api/app/award/document/p-1",
    );
    await user.click(within(modal).getAllByRole("button", { name: "Fechar" }).at(-1) as HTMLElement);

    act(() => notifications.clean());
    mockApi({ "POST /api/app/award/documents": () => ({ status: 403, body: { message: "Sem acesso." } }) });
    await user.click(screen.getByRole("button", { name: "Visualizar comprovantes de pagamento" }));
    expect(await screen.findByText("Erro ao carregar comprovantes")).toBeInTheDocument();
  });
});

describe("'Anexar documentos de habilitação' (§2.6 selection, §2.7 inline upload)", {
  timeout: 20_000,
}, () => {
  const library = [
    {
      id: "doc-1",
      name: "crf.pdf",
      url: "/api/app/file/x1",
      description: "CRF",
      kind: "FGTS_CLEARANCE",
      createdDate: "2026-03-01T12:00:00.000Z",
    },
    {
      id: "doc-2",
      name: "balanco.pdf",
      url: "/api/app/file/x2",
      description: "",
      kind: "OTHER",
      createdDate: "2026-03-01T12:00:00.000Z",
    },
  ];

  it("preselects what was sent, adds a new upload to the library and sends the selection", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: { documents: library } }),
      "POST /api/app/award/documents": () => ({
        body: {
          documents: [
            { id: "l-1", kind: "QUALIFICATION_DOCUMENT", supplierDocumentId: "doc-1", name: "crf.pdf" },
          ],
        },
      }),
      "POST /api/upload": () => ({ body: { id: "f-9", url: "/api/app/file/f-9" } }),
      "POST /api/app/supplier/attachQualificationDocuments": () => ({
        body: [
          {
            id: "doc-9",
            name: "atestado.pdf",
            url: "/api/app/file/f-9",
            description: "Atestado",
            kind: "OTHER",
            createdDate: "2026-03-10T12:00:00.000Z",
          },
        ],
      }),
      "POST /api/app/supplier/associateQualificationDocuments": () => ({
        body: { message: "Documento(s) de habilitação anexados com sucesso!", changed: true, documents: [] },
      }),
    });
    const { request } = renderPanel(supplier("QUALIFICATION", 1));
    await user.click(screen.getByRole("button", { name: "Anexar documentos de habilitação" }));
    const modal = await screen.findByRole("dialog");
    // The initial-bids selection modal: grouped by kind, with the period filter.
    expect(await within(modal).findByRole("checkbox", { name: "Selecionar crf.pdf" })).toBeChecked();
    expect(within(modal).getByRole("checkbox", { name: "Selecionar balanco.pdf" })).not.toBeChecked();
    expect(within(modal).getByText(/Regularidade relativa ao FGTS/)).toBeInTheDocument();
    expect(within(modal).getByText("Últimos 15 dias")).toBeInTheDocument();

    // 'Anexar novo documento': filed in the library as OTHER and selected.
    await uploadInto(modal, user, "atestado.pdf");
    expect(await within(modal).findByRole("checkbox", { name: "Selecionar atestado.pdf" })).toBeChecked();

    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Documento(s) de habilitação anexados com sucesso!")).toBeInTheDocument();
    const attach = api.calls.find((c) => c.path === "/api/app/supplier/attachQualificationDocuments");
    expect(attach?.body).toEqual({
      documents: [{ name: "atestado.pdf", url: "/api/app/file/f-9", description: "", kind: "OTHER" }],
    });
    const sent = api.calls.find((c) => c.path === "/api/app/supplier/associateQualificationDocuments");
    expect(sent?.body).toEqual({
      documents: [{ id: "doc-1" }, { id: "doc-9" }],
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
    });
    expect(request).toHaveBeenCalledWith("broadcast_qualification_document_attached", {
      batchId: "lot-1",
      canSandMessage: true,
    });
  });

  it("cannot confirm with nothing selected; an empty library says so", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: { documents: [] } }),
      "POST /api/app/award/documents": () => ({ body: { documents: [] } }),
    });
    renderPanel(supplier("QUALIFICATION", 1));
    await user.click(screen.getByRole("button", { name: "Anexar documentos de habilitação" }));
    const modal = await screen.findByRole("dialog");
    expect(await within(modal).findByText("Nenhum documento disponível para seleção")).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Confirmar" })).toBeDisabled();
  });
});

describe("the documents window modal (§5 'Attaching-documents deadline')", { timeout: 20_000 }, () => {
  it("sends 2 hours for the selected lot by default", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(auctioneer("QUALIFICATION"));
    await user.click(
      screen.getByRole("button", { name: "Iniciar Prazo Para Envio dos Documentos de Habilitação" }),
    );
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByRole("textbox", { name: "Quantidade de horas" })).toHaveValue("2");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("broadcast_configure_attaching_documents_date_time", {
      batchId: "lot-1",
      auctionNoticeId: ROOM_NOTICE_ID,
      chatChannelId: expect.anything(),
      deadlineKind: "H",
      amountHour: 2,
      deadlineDateTime: null,
      canOverwriteAllBatches: false,
      isExtendingDateTime: false,
      currentBatchPhase: "QUALIFICATION",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("extends to a fixed date for all lots; the date and time are required", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(
      auctioneer("QUALIFICATION", { attachingDocumentsEndingDateTime: "2026-03-10T12:00:00.000Z" }),
    );
    await user.click(screen.getByRole("button", { name: "Prorrogar prazo de Recebimento dos documentos" }));
    const modal = await screen.findByRole("dialog");
    await user.click(within(modal).getByRole("radio", { name: "Todos os lotes/itens" }));
    await user.click(within(modal).getByRole("radio", { name: "Data fixa" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Informe a data (DD/MM/AAAA) e a hora (HH:MM).")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await user.type(within(modal).getByRole("textbox", { name: "Data limite" }), "11032026");
    await user.type(within(modal).getByRole("textbox", { name: "Hora limite" }), "1800");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith(
      "broadcast_configure_attaching_documents_date_time",
      expect.objectContaining({
        deadlineKind: "D",
        amountHour: null,
        deadlineDateTime: "2026-03-11T21:00:00.000Z",
        canOverwriteAllBatches: true,
        isExtendingDateTime: true,
      }),
    );
  });

  it("an ERROR answer keeps the modal open", async () => {
    const user = userEvent.setup();
    renderPanel(auctioneer("NEGOTIATION"), {
      ok: false,
      message: "O prazo para envio dos documentos deve ser de no mínimo 2 horas.",
    });
    await user.click(
      screen.getByRole("button", { name: "Iniciar Prazo Para envio das Propostas Ajustadas" }),
    );
    const modal = await screen.findByRole("dialog");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.getByRole("dialog")).toBeInTheDocument());
  });
});

describe("award events in the room state (§4 'Other pushed events')", () => {
  it("merge the lot flags and the window into the lot's head row; another notice's are ignored", () => {
    const state = stateOf(auctioneer("NEGOTIATION"));
    const next = roomReducer(state, {
      type: "events",
      receivedAt: NOW.getTime(),
      events: [
        {
          action: "READJUSTED_PROPOSAL_ATTACHED",
          data: {
            auctionNoticeId: ROOM_NOTICE_ID,
            batches: [
              {
                id: "lot-1",
                isReadjustedProposalAttached: true,
                attachingDocumentsEndingDateTime: "2026-03-10T14:05:00.000Z",
              },
            ],
          },
        },
        {
          action: "QUALIFIED_DOCUMENT_ATTACHED",
          data: { auctionNoticeId: "outro", batches: [{ id: "lot-1", isQualifiedDocumentConfirmed: true }] },
        },
      ],
    });
    const lot = next.notice?.batches.find((b) => b.id === "lot-1");
    expect(lot).toMatchObject({
      isReadjustedProposalAttached: true,
      attachingDocumentsEndingDateTime: "2026-03-10T14:05:00.000Z",
    });
    expect(lot?.isQualifiedDocumentConfirmed).not.toBe(true);
  });
});

describe("'Anexar arquivo ao Processo' (§5: file required, description optional)", {
  timeout: 20_000,
}, () => {
  it("uploads the PDF and attaches it with its description", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/upload": () => ({ body: { id: "f-7", url: "/api/app/file/f-7" } }),
      "POST /api/app/auction/attachDocumentAtProcess": () => ({
        body: { message: "Arquivo anexado com sucesso", document: { id: "d-1", name: "ata.pdf", url: "/x" } },
      }),
    });
    renderPanel(auctioneer("NEGOTIATION"));
    await user.click(screen.getByRole("button", { name: "Anexar arquivo ao Processo" }));
    const modal = await screen.findByRole("dialog");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Selecione o arquivo.")).toBeInTheDocument();
    await uploadInto(modal, user, "ata.pdf");
    await user.type(within(modal).getByRole("textbox", { name: "Descrição" }), "Ata parcial");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Arquivo anexado com sucesso")).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      fileName: "/api/app/file/f-7",
      name: "ata.pdf",
      auctionNoticeId: ROOM_NOTICE_ID,
      description: "Ata parcial",
      docKind: "AUCTION_NOTICE",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("is not offered to a supplier", () => {
    renderPanel(supplier("NEGOTIATION", 2));
    expect(screen.queryByRole("button", { name: "Anexar arquivo ao Processo" })).toBeNull();
  });
});

describe("'Indicar como vencedor o licitante da cota de ampla participação' (§5, §6)", {
  timeout: 20_000,
}, () => {
  /** Lot 1: a reserved quota with no winner in NEGOTIATION; lot 2: its wide lot, won by Licitante 3. */
  const quota = (wideParticipationBatch: number | null) =>
    registered({
      auctionNotice: roomNotice({
        batches: [
          {
            ...lotIn("NEGOTIATION", null),
            batchItemParticipation: "DIFFERENTIATED",
            wideParticipationBatch,
          } as RoomLot,
          {
            ...roomLot(2, { phase: "QUALIFICATION" }),
            winner: { anonymousSupplierIdentificationNumber: 3 },
          } as RoomLot,
        ],
      }),
    });

  it("'Confirmar' waits for a wide-participation lot, then sends it", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(quota(null));
    await user.click(
      screen.getByRole("button", { name: "Indicar como vencedor o licitante da cota de ampla participação" }),
    );
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByRole("button", { name: "Confirmar" })).toBeDisabled();
    await user.click(within(modal).getAllByLabelText(/^Lote\/item de ampla participação/)[0] as HTMLElement);
    await user.click(await screen.findByRole("option", { name: "Lote/item 2 - Licitante 3" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("indicate_winner_board_participation", {
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
      referenceBatchId: "lot-2",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a quota with its wide lot configured can be confirmed at once", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(quota(2));
    await user.click(
      screen.getByRole("button", { name: "Indicar como vencedor o licitante da cota de ampla participação" }),
    );
    const modal = await screen.findByRole("dialog");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith(
      "indicate_winner_board_participation",
      expect.objectContaining({ referenceBatchId: "lot-2" }),
    );
  });

  it("is not offered for a lot that is not a reserved quota", () => {
    renderPanel(auctioneer("NEGOTIATION"));
    expect(
      screen.queryByRole("button", {
        name: "Indicar como vencedor o licitante da cota de ampla participação",
      }),
    ).toBeNull();
  });
});

describe("'Aplicar Regra de Preferência Local ou Regional' (§2.6, §5, §6; LC 123/2006 art. 49)", {
  timeout: 20_000,
}, () => {
  const regional = (extra: AwardLotFields = {}, canApplyRegionalPreference = true) =>
    registered({
      auctionNotice: roomNotice({
        canApplyRegionalPreference,
        batches: [lotIn("NEGOTIATION", 3, extra), roomLot(2)],
      }),
    });
  const small = (n: number, price: number) =>
    bid(n, price, { supplier: { id: `s-${n}`, isSmallBusiness: true }, isQualifiedAndEnabled: true });

  function renderWithBids(data: RegisteredData, bids = [small(1, 33000), small(3, 32500), bid(2, 33900)]) {
    const request = vi.fn(async (event: string, _data: unknown) => ({ ok: true as const, data: { event } }));
    const state = roomReducer(stateOf(data), { type: "bidsLoaded", lotId: "lot-1", bids });
    renderWithMantine(<ControlPanel state={state} now={NOW} send={vi.fn(() => true)} request={request} />);
    return { request };
  }

  it("warns with fewer than 3 qualified ME/EPP, requires the answer and sends it", async () => {
    const user = userEvent.setup();
    const { request } = renderWithBids(regional());
    await user.click(screen.getByRole("button", { name: "Aplicar Regra de Preferência Local ou Regional" }));
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText(/apenas 2 microempresa\(s\)/)).toBeInTheDocument();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Escolha Sim ou Não.")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await user.click(within(modal).getByRole("radio", { name: "Sim" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("apply_regional_preference", {
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
      applyRegionalPreference: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("no warning with 3 qualified ME/EPP", async () => {
    const user = userEvent.setup();
    renderWithBids(regional(), [small(1, 33000), small(2, 33900), small(3, 32500)]);
    await user.click(screen.getByRole("button", { name: "Aplicar Regra de Preferência Local ou Regional" }));
    const modal = await screen.findByRole("dialog");
    expect(within(modal).queryByText(/microempresa/)).toBeNull();
  });

  it("not offered once decided", () => {
    renderWithBids(regional({ isRegionalPreferenceApplied: false }));
    expect(
      screen.queryByRole("button", { name: "Aplicar Regra de Preferência Local ou Regional" }),
    ).toBeNull();
  });

  it("not offered when the notice does not admit it", () => {
    renderWithBids(regional({}, false));
    expect(
      screen.queryByRole("button", { name: "Aplicar Regra de Preferência Local ou Regional" }),
    ).toBeNull();
  });
});

describe("'Aderir ao cadastro reserva' (§5 default yes; §6 CREATE_BACKLOG_BID)", { timeout: 20_000 }, () => {
  const priceRegistration = (winner: number, hasPassedByQualification: boolean) =>
    supplierRegistered({
      auctionNotice: roomNotice({
        modality: "NEW_PRICES_SUBMISSION",
        batches: [{ ...lotIn("QUALIFICATION", winner), hasPassedByQualification } as RoomLot, roomLot(2)],
      }),
      anonymousSupplierIdentificationNumber: 1,
    });

  it("a bidder other than the winner joins at the winner's price by default, or not", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(priceRegistration(3, true));
    await user.click(screen.getByRole("button", { name: "Aderir ao cadastro reserva" }));
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByRole("radio", { name: "Sim" })).toBeChecked();
    await user.click(within(modal).getByRole("radio", { name: "Não" }));
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(request).toHaveBeenCalledWith("create_backlog_bid", {
      batchId: "lot-1",
      canGetCurrentBestBid: false,
    });
  });

  it("not for the winner", () => {
    renderPanel(priceRegistration(1, true));
    expect(screen.queryByRole("button", { name: "Aderir ao cadastro reserva" })).toBeNull();
  });

  it("not before the lot passed qualification", () => {
    renderPanel(priceRegistration(3, false));
    expect(screen.queryByRole("button", { name: "Aderir ao cadastro reserva" })).toBeNull();
  });
});
