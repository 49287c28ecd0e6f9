import type { LotPhase } from "@certame/domain";
import { notifications } from "@mantine/notifications";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispute, disputeDocument } from "../../../test/appeal-fixtures";
import { mockApi } from "../../../test/fetch-mock";
import { renderWithMantine } from "../../../test/render";
import {
  citizenRegistered,
  ROOM_NOTICE_ID,
  registered,
  roomLot,
  roomNotice,
  supplierRegistered,
} from "../../../test/room-fixtures";
import { ControlPanel } from "../control/ControlPanel";
import { PhaseMoveModal } from "../control/PhaseMoveModal";
import { initialRoomState, type RoomState, roomReducer } from "../live/room-state";
import type { ActionAnswer } from "../live/useTradingRoom";
import type { RegisteredData } from "../types";
import type { DisputeView } from "./appeal-model";

// The appeal buttons of the action panel and their modals (trading-room §2.3, §2.6, §5 "Room
// modals", §6, §8), wired as the room wires them: ControlPanel with a room state built from
// REGISTERED and the loaded disputes, `request` answering like the server, the app/dispute/* calls
// mocked at fetch.

const NOW = new Date("2026-03-10T12:05:00.000Z");
const WINDOW_END = "2026-03-10T12:10:00.000Z";

function stateOf(data: RegisteredData, disputes: DisputeView[] = []): RoomState {
  const state = roomReducer(initialRoomState, { type: "registered", data, receivedAt: NOW.getTime() });
  return roomReducer(state, { type: "disputesLoaded", noticeId: ROOM_NOTICE_ID, disputes });
}

const acknowledged = (event: string): ActionAnswer => ({ ok: true, data: { event } });

function renderPanel(data: RegisteredData, disputes: DisputeView[] = [], answer?: ActionAnswer) {
  const request = vi.fn(async (event: string, _data: unknown) => answer ?? acknowledged(event));
  renderWithMantine(
    <ControlPanel state={stateOf(data, disputes)} now={NOW} send={vi.fn(() => true)} request={request} />,
  );
  return { request };
}

/** A notice whose lot 1 is in `phase` (lot 2 too, for the all-lots scopes). */
const inPhase = (phase: LotPhase, extra: Partial<ReturnType<typeof roomLot>> = {}) =>
  roomNotice({
    batches: [
      roomLot(1, { phase, isConfidentialPhase: false, phaseEndDateTime: WINDOW_END, ...extra }),
      roomLot(2, { phase, isConfidentialPhase: false, phaseEndDateTime: WINDOW_END, ...extra }),
    ],
  });

const supplier = (phase: LotPhase, extra = {}) =>
  supplierRegistered({ auctionNotice: inPhase(phase, extra), anonymousSupplierIdentificationNumber: 2 });

// AppModal cuts titles after 30 characters (notices-and-accounts §9).
const MANIFEST_TITLE = "Indicar Interesse em interpor recursos";
const LIST_TITLE = "Visualizar recursos apresentados";

const appealGroup = () => screen.queryByRole("group", { name: "Recursos" });
const appealButtons = () =>
  within(appealGroup() ?? document.createElement("div"))
    .queryAllByRole("button")
    .map((b) => b.textContent);

