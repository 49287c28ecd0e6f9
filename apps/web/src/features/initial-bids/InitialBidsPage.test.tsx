import { INITIAL_BIDS_TEXTS, SUPPLIER_NOT_APPROVED_MESSAGE } from "@certame/domain";
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { InitialBidsPage } from "./InitialBidsPage";
import type { InitialBidLotRow, InitialBidsRead, LibraryDocument } from "./types";

const T = INITIAL_BIDS_TEXTS;
const NOTICE_ID = "n-1";

function read(
  extra: Partial<InitialBidsRead["auctionNotice"]> = {},
  more: Partial<InitialBidsRead> = {},
): InitialBidsRead {
  return {
    auctionNotice: {
      id: NOTICE_ID,
      noticeNumber: "PE 10/2026",
      processNumber: "PA 1/2026",
      objectOfInterest: "Notebooks",
      buyer: { id: "b-1", corporateName: "Prefeitura" },
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      status: "PUBLISHED",
      startDateTime: null,
      closingKind: "OPEN",
      dispensationForm: "LOWEST_PRICE",
      offerKind: "UNIT_VALUE",
      auctionLicensePhase: "AFTER_BID",
      shouldDiscloseReferencePrice: true,
      isProposalGuaranteeRequired: false,
      isTechnicalDataSheetAttachmentRequired: 0,
      isInitialProposalsRequired: false,
      canApplyRegionalPreference: false,
      hasPreQualification: false,
      isAllowedParticipantNonPreQualification: false,
      proposalsStartDateTime: null,
      proposalsEndDateTime: null,
      canIndicateQualificationDocument: false,
      qualificationDocumentRequired: [],
      smallCompanyDeclarations: [],
      regionalPreferenceDeclarations: [],
      ...extra,
    },
    supplier: { id: "s-2", isSmallBusiness: false, subscriptionEndDate: null, availableCredits: 1 },
    proposal: {
      hasProposal: false,
      canApplyAutomaticBid: false,
      hasRegionalPreferenceDeclaration: false,
      hasBigCompanyAutomaticBidDeclaration: false,
      hasSecretPhaseDeclaration: false,
      termsAcceptedAt: null,
      creditUsedAt: null,
    },
    isEnabledSupplier: true,
    isPreQualifiedSupplier: true,
    canSendInitialBids: true,
    ...more,
  };
}

const lot = (number: number, extra: Partial<InitialBidLotRow> = {}): InitialBidLotRow => ({
  id: `lot-${number}`,
  number,
  item: 1,
  product: { name: `Produto ${number}`, technicalDescription: "Descrição" },
  productName: `Produto ${number}`,
  quantity: 10,
  measurementUnit: "UN",
  referencePrice: 10_000,
  minimumVariation: 100,
  percentMinimumVariation: 1,
  decimalsNumber: 2,
  isProductBrandRequired: 0,
  batchItemParticipation: "WIDE_PARTICIPATION",
  dispensationForm: "LOWEST_PRICE",
  phase: "OPEN_FOR_OFFERS",
  hasManyItems: false,
  items: [],
  bids: [],
  ...extra,
});

function setup(options: {
  read?: InitialBidsRead;
  lots?: InitialBidLotRow[];
  enabled?: boolean;
  processDocuments?: LibraryDocument[];
  save?: (body: unknown) => { status?: number; body?: unknown };
}) {
  const api = mockApi({
    "POST /api/app/initialBids/read": () => ({ body: options.read ?? read() }),
    "POST /api/app/initialBids/batches": () => ({ body: { auctionBatches: options.lots ?? [lot(1)] } }),
    "POST /api/app/supplier/getIsEnabledSupplier": () => ({ body: options.enabled ?? true }),
    "POST /api/app/supplier/getIsPreQualifiedSupplier": () => ({ body: true }),
    "POST /api/app/supplier/qualificationDocumentsList": () => ({
      body: { documents: [], classes: [], total: 0 },
    }),
    "POST /api/app/initialBids/qualificationAssociation": () => ({
      body: { qualificationDocumentsAssociated: [], processDocuments: options.processDocuments ?? [] },
    }),
    "POST /api/app/initialBids/save": options.save ?? (() => ({ body: { ok: true } })),
  });
  const view = renderRoutes(
    [
      { path: "/sala-de-negociacao/:id/cadastro-de-lances-iniciais", element: <InitialBidsPage /> },
      { path: "/sala-de-negociacao/:id", element: <h1>Sala de negociação</h1> },
      { path: "/editais-publicados", element: <h1>Editais publicados</h1> },
    ],
    `/sala-de-negociacao/${NOTICE_ID}/cadastro-de-lances-iniciais`,
  );
  return { ...view, api };
}

