import { describe, expect, it } from "vitest";
import {
  type AutomaticBidder,
  type BidContext,
  type BidLot,
  canDeleteOwnBid,
  nextAutomaticBids,
  OWN_BID_DELETION_WINDOW_MS,
  validateBid,
} from "./bid-acceptance";
import type { AuctionBid } from "./types";

const t = (s: number) => new Date(Date.UTC(2026, 2, 10, 13, 0, s));
const now = t(100);
const bid = (supplierId: string, value: number, s: number, extra: Partial<AuctionBid> = {}): AuctionBid => ({
  supplierId,
  value,
  createdAt: t(s),
  ...extra,
});

const priceLot: BidLot = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  criterion: "LOWEST_PRICE",
  closingKind: "OPEN",
  phase: "BIDDING",
  decimals: 2,
  minimumVariation: 100, // R$ 1,00
};
const ctx = (over: Partial<BidContext> = {}, lot: Partial<BidLot> = {}): BidContext => ({
  lot: { ...priceLot, ...lot },
  bids: [bid("a", 10_000, 1), bid("b", 9_500, 2)],
  bidder: { supplierId: "a" },
  ...over,
});
const message = (r: ReturnType<typeof validateBid>) => (r.ok ? null : r.message);

describe("bid acceptance — direction and own improvement (DESIGN §4 'Bid acceptance')", () => {
  it("LOWEST_PRICE: a lower bid improving the own bid by the minimum variation is accepted", () => {
    expect(validateBid(ctx(), 9_000, now)).toEqual({ ok: true });
    expect(validateBid(ctx(), 9_900, now)).toEqual({ ok: true }); // exactly R$ 1,00 better: intermediate bid
  });

  it("refuses a bid not better than the own last bid, or better by less than the minimum variation", () => {
    expect(message(validateBid(ctx(), 10_000, now))).toBe("O lance deve ser menor que o seu último lance.");
    expect(message(validateBid(ctx(), 10_500, now))).toBe("O lance deve ser menor que o seu último lance.");
    expect(message(validateBid(ctx(), 9_950, now))).toBe(
      "O lance deve melhorar o seu último lance em pelo menos R$ 1,00 (variação mínima).",
    );
  });

  it("accepts intermediate bids that do not beat the best (DESIGN §4)", () => {
    const c = ctx({ bids: [bid("a", 10_000, 1), bid("b", 5_000, 2)] });
    expect(validateBid(c, 8_000, now)).toEqual({ ok: true });
  });

  it("refuses a bid equal to the current best outside the dispensa", () => {
    expect(message(validateBid(ctx(), 9_500, now))).toBe(
      "Já existe um lance com este valor; envie um lance melhor que o melhor lance atual.",
    );
  });

  it("accepts a bid equal to the best in the dispensa (TIMED): the first registered prevails", () => {
    const c = ctx({}, { modality: "ELECTRONIC_DISPENSER", closingKind: "TIMED" });
    expect(validateBid(c, 9_500, now)).toEqual({ ok: true });
  });

  it("BIGGEST_PRICE bids higher; the minimum variation is money scaled by 10^decimals (4 decimals)", () => {
    const c = ctx(
      { bids: [bid("a", 1_000_000, 1)] },
      { criterion: "BIGGEST_PRICE", modality: "ELECTRONIC_AUCTION", decimals: 4, minimumVariation: 5_000 },
    );
    expect(validateBid(c, 1_005_000, now)).toEqual({ ok: true });
    expect(message(validateBid(c, 1_004_999, now))).toBe(
      "O lance deve melhorar o seu último lance em pelo menos R$ 0,5000 (variação mínima).",
    );
    expect(message(validateBid(c, 999_999, now))).toBe("O lance deve ser maior que o seu último lance.");
  });

  it("BIGGEST_DISCOUNT bids a higher raw percent, improving by percentMinimumVariation", () => {
    const c = ctx(
      { bids: [bid("a", 10, 1), bid("b", 12, 2)] },
      { criterion: "BIGGEST_DISCOUNT", percentMinimumVariation: 0.5, minimumVariation: null },
    );
    expect(validateBid(c, 10.5, now)).toEqual({ ok: true });
    expect(message(validateBid(c, 10.49, now))).toBe(
      "O lance deve melhorar o seu último lance em pelo menos 0,50 % (variação mínima).",
    );
    expect(message(validateBid(c, 12, now))).toContain("Já existe um lance com este valor");
    expect(message(validateBid(c, 100, now))).toBe("O desconto deve ser maior que 0 % e menor que 100 %.");
    expect(message(validateBid(c, 0, now))).toBe("O desconto deve ser maior que 0 % e menor que 100 %.");
  });

  it("a first bid with no own bid only meets the best-bid rules", () => {
    expect(validateBid(ctx({ bidder: { supplierId: "new" } }), 9_499, now)).toEqual({ ok: true });
    expect(message(validateBid(ctx({ bidder: { supplierId: "new" } }), 9_500, now))).toContain("Já existe");
  });

  it("refuses malformed values, criteria without a dispute, disabled and disqualified bidders", () => {
    expect(message(validateBid(ctx(), 90.5, now))).toBe("Informe um valor de lance válido.");
    expect(message(validateBid(ctx(), 0, now))).toBe("Informe um valor de lance válido.");
    expect(message(validateBid(ctx({}, { criterion: "BEST_TECHNICAL" }), 9_000, now))).toBe(
      "Este critério de julgamento não tem disputa de lances.",
    );
    expect(message(validateBid(ctx({ bidder: { supplierId: "a", isEnabled: false } }), 9_000, now))).toBe(
      "Licitante inabilitado não pode enviar lances neste lote/item.",
    );
    expect(message(validateBid(ctx({ bidder: { supplierId: "a", isQualified: false } }), 9_000, now))).toBe(
      "Licitante desclassificado não pode enviar lances neste lote/item.",
    );
  });
});