async function uploadInto(
  modal: HTMLElement,
  user: ReturnType<typeof userEvent.setup>,
  name = "recurso.pdf",
) {
  const input = modal.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("sem campo de arquivo");
  await user.upload(input, new File(["%PDF-1.4"], name, { type: "application/pdf" }));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("appeal intention and waiver (§2.3, §2.6, §5)", { timeout: 30_000 }, () => {
  it("a bidder manifests interest for all lots with a required reason", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(supplier("DISPUTE_INTEREST_MANIFESTATION"));
    expect(appealButtons()).toEqual(["Indicar Interesse em interpor recursos"]);
    expect(
      screen.getByText("Prazo para manifestação de intenção de recurso: até 10/03/2026 09:10"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Indicar Interesse em interpor recursos" }));
    const modal = await screen.findByRole("dialog", { name: MANIFEST_TITLE });
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Informe o motivo.")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await user.click(within(modal).getByRole("radio", { name: "Todos os lotes/itens" }));
    await user.type(
      within(modal).getByRole("textbox", { name: /^Motivo/ }),
      "Proposta vencedora inexequível",
    );
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("manifest_interest_in_dispute", {
        reason: "Proposta vencedora inexequível",
        auctionNoticeId: ROOM_NOTICE_ID,
      }),
    );
    expect(await screen.findByText("Intenção de recurso registrada.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the modal open when the server refuses", async () => {
    const user = userEvent.setup();
    const { request } = renderPanel(supplier("DISPUTE_INTEREST_MANIFESTATION"), [], {
      ok: false,
      message: "Você não possui proposta no lote/item 1.",
    });
    await user.click(screen.getByRole("button", { name: "Indicar Interesse em interpor recursos" }));
    const modal = await screen.findByRole("dialog", { name: MANIFEST_TITLE });
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Recorro");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("manifest_interest_in_dispute", {
        reason: "Recorro",
        batchId: "lot-1",
      }),
    );
    expect(screen.getByRole("dialog", { name: MANIFEST_TITLE })).toBeInTheDocument();
  });

  it("offers no intention after the supplier's own in this window, nor after the window closed", () => {
    const mine = dispute("d-1", { interestEndDateTime: WINDOW_END });
    renderPanel(supplier("DISPUTE_INTEREST_MANIFESTATION"), [mine]);
    expect(appealButtons()).toEqual(["Visualizar recursos apresentados"]);
  });

  it("hides the intention from the buyer side and the citizen, and the list from a visitor", () => {
    renderPanel(registered({ auctionNotice: inPhase("DISPUTE_INTEREST_MANIFESTATION") }));
    expect(appealGroup()).toBeNull();
    renderPanel({ ...citizenRegistered(), auctionNotice: inPhase("DISPUTE_INTEREST_MANIFESTATION") }, [
      dispute("d-1"),
    ]);
    expect(appealGroup()).toBeNull();
  });

  it("the author of a whole-notice appeal waives it in every lot", async () => {
    const user = userEvent.setup();
    const whole = { auctionNoticeId: ROOM_NOTICE_ID, groupId: "g-1" };
    const { request } = renderPanel(supplier("DISPUTE_RECEIVEMENT"), [
      dispute("d-1", whole),
      dispute("d-2", { ...whole, batch: { id: "lot-2", number: 2 }, batchId: "lot-2" }),
    ]);
    expect(appealButtons()).toEqual([
      "Visualizar recursos apresentados",
      "Anexar recurso",
      "Desistir do recurso",
    ]);
    await user.click(screen.getByRole("button", { name: "Desistir do recurso" }));
    const modal = await screen.findByRole("dialog", { name: "Desistir do recurso" });
    await user.click(within(modal).getByRole("radio", { name: "Todos os lotes/itens" }));
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Desisto do recurso.");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("waive_interest_in_dispute", {
        reason: "Desisto do recurso.",
        auctionNoticeId: ROOM_NOTICE_ID,
      }),
    );
    expect(await screen.findByText("Desistência do recurso registrada.")).toBeInTheDocument();
  });
});