async function acceptTerms(user: ReturnType<typeof userEvent.setup>) {
  // The header title is cut at 30 characters (AppModal); the full title is the dialog's label.
  const dialog = await screen.findByRole("dialog", { name: /^Confirme todos os termos/ });
  const confirm = within(dialog).getByRole("button", { name: T.confirm });
  expect(confirm).toBeDisabled();
  // No close 'X' (§2.8).
  expect(within(dialog).queryByRole("button", { name: "Fechar" })).toBeNull();
  await user.click(within(dialog).getByLabelText(T.selectAll));
  await user.click(confirm);
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("initial bids screen (trading-room §2.8)", { timeout: 20_000 }, () => {
  it("refuses a supplier without plan or credit with 'Acesso negado' and goes back", async () => {
    setup({ enabled: false });
    expect(await screen.findByText(T.notEnabled)).toBeInTheDocument();
    expect(screen.getByText(T.accessDenied)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Editais publicados" })).toBeInTheDocument();
  });

  it("tells a supplier whose registration is not approved yet why it cannot send proposals (issue 13)", async () => {
    const waiting = read();
    setup({
      enabled: false,
      read: { ...waiting, supplier: { ...waiting.supplier, registrationStatus: "PENDING" } },
    });
    expect(await screen.findByText(SUPPLIER_NOT_APPROVED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(T.notEnabled)).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Editais publicados" })).toBeInTheDocument();
  });

  it("opens the terms, computes the total live, saves the bids, downloads the receipt and goes to the room", async () => {
    const user = userEvent.setup();
    const { api } = setup({ lots: [lot(1), lot(2, { decimalsNumber: 2, quantity: 2 })] });
    await acceptTerms(user);
    const save = screen.getByRole("button", { name: T.save });
    expect(screen.getByText("OBSERVAÇÕES RELEVANTES")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Lance inicial (R$) do lote 1"), "9500");
    expect(screen.getByText("Valor total da proposta: R$ 950,00")).toBeInTheDocument();
    await user.click(save);
    await screen.findByRole("heading", { name: "Sala de negociação" });
    expect(await screen.findByText(T.saved)).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === "/api/app/initialBids/save");
    expect(call?.body).toMatchObject({
      auctionNoticeId: NOTICE_ID,
      canApplyAutomaticBid: false,
      bidData: [
        { batch: { id: "lot-1" }, unitPrice: 9500, quantity: 10 },
        { batch: { id: "lot-2" }, unitPrice: 0, quantity: 0 },
      ],
    });
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it("asks for confirmation in 'Remover Proposta' when every value is zero", async () => {
    const user = userEvent.setup();
    const earlier = lot(1, {
      bids: [
        {
          id: "b1",
          batch: { id: "lot-1" },
          unitPrice: 9000,
          totalPrice: 90000,
          finalPrice: null,
          variationPrice: null,
          percentDiscount: null,
          percentFinalDiscount: null,
          percentVariation: null,
          quantity: 10,
          brand: null,
          canApplyAutomaticBid: false,
        },
      ],
    });
    const { api } = setup({
      lots: [earlier],
      read: read(
        {},
        { proposal: { ...read().proposal, hasProposal: true, termsAcceptedAt: "2026-01-01T00:00:00Z" } },
      ),
    });
    const input = await screen.findByLabelText("Lance inicial (R$) do lote 1");
    expect(input).toHaveValue("R$ 90,00");
    await user.clear(input);
    await user.click(screen.getByRole("button", { name: T.save }));
    const dialog = await screen.findByRole("dialog", { name: T.removeTitle });
    await user.click(within(dialog).getByRole("button", { name: T.confirm }));
    await screen.findByRole("heading", { name: "Sala de negociação" });
    expect(api.calls.find((c) => c.path === "/api/app/initialBids/save")?.body).toMatchObject({
      bidData: [{ batch: { id: "lot-1" }, unitPrice: 0, quantity: 0 }],
      hasSmallCompanyDeclaration: false,
    });
  });

  it("warns on a value in an exclusive lot without the ME/EPP yes, and asks a small business to answer", async () => {
    const user = userEvent.setup();
    const r = read(
      {},
      { supplier: { id: "s-1", isSmallBusiness: true, subscriptionEndDate: null, availableCredits: 0 } },
    );
    const { api } = setup({ read: r, lots: [lot(1, { batchItemParticipation: "EXCLUSIVE" })] });
    await acceptTerms(user);
    await user.type(screen.getByLabelText("Lance inicial (R$) do lote 1"), "100");
    await user.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(T.smallCompanyUnanswered)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: T.smallCompanyNo }));
    await user.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(T.exclusiveLot)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/app/initialBids/save")).toBe(false);
    const declaration = screen.getByRole("radiogroup", { name: /que sou ME\/EPP/ });
    await user.click(within(declaration).getByRole("radio", { name: T.yes }));
    await user.click(screen.getByRole("button", { name: T.save }));
    await screen.findByRole("heading", { name: "Sala de negociação" });
    expect(api.calls.find((c) => c.path === "/api/app/initialBids/save")?.body).toMatchObject({
      hasSmallCompanyDeclaration: true,
    });
  });

  it("shows the automatic-bid fields when chosen and requires the big-company declaration", async () => {
    const user = userEvent.setup();
    const { api } = setup({});
    await acceptTerms(user);
    expect(screen.queryByLabelText("Lance final (R$) do lote 1")).toBeNull();
    await user.click(screen.getByRole("radio", { name: T.yes }));
    await user.type(screen.getByLabelText("Lance inicial (R$) do lote 1"), "9500");
    await user.type(screen.getByLabelText("Lance final (R$) do lote 1"), "9000");
    await user.type(screen.getByLabelText("Variação (R$) do lote 1"), "100");
    const save = screen.getByRole("button", { name: T.save });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /lances automáticos poderão ser cobertos/ }));
    expect(save).toBeEnabled();
    await user.click(save);
    await screen.findByRole("heading", { name: "Sala de negociação" });
    expect(api.calls.find((c) => c.path === "/api/app/initialBids/save")?.body).toMatchObject({
      canApplyAutomaticBid: true,
      hasBigCompanyAutomaticBidDeclaration: true,
      bidData: [{ unitPrice: 9500, finalPrice: 9000, variationPrice: 100 }],
    });
  });

  it("keeps the save disabled until the initial proposal is chosen in its modal, with the §5 message", async () => {
    const user = userEvent.setup();
    const { api } = setup({
      read: read({ isInitialProposalsRequired: true }),
      processDocuments: [
        {
          id: "d-1",
          name: "proposta.pdf",
          url: "/api/app/file/f1",
          description: "",
          kind: "INITIAL_PROPOSAL",
          createdDate: "2026-01-02T10:00:00Z",
        },
      ],
    });
    await acceptTerms(user);
    await user.type(screen.getByLabelText("Lance inicial (R$) do lote 1"), "9500");
    expect(screen.getByText(T.initialProposalRequired)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: T.save })).toBeDisabled();
    expect(screen.getByRole("button", { name: T.importTemplate })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: T.attachProposal }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: T.confirm })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: "Selecionar proposta.pdf" }));
    await user.click(within(dialog).getByRole("button", { name: T.confirm }));
    expect(screen.queryByText(T.initialProposalRequired)).toBeNull();
    await user.click(screen.getByRole("button", { name: T.save }));
    await screen.findByRole("heading", { name: "Sala de negociação" });
    expect(api.calls.find((c) => c.path === "/api/app/initialBids/save")?.body).toMatchObject({
      initialProposal: ["d-1"],
    });
  });

  it("shows the server's message when the save fails and stays on the screen", async () => {
    const user = userEvent.setup();
    setup({ save: () => ({ status: 409, body: { message: "Prazo encerrado." } }) });
    await acceptTerms(user);
    await user.type(screen.getByLabelText("Lance inicial (R$) do lote 1"), "9500");
    await user.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText("Prazo encerrado.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: T.save })).toBeEnabled());
  });
});