describe("bid acceptance — phases and sub-phases", () => {
  it("only during BIDDING (and TIEBREAKER / NEGOTIATION with their own rules)", () => {
    for (const phase of ["PUBLIC_SESSION", "QUALIFICATION", "CLOSED_FOR_OFFERS"] as const) {
      expect(message(validateBid(ctx({}, { phase }), 9_000, now))).toBe(
        "Lances só podem ser enviados durante a disputa de lances.",
      );
    }
  });

  it("refuses a bid at or after the deadline in force (server clock)", () => {
    expect(message(validateBid(ctx({}, { dueAt: now }), 9_000, now))).toBe(
      "O prazo para envio de lances deste lote/item terminou.",
    );
    expect(validateBid(ctx({}, { dueAt: t(101) }), 9_000, now)).toEqual({ ok: true });
  });

  it("the CLOSED mode has no open bids", () => {
    expect(message(validateBid(ctx({}, { closingKind: "CLOSED" }), 9_000, now))).toBe(
      "Este modo de disputa não tem lances abertos.",
    );
  });

  it("sealed stage (IN 73 art. 24 §1): only eligible bidders, one sealed bid each, better than their own", () => {
    const lot = { closingKind: "OPEN_AND_CLOSED" as const, stage: "SEALED" as const };
    const finalists = ["a", "b"];
    expect(validateBid(ctx({ finalists }, lot), 9_999, now)).toEqual({ ok: true }); // no minimum variation
    expect(validateBid(ctx({ finalists }, lot), 9_500, now)).toEqual({ ok: true }); // equal to best: not compared
    expect(message(validateBid(ctx({ finalists: ["b"] }, lot), 9_000, now))).toContain("lance final fechado");
    expect(message(validateBid(ctx({ finalists: null }, lot), 9_000, now))).toContain("lance final fechado");
    const sent = ctx(
      { finalists, bids: [bid("a", 10_000, 1), bid("a", 9_800, 50, { isSealed: true })] },
      lot,
    );
    expect(message(validateBid(sent, 9_000, now))).toBe("O lance final fechado só pode ser enviado uma vez.");
    expect(message(validateBid(ctx({ finalists }, lot), 10_000, now))).toBe(
      "O lance final fechado deve ser menor que o seu último lance.",
    );
  });

  it("the random-close stage of OPEN_AND_CLOSED still takes open bids", () => {
    const lot = { closingKind: "OPEN_AND_CLOSED" as const, stage: "RANDOM_CLOSE" as const };
    expect(validateBid(ctx({}, lot), 9_000, now)).toEqual({ ok: true });
  });

  it("CLOSED_AND_OPEN (IN 73 art. 25): only the selected bidders bid in the open phase", () => {
    const lot = { closingKind: "CLOSED_AND_OPEN" as const };
    expect(validateBid(ctx({ finalists: ["a"] }, lot), 9_000, now)).toEqual({ ok: true });
    expect(message(validateBid(ctx({ finalists: ["b"] }, lot), 9_000, now))).toBe(
      "Somente os licitantes selecionados para a etapa aberta podem enviar lances.",
    );
  });

  it("TIEBREAKER (LC 123 art. 45 I): only the called ME/EPP, strictly better than the best", () => {
    const lot = { phase: "TIEBREAKER" as const };
    expect(validateBid(ctx({ calledSupplierId: "a" }, lot), 9_499, now)).toEqual({ ok: true });
    expect(message(validateBid(ctx({ calledSupplierId: "a" }, lot), 9_500, now))).toBe(
      "Para o desempate, o lance deve ser menor que o melhor lance atual.",
    );
    expect(message(validateBid(ctx({ calledSupplierId: "b" }, lot), 9_000, now))).toBe(
      "Somente a ME/EPP convocada para o desempate pode enviar lance agora.",
    );
  });

  it("NEGOTIATION (Lei 14.133 art. 61): only the best-placed, any value better than its own", () => {
    const lot = { phase: "NEGOTIATION" as const };
    const c = ctx({ bidder: { supplierId: "b" }, negotiatingSupplierId: "b" }, lot);
    expect(validateBid(c, 9_499, now)).toEqual({ ok: true });
    expect(message(validateBid(c, 9_500, now))).toBe("O novo lance deve ser menor que o seu lance atual.");
    expect(message(validateBid(ctx({ negotiatingSupplierId: "b" }, lot), 9_000, now))).toBe(
      "Na negociação, somente o licitante melhor classificado pode enviar novo lance.",
    );
  });
});