describe("appeal and counter-argument files (§2.6, §5, §7, §8)", { timeout: 30_000 }, () => {
  it("the appellant attaches one file, told it replaces the current one; the room is told", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/dispute/list": () => ({
        body: { disputes: [], documents: [disputeDocument("f-0", { name: "Recurso - versão 1" })] },
      }),
      "POST /api/upload": () => ({ body: { id: "f-1", url: "/api/app/file/f-1" } }),
      "POST /api/app/dispute/attachDocument": () => ({
        body: { message: "Documento de recurso anexado com sucesso", documents: [] },
      }),
    });
    const { request } = renderPanel(supplier("DISPUTE_RECEIVEMENT"), [dispute("d-1")]);
    await user.click(screen.getByRole("button", { name: "Anexar recurso" }));
    const modal = await screen.findByRole("dialog", { name: "Anexar recurso" });
    expect(
      await within(modal).findByText(
        "Arquivo atual: Recurso - versão 1. O novo arquivo substituirá o anexado anteriormente.",
      ),
    ).toBeInTheDocument();
    // A lot appeal: no scope to choose.
    expect(within(modal).queryByRole("radio")).toBeNull();
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Anexe o arquivo.")).toBeInTheDocument();
    await uploadInto(modal, user, "recurso-v2.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Documento de recurso anexado com sucesso")).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual([
      "/api/app/dispute/list",
      "/api/upload",
      "/api/app/dispute/attachDocument",
    ]);
    expect(api.calls[2]?.body).toEqual({
      url: "/api/app/file/f-1",
      fileName: "recurso-v2.pdf",
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
    });
    expect(request).toHaveBeenCalledWith("broadcast_dispute_document_attached", {
      batchId: "lot-1",
      auctionNoticeId: ROOM_NOTICE_ID,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows 'Erro ao anexar recurso' with the server's message and keeps the modal", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/dispute/list": () => ({ body: { disputes: [], documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-1", url: "/api/app/file/f-1" } }),
      "POST /api/app/dispute/attachDocument": () => ({
        status: 400,
        body: { message: "O prazo para anexar recurso no lote/item 1 encerrou em 13/03/2026 18:00." },
      }),
    });
    const { request } = renderPanel(supplier("DISPUTE_RECEIVEMENT"), [dispute("d-1")]);
    await user.click(screen.getByRole("button", { name: "Anexar recurso" }));
    const modal = await screen.findByRole("dialog", { name: "Anexar recurso" });
    expect(
      await within(modal).findByText("Anexe um único arquivo; ele substitui qualquer arquivo enviado antes."),
    ).toBeInTheDocument();
    await uploadInto(modal, user);
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao anexar recurso")).toBeInTheDocument();
    expect(screen.getByText(/O prazo para anexar recurso no lote\/item 1 encerrou/)).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Anexar recurso" })).toBeInTheDocument();
  });

  it("another bidder attaches its counter-argument while someone else's appeal stands", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/dispute/list": () => ({ body: { disputes: [], documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-2", url: "/api/app/file/f-2" } }),
      "POST /api/app/dispute/attachCounterArgument": () => ({
        body: { message: "Documento de contrarrazão anexado com sucesso", documents: [] },
      }),
    });
    const appeal = dispute("d-1", { anonymousSupplierIdentificationNumber: 3 });
    const { request } = renderPanel(supplier("COUNTERARGUMENTS_RECEIVEMENT"), [appeal]);
    expect(appealButtons()).toEqual(["Visualizar recursos apresentados", "Anexar contrarrazão"]);
    await user.click(screen.getByRole("button", { name: "Anexar contrarrazão" }));
    const modal = await screen.findByRole("dialog", { name: "Anexar contrarrazão" });
    await uploadInto(modal, user, "contrarrazoes.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Documento de contrarrazão anexado com sucesso")).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({
      path: "/api/app/dispute/attachCounterArgument",
      body: { url: "/api/app/file/f-2", fileName: "contrarrazoes.pdf", batchId: "lot-1" },
    });
    expect(request).toHaveBeenCalledWith("broadcast_dispute_counter_argument_document_attached", {
      batchId: "lot-1",
      auctionNoticeId: ROOM_NOTICE_ID,
    });
  });
});

describe("the appeals list, judgement and refusal (§2.3, §2.6, §5, §8)", { timeout: 30_000 }, () => {
  const whole = {
    anonymousSupplierIdentificationNumber: 3,
    auctionNoticeId: ROOM_NOTICE_ID,
    groupId: "g-1",
    reason: "Recurso único contra o julgamento.",
  };
  const disputes = () => [
    dispute("d-1", { supplier: { id: "s-2", corporateName: "Alfa Comércio Ltda" } }),
    dispute("d-2", { ...whole, createdDate: "2026-03-10T12:02:00.000Z" }),
    dispute("d-3", {
      ...whole,
      batch: { id: "lot-2", number: 2 },
      batchId: "lot-2",
      createdDate: "2026-03-10T12:02:00.000Z",
    }),
  ];

  it("lists each appeal with its supplier and lot ('Recurso único (Edital)') and the files", async () => {
    mockApi({
      "POST /api/app/dispute/list": () => ({
        body: { disputes: disputes(), documents: [disputeDocument("f-1", { name: "razoes.pdf" })] },
      }),
    });
    const user = userEvent.setup();
    renderPanel(registered({ auctionNotice: inPhase("DISPUTE_COUNTERARGUMENTS_JUDGMENT") }), disputes());
    expect(appealButtons()).toEqual(["Visualizar e julgar recursos"]);
    await user.click(screen.getByRole("button", { name: "Visualizar e julgar recursos" }));
    const modal = await screen.findByRole("dialog", { name: "Visualizar e julgar recursos" });
    const table = within(modal).getByRole("table", { name: "Recursos apresentados" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Lic. 2 - Alfa Comércio Ltda");
    expect(
      await within(rows[0] as HTMLElement).findByRole("link", { name: "Recurso - razoes.pdf" }),
    ).toHaveAttribute("href", "/api/app/dispute/document/f-1");
    expect(rows[1]).toHaveTextContent("Licitante 3");
    expect(rows[1]).toHaveTextContent("Recurso único (Edital)");
    expect(rows[1]).toHaveTextContent("Lotes/itens 1, 2");
    expect(within(rows[1] as HTMLElement).getByRole("button", { name: "Julgar" })).toBeInTheDocument();
  });

  it("the auctioneer judges with a result, a justification and a file, all required", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/dispute/list": () => ({ body: { disputes: disputes(), documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-9", url: "/api/app/file/f-9" } }),
      "POST /api/app/dispute/judge": () => ({
        body: { message: "Recurso julgado com sucesso!", items: [{ id: "d-2", judgmentStatus: "DENIED" }] },
      }),
    });
    const { request } = renderPanel(
      registered({ auctionNotice: inPhase("DISPUTE_COUNTERARGUMENTS_JUDGMENT") }),
      disputes(),
    );
    await user.click(screen.getByRole("button", { name: "Visualizar e julgar recursos" }));
    const list = await screen.findByRole("dialog", { name: "Visualizar e julgar recursos" });
    const rows = within(list).getAllByRole("row").slice(1);
    await user.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Julgar" }));
    const modal = await screen.findByRole("dialog", { name: "Julgar recurso" });
    expect(modal).toHaveTextContent("Licitante 3 — Recurso único (Edital)");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(
      within(modal).getByText("Informe o resultado do julgamento: Deferir ou Indeferir."),
    ).toBeInTheDocument();
    expect(within(modal).getByText("Informe a justificativa.")).toBeInTheDocument();
    expect(within(modal).getByText("Anexe o arquivo.")).toBeInTheDocument();
    expect(within(modal).getByRole("radio", { name: "Deferir" })).toBeInTheDocument();
    await user.click(within(modal).getByRole("radio", { name: "Indeferir" }));
    await user.type(within(modal).getByRole("textbox", { name: /^Justificativa/ }), "Improcede.");
    await uploadInto(modal, user, "decisao.pdf");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Recurso julgado com sucesso!")).toBeInTheDocument();
    expect(api.calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/app/dispute/judge",
      body: {
        status: "DENIED",
        url: "/api/app/file/f-9",
        fileName: "decisao.pdf",
        justification: "Improcede.",
        disputesIds: ["d-2", "d-3"],
      },
    });
    expect(request).toHaveBeenCalledWith("broadcast_dispute_judgment", { disputesIds: ["d-2", "d-3"] });
  });

  it("says 'Erro ao julgar recurso' with the server's message", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/dispute/list": () => ({ body: { disputes: disputes(), documents: [] } }),
      "POST /api/upload": () => ({ body: { id: "f-9", url: "/api/app/file/f-9" } }),
      "POST /api/app/dispute/judge": () => ({
        status: 400,
        body: { message: "O recurso no lote/item 1 já foi julgado." },
      }),
    });
    const { request } = renderPanel(
      registered({ auctionNotice: inPhase("DISPUTE_COUNTERARGUMENTS_JUDGMENT") }),
      disputes(),
    );
    await user.click(screen.getByRole("button", { name: "Visualizar e julgar recursos" }));
    const list = await screen.findByRole("dialog", { name: "Visualizar e julgar recursos" });
    await user.click(within(list).getAllByRole("button", { name: "Julgar" })[0] as HTMLElement);
    const modal = await screen.findByRole("dialog", { name: "Julgar recurso" });
    await user.click(within(modal).getByRole("radio", { name: "Deferir" }));
    await user.type(within(modal).getByRole("textbox", { name: /^Justificativa/ }), "Procede.");
    await uploadInto(modal, user);
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Erro ao julgar recurso")).toBeInTheDocument();
    expect(screen.getByText("O recurso no lote/item 1 já foi julgado.")).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it("the auctioneer refuses an intention during the window, with a reason", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/app/dispute/list": () => ({ body: { disputes: disputes(), documents: [] } }) });
    const { request } = renderPanel(
      registered({ auctionNotice: inPhase("DISPUTE_INTEREST_MANIFESTATION") }),
      disputes(),
    );
    expect(appealButtons()).toEqual(["Visualizar recursos apresentados"]);
    await user.click(screen.getByRole("button", { name: "Visualizar recursos apresentados" }));
    const list = await screen.findByRole("dialog", { name: LIST_TITLE });
    expect(within(list).queryByRole("button", { name: "Julgar" })).toBeNull();
    const rows = within(list).getAllByRole("row").slice(1);
    await user.click(within(rows[0] as HTMLElement).getByRole("button", { name: "Recusar" }));
    const modal = await screen.findByRole("dialog", { name: "Recusar intenção de recurso" });
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    expect(within(modal).getByText("Informe o motivo.")).toBeInTheDocument();
    await user.type(within(modal).getByRole("textbox", { name: /^Motivo/ }), "Intenção sem motivação.");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("refuse_dispute_manifestation", {
        reason: "Intenção sem motivação.",
        disputesIds: ["d-1"],
      }),
    );
    expect(await screen.findByText("Intenção de recurso recusada.")).toBeInTheDocument();
  });

  it("says 'Erro ao carregar recursos' and keeps the room's own list", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/app/dispute/list": () => ({ status: 500, body: { message: "Falha" } }) });
    renderPanel(supplier("DISPUTE_RECEIVEMENT"), disputes());
    await user.click(screen.getByRole("button", { name: "Visualizar recursos apresentados" }));
    expect(await screen.findByText("Erro ao carregar recursos")).toBeInTheDocument();
    const list = screen.getByRole("dialog", { name: LIST_TITLE });
    expect(within(list).getAllByRole("row")).toHaveLength(3);
    expect(within(list).queryByRole("button", { name: "Recusar" })).toBeNull();
  });
});