describe("bid acceptance — deleting one's own bid (DESIGN §4 cancel_bid_by_supplier)", () => {
  const base = {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
    phase: "BIDDING" as const,
    bids: [bid("a", 10_000, 1), bid("a", 9_000, 90)],
    supplierId: "a",
    alreadyDeletedInLot: false,
    now: t(105),
  };

  it("the window is 15 s, the one value the server and the room's countdown share (issue 17)", () => {
    // DESIGN §4: 'A supplier may delete its own last bid once per lot, within 15 s of placing it'.
    expect(OWN_BID_DELETION_WINDOW_MS).toBe(15_000);
  });

  it("within 15 s of the latest own bid, once per lot", () => {
    expect(canDeleteOwnBid(base)).toEqual({ ok: true });
    expect(canDeleteOwnBid({ ...base, now: t(106) })).toEqual({
      ok: false,
      message: "O prazo de 15 segundos para excluir o lance terminou.",
    });
    expect(message(canDeleteOwnBid({ ...base, alreadyDeletedInLot: true }))).toContain(
      "só é permitida uma vez",
    );
  });

  it("refused outside BIDDING, in old modalities, in the sealed stage, or without a bid", () => {
    expect(message(canDeleteOwnBid({ ...base, phase: "NEGOTIATION" }))).toBe(
      "Lances só podem ser excluídos durante a disputa de lances.",
    );
    expect(message(canDeleteOwnBid({ ...base, modality: "ELECTRONIC_REVERSED_AUCTION" }))).toContain(
      "14.133",
    );
    expect(message(canDeleteOwnBid({ ...base, stage: "SEALED" }))).toBe(
      "O lance final fechado não pode ser excluído.",
    );
    expect(message(canDeleteOwnBid({ ...base, supplierId: "z" }))).toBe(
      "Você não possui lance para excluir neste lote/item.",
    );
  });
});