describe("the next-phase modal's appeal fields (§2.6, §4, §5)", { timeout: 30_000 }, () => {
  const notice = roomNotice({ batches: [roomLot(1, { phase: "QUALIFICATION" })] });
  const lot = notice.batches[0] as (typeof notice.batches)[number];

  it("an interest phase needs the duration kind; FIXED minutes are never under 10", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithMantine(
      <PhaseMoveModal
        kind="NEXT"
        notice={notice}
        lot={lot}
        phases={["DISPUTE_INTEREST_MANIFESTATION"]}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const modal = await screen.findByRole("dialog", { name: "Avançar para próxima fase" });
    const confirm = within(modal).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    await user.click(within(modal).getByRole("radio", { name: "Duração mínima do edital (10 minutos)" }));
    expect(confirm).toBeEnabled();
    await user.click(
      within(modal).getByRole("radio", { name: "Duração definida pelo pregoeiro/agente de contratação" }),
    );
    const minutes = within(modal).getByRole("textbox", { name: /^Duração \(minutos\)/ });
    await user.clear(minutes);
    await user.type(minutes, "5");
    expect(
      within(modal).getByText(
        "A duração da manifestação de intenção de recurso deve ser de no mínimo 10 minutos.",
      ),
    ).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.clear(minutes);
    await user.type(minutes, "15");
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(
      expect.objectContaining({
        phase: "DISPUTE_INTEREST_MANIFESTATION",
        appeal: expect.objectContaining({ interestKind: "FIXED", interestMinutes: 15 }),
      }),
    );
  });

  it("DISPUTE_RECEIVEMENT needs the due-date type; a FIXED one asks both dates", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithMantine(
      <PhaseMoveModal
        kind="NEXT"
        notice={notice}
        lot={{ ...lot, phase: "DISPUTE_INTEREST_MANIFESTATION" }}
        phases={["DISPUTE_RECEIVEMENT"]}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const modal = await screen.findByRole("dialog", { name: "Avançar para próxima fase" });
    const confirm = within(modal).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    expect(within(modal).getByRole("radio", { name: "Prazo legal (3 dias úteis)" })).toBeInTheDocument();
    await user.click(
      within(modal).getByRole("radio", { name: "Data definida pelo pregoeiro/agente de contratação" }),
    );
    expect(confirm).toBeDisabled();
    const reasons = within(modal).getByLabelText(/^Data limite para envio dos recursos/);
    const counter = within(modal).getByLabelText(/^Data limite para envio das contrarrazões/);
    fireEvent.change(reasons, { target: { value: "2026-03-20T18:00" } });
    fireEvent.change(counter, { target: { value: "2026-03-27T18:00" } });
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(
      expect.objectContaining({
        appeal: expect.objectContaining({
          reasonsDueType: "FIXED",
          reasonsDueAt: "2026-03-20T18:00",
          counterDueAt: "2026-03-27T18:00",
        }),
      }),
    );
  });
});

describe("the next-phase move with appeal terms, from the control panel (§2.6, §7)", {
  timeout: 30_000,
}, () => {
  it("sends the terms with go_to_next_phase and keeps the modal open on a refusal", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auction/lotPhases": () => ({
        body: {
          currentPhase: "QUALIFICATION",
          nextPhase: ["DISPUTE_INTEREST_MANIFESTATION"],
          previousPhase: [],
        },
      }),
    });
    const refusal: ActionAnswer = {
      ok: false,
      message: "A duração da manifestação de intenção de recurso deve ser de no mínimo 30 minutos.",
    };
    const request = vi
      .fn(async (event: string, _data: unknown): Promise<ActionAnswer> => acknowledged(event))
      .mockResolvedValueOnce(refusal);
    const data = registered({ auctionNotice: inPhase("QUALIFICATION", { phaseEndDateTime: null }) });
    renderWithMantine(
      <ControlPanel state={stateOf(data)} now={NOW} send={vi.fn(() => true)} request={request} />,
    );
    await user.click(screen.getByRole("button", { name: "Próxima fase" }));
    const modal = await screen.findByRole("dialog", { name: "Avançar para próxima fase" });
    await user.click(
      within(modal).getByRole("radio", { name: "Duração definida pelo pregoeiro/agente de contratação" }),
    );
    const minutes = within(modal).getByRole("textbox", { name: /^Duração \(minutos\)/ });
    await user.clear(minutes);
    await user.type(minutes, "20");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("go_to_next_phase", {
        nextPhase: "DISPUTE_INTEREST_MANIFESTATION",
        batchesIds: ["lot-1"],
        auctionNoticeId: ROOM_NOTICE_ID,
        manifestDisputeInterestDurationKind: "FIXED",
        disputeInterestManifestationMinimumDuration: 20,
      }),
    );
    // Refused: the auctioneer corrects the duration in the same modal.
    expect(screen.getByRole("dialog", { name: "Avançar para próxima fase" })).toBeInTheDocument();
    await user.clear(minutes);
    await user.type(minutes, "30");
    await user.click(within(modal).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls[1]?.[1]).toMatchObject({ disputeInterestManifestationMinimumDuration: 30 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