describe("bid acceptance — automatic bids (DESIGN §4; trading-room §5 'Automatic bids')", () => {
  const auto = (supplierId: string, floor: number, variation: number, s: number): AutomaticBidder => ({
    supplierId,
    floor,
    variation,
    registeredAt: t(s),
  });
  const input = (bids: AuctionBid[], automaticBidders: AutomaticBidder[], lot: Partial<BidLot> = {}) => ({
    lot: { ...priceLot, ...lot },
    bids,
    automaticBidders,
    now,
  });

  it("beaten by a manual bid, the tool bids the best minus its variation", () => {
    const bids = [bid("a", 10_000, 1), bid("m", 9_500, 2)];
    expect(nextAutomaticBids(input(bids, [auto("a", 8_000, 200, 0)]))).toEqual([
      { supplierId: "a", value: 9_300 },
    ]);
  });

  it("never past the floor: bids the floor when the variation would cross it, nothing when it cannot beat", () => {
    const bids = [bid("a", 10_000, 1), bid("m", 9_500, 2)];
    expect(nextAutomaticBids(input(bids, [auto("a", 9_400, 200, 0)]))).toEqual([
      { supplierId: "a", value: 9_400 },
    ]);
    expect(nextAutomaticBids(input(bids, [auto("a", 9_500, 200, 0)]))).toEqual([]);
    expect(nextAutomaticBids(input(bids, [auto("a", 9_600, 200, 0)]))).toEqual([]);
  });

  it("a variation below the lot's minimum is raised to it", () => {
    const bids = [bid("a", 10_000, 1), bid("m", 9_500, 2)];
    expect(nextAutomaticBids(input(bids, [auto("a", 8_000, 10, 0)]))).toEqual([
      { supplierId: "a", value: 9_400 },
    ]);
  });

  it("two tools: the loser goes to its floor, the best floor wins one variation below it", () => {
    const bids = [bid("a", 10_000, 1), bid("b", 9_900, 2), bid("m", 9_500, 3)];
    const placed = nextAutomaticBids(input(bids, [auto("a", 8_000, 100, 0), auto("b", 8_500, 100, 0)]));
    expect(placed).toEqual([
      { supplierId: "b", value: 8_500 },
      { supplierId: "a", value: 8_400 },
    ]);
  });

  it("equal floors: the earlier registration holds the floor", () => {
    const bids = [bid("a", 10_000, 1), bid("b", 9_900, 2), bid("m", 9_500, 3)];
    const late = auto("a", 8_000, 100, 9);
    const early = auto("b", 8_000, 100, 1);
    expect(nextAutomaticBids(input(bids, [late, early]))).toEqual([{ supplierId: "b", value: 8_000 }]);
  });

  it("the holder of the best never bids against itself; beaten, it answers down to its floor", () => {
    // a holds the best with a tool; b (tool, better floor) beats it, a answers at its floor, b wins below it
    const bids = [bid("b", 10_000, 1), bid("a", 9_000, 2)];
    const placed = nextAutomaticBids(input(bids, [auto("a", 8_500, 100, 0), auto("b", 7_000, 300, 1)]));
    expect(placed).toEqual([
      { supplierId: "b", value: 8_700 },
      { supplierId: "a", value: 8_500 },
      { supplierId: "b", value: 8_200 },
    ]);
  });

  it("terminates with many tools and tiny variations, each placed bid valid in order", () => {
    const bids = [bid("m", 1_000_000, 0)];
    const autos = Array.from({ length: 20 }, (_, i) => auto(`s${i}`, 100_000 + i * 1_000, 1, i));
    const all = [...bids, ...autos.map((a, i) => bid(String(a.supplierId), 1_000_100 + i * 100, i + 1))];
    const placed = nextAutomaticBids(input(all, autos, { minimumVariation: 1 }));
    expect(placed.length).toBeLessThanOrEqual(autos.length + 1);
    expect(placed.at(-1)).toEqual({ supplierId: "s0", value: 100_000 + 1_000 - 1 });
    let best = 1_000_000;
    for (const p of placed) {
      expect(p.value).toBeLessThan(best);
      best = p.value;
    }
  });

  it("no automatic bids outside the open stage of BIDDING or for disabled bidders", () => {
    const bids = [bid("a", 10_000, 1), bid("m", 9_500, 2)];
    const a = [auto("a", 8_000, 200, 0)];
    expect(nextAutomaticBids(input(bids, a, { closingKind: "OPEN_AND_CLOSED", stage: "SEALED" }))).toEqual(
      [],
    );
    expect(nextAutomaticBids(input(bids, a, { phase: "NEGOTIATION" }))).toEqual([]);
    expect(
      nextAutomaticBids({ ...input(bids, a), bidders: [{ supplierId: "a", isEnabled: false }] }),
    ).toEqual([]);
    expect(nextAutomaticBids(input([], a))).toEqual([]);
  });

  it("BIGGEST_DISCOUNT: raw percents, variation in percent points", () => {
    const bids = [bid("a", 10, 1), bid("m", 12, 2)];
    const lot = {
      criterion: "BIGGEST_DISCOUNT" as const,
      percentMinimumVariation: 0.5,
      minimumVariation: null,
    };
    expect(nextAutomaticBids(input(bids, [auto("a", 20, 1, 0)], lot))).toEqual([
      { supplierId: "a", value: 13 },
    ]);
    expect(nextAutomaticBids(input(bids, [auto("a", 12.25, 1, 0)], lot))).toEqual([
      { supplierId: "a", value: 12.25 },
    ]);
  });
});
