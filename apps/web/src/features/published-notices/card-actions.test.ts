import { MODALITIES, type Modality } from "@certame/domain";
import { describe, expect, it } from "vitest";
import {
  AVAILABLE_FEATURES,
  CARD_FEATURES,
  type CardAction,
  type CardUser,
  cardActions,
  cardKind,
  resultsLabel,
  submenuLabel,
  visibleCardActions,
} from "./card-actions";

const notice = (modality: Modality, id = "n-7") => ({ id, modality, buyer: { id: "b-1" } });

const ownBuyer: CardUser = { kind: "BUYER", buyer: { id: "b-1" } };
const otherBuyer: CardUser = { kind: "BUYER", buyer: { id: "b-2" } };
const supplier: CardUser = { kind: "SUPPLIER" };
const citizen: CardUser = { kind: "REGULAR_CITIZEN" };
const admin: CardUser = { kind: "ADMIN" };

const ALL = new Set(CARD_FEATURES);
/** id of each action (every feature taken as built), with its submenu mark. */
const ids = (modality: Modality, user: CardUser | null) =>
  cardActions(notice(modality), user, ALL).map((a) => (a.inSubmenu ? `menu:${a.id}` : a.id));

describe("card kind of each modality", () => {
  it.each<[Modality, string]>([
    ["NEW_ELECTRONIC_REVERSED_AUCTION", "GENERIC"],
    ["ELECTRONIC_DISPENSER", "GENERIC"],
    ["ELECTRONIC_AUCTION", "GENERIC"],
    ["REVERSED_AUCTION_IN_PERSON", "DOWNLOAD_AND_CLARIFICATIONS"],
    ["COMPETITIVE_DIALOGUE", "DOWNLOAD_AND_CLARIFICATIONS"],
    ["DIRECT_NONENFORCEMENT", "DOWNLOAD_AND_CLARIFICATIONS"],
    ["WAIVER_FORMALIZATION", "DOWNLOAD_ONLY"],
    ["PRE_QUALIFICATION", "DOWNLOAD_ONLY"],
    ["DIRECT_WAIVER_FORMALIZATION", "DIRECT_WAIVER_FORMALIZATION"],
    ["DIRECT_ACCREDITATION", "DIRECT_ACCREDITATION"],
    ["DIRECT_PRE_QUALIFICATION", "DIRECT_PRE_QUALIFICATION"],
  ])("%s → %s", (modality, kind) => {
    expect(cardKind(modality)).toBe(kind);
  });
});

describe("generic card (room modalities)", () => {
  it.each<[string, CardUser | null, string[]]>([
    ["visitor", null, ["DOWNLOAD_FILES"]],
    [
      "supplier",
      supplier,
      [
        "DOWNLOAD_FILES",
        "NEGOTIATION_ROOM",
        "INITIAL_BIDS",
        "menu:REQUEST_CLARIFICATION",
        "menu:VIEW_CLARIFICATIONS",
        "menu:VIEW_CHALLENGES",
        "menu:FILE_CHALLENGE",
      ],
    ],
    [
      // Lei 14.133 art. 164: any person challenges the notice, citizens too (issue 19).
      "citizen",
      citizen,
      [
        "DOWNLOAD_FILES",
        "NEGOTIATION_ROOM",
        "menu:REQUEST_CLARIFICATION",
        "menu:VIEW_CLARIFICATIONS",
        "menu:VIEW_CHALLENGES",
        "menu:FILE_CHALLENGE",
      ],
    ],
    [
      "buyer",
      ownBuyer,
      ["DOWNLOAD_FILES", "NEGOTIATION_ROOM", "menu:VIEW_CLARIFICATIONS", "menu:VIEW_CHALLENGES"],
    ],
    ["admin", admin, ["DOWNLOAD_FILES", "menu:VIEW_CLARIFICATIONS", "menu:VIEW_CHALLENGES"]],
  ])("%s", (_, user, expected) => {
    expect(ids("NEW_ELECTRONIC_REVERSED_AUCTION", user)).toEqual(expected);
  });

  it("routes the room and the clarification pages to the notice", () => {
    const routes = Object.fromEntries(
      cardActions(notice("ELECTRONIC_DISPENSER", "42"), supplier, ALL).map((a) => [a.id, a.route]),
    );
    expect(routes).toEqual({
      DOWNLOAD_FILES: undefined,
      NEGOTIATION_ROOM: "/sala-de-negociacao/42",
      INITIAL_BIDS: "/sala-de-negociacao/42/cadastro-de-lances-iniciais",
      REQUEST_CLARIFICATION: "/solicitar-esclarecimentos/42",
      VIEW_CLARIFICATIONS: "/visualizar-esclarecimentos/42",
      VIEW_CHALLENGES: "/visualizar-impugnacoes/42",
      FILE_CHALLENGE: "/impugnar/42",
    });
  });
});

describe("reduced variants", () => {
  it("in-person and direct nonenforcement: download and the clarifications submenu, no room", () => {
    for (const modality of ["COMPETITION_IN_PERSON", "DIRECT_NONENFORCEMENT"] as const) {
      expect(ids(modality, supplier)).toEqual([
        "DOWNLOAD_FILES",
        "menu:REQUEST_CLARIFICATION",
        "menu:VIEW_CLARIFICATIONS",
        "menu:VIEW_CHALLENGES",
        "menu:FILE_CHALLENGE",
      ]);
    }
  });

  it("formalizations: download only, for everyone", () => {
    for (const user of [null, supplier, citizen, ownBuyer, admin]) {
      expect(ids("NONENFORCEMENT", user)).toEqual(["DOWNLOAD_FILES"]);
    }
  });
});

describe("DIRECT_WAIVER_FORMALIZATION card", () => {
  it.each<[string, CardUser | null, string[]]>([
    ["visitor", null, ["DOWNLOAD_FILES"]],
    [
      "supplier",
      supplier,
      [
        "DOWNLOAD_FILES",
        "DOWNLOAD_PROPOSAL_TEMPLATE",
        "ATTACH_SIGNED_PROPOSAL",
        "RESULTS",
        "menu:REQUEST_CLARIFICATION",
        "menu:VIEW_CLARIFICATIONS",
        "menu:VIEW_CHALLENGES",
        "menu:FILE_CHALLENGE",
        "menu:MESSAGE_FORUM",
      ],
    ],
    [
      "the buyer that published it",
      ownBuyer,
      [
        "DOWNLOAD_FILES",
        "APPROVE_PROPOSALS",
        "menu:VIEW_CLARIFICATIONS",
        "menu:VIEW_CHALLENGES",
        "menu:MESSAGE_FORUM",
      ],
    ],
    [
      "another body's buyer",
      otherBuyer,
      ["DOWNLOAD_FILES", "menu:VIEW_CLARIFICATIONS", "menu:VIEW_CHALLENGES", "menu:MESSAGE_FORUM"],
    ],
  ])("%s", (_, user, expected) => {
    expect(ids("DIRECT_WAIVER_FORMALIZATION", user)).toEqual(expected);
  });

  it("sends the proposal to cadastro-de-proposta and labels the results 'Resultado da análise'", () => {
    const actions = cardActions(notice("DIRECT_WAIVER_FORMALIZATION", "9"), supplier, ALL);
    const byId = (id: string) => actions.find((a) => a.id === id) as CardAction;
    expect(byId("ATTACH_SIGNED_PROPOSAL")).toMatchObject({
      label: "Anexar proposta assinada",
      route: "/procedimentos-auxiliares/9/cadastro-de-proposta",
    });
    expect(byId("ATTACH_SIGNED_PROPOSAL").kind).toBeUndefined();
    expect(byId("RESULTS")).toMatchObject({
      label: "Resultado da análise",
      route: "/procedimentos-auxiliares/9/resultados",
    });
    expect(byId("MESSAGE_FORUM").route).toBe("/forum-de-mensagens/9");
  });
});

describe("DIRECT_ACCREDITATION card", () => {
  it("supplier: the waiver card plus update values, appeals and file an appeal", () => {
    expect(ids("DIRECT_ACCREDITATION", supplier)).toEqual([
      "DOWNLOAD_FILES",
      "DOWNLOAD_PROPOSAL_TEMPLATE",
      "ATTACH_SIGNED_PROPOSAL",
      "UPDATE_PRODUCT_VALUES",
      "FILE_APPEAL",
      "RESULTS",
      "menu:REQUEST_CLARIFICATION",
      "menu:VIEW_CLARIFICATIONS",
      "menu:VIEW_CHALLENGES",
      "menu:FILE_CHALLENGE",
      "menu:VIEW_APPEALS",
      "menu:MESSAGE_FORUM",
    ]);
  });

  it("citizen: download, clarification request, challenge and the views", () => {
    expect(ids("DIRECT_ACCREDITATION", citizen)).toEqual([
      "DOWNLOAD_FILES",
      "menu:REQUEST_CLARIFICATION",
      "menu:VIEW_CLARIFICATIONS",
      "menu:VIEW_CHALLENGES",
      "menu:FILE_CHALLENGE",
      "menu:VIEW_APPEALS",
      "menu:MESSAGE_FORUM",
    ]);
  });

  it("marks the attach action INITIAL_VALUES and the update UPDATE_VALUES, at their routes", () => {
    const actions = cardActions(notice("DIRECT_ACCREDITATION", "5"), supplier, ALL);
    const byId = (id: string) => actions.find((a) => a.id === id) as CardAction;
    expect(byId("ATTACH_SIGNED_PROPOSAL")).toMatchObject({
      kind: "INITIAL_VALUES",
      route: "/procedimentos-auxiliares/5/cadastro-de-proposta",
    });
    expect(byId("UPDATE_PRODUCT_VALUES")).toMatchObject({
      label: "Atualizar valores dos produtos",
      kind: "UPDATE_VALUES",
      route: "/procedimentos-auxiliares/5/pedidos-em-andamento",
    });
    expect(byId("FILE_APPEAL").route).toBe("/interpor-recurso/5");
    expect(byId("VIEW_APPEALS").route).toBe("/visualizar-recursos/5");
    expect(byId("RESULTS").label).toBe("Resultados e propostas aprovadas");
  });
});

describe("DIRECT_PRE_QUALIFICATION card", () => {
  it.each<[string, CardUser | null, string[]]>([
    [
      "supplier",
      supplier,
      [
        "DOWNLOAD_FILES",
        "ATTACH_PRE_QUALIFICATION_FILES",
        "FILE_APPEAL",
        "RESULTS",
        "menu:VIEW_APPEALS",
        "menu:MESSAGE_FORUM",
      ],
    ],
    [
      "the buyer that published it",
      ownBuyer,
      ["DOWNLOAD_FILES", "APPROVE_PROPOSALS", "menu:VIEW_APPEALS", "menu:MESSAGE_FORUM"],
    ],
    ["citizen", citizen, ["DOWNLOAD_FILES", "menu:VIEW_APPEALS", "menu:MESSAGE_FORUM"]],
  ])("%s", (_, user, expected) => {
    expect(ids("DIRECT_PRE_QUALIFICATION", user)).toEqual(expected);
  });

  it("attaches the pre-qualification files at cadastro-de-proposta", () => {
    const attach = cardActions(notice("DIRECT_PRE_QUALIFICATION", "3"), supplier, ALL).find(
      (a) => a.id === "ATTACH_PRE_QUALIFICATION_FILES",
    );
    expect(attach).toMatchObject({
      label: "Anexar arquivos de pré-qualificação",
      route: "/procedimentos-auxiliares/3/cadastro-de-proposta",
    });
  });
});

describe("results action label", () => {
  it.each<[Modality, string | null]>([
    ["DIRECT_WAIVER_FORMALIZATION", "Resultado da análise"],
    ["DIRECT_ACCREDITATION", "Resultados e propostas aprovadas"],
    ["DIRECT_PRE_QUALIFICATION", "Resultados e propostas aprovadas"],
    ["DIRECT_NONENFORCEMENT", null],
    ["NEW_ELECTRONIC_REVERSED_AUCTION", null],
  ])("%s → %s", (modality, label) => {
    expect(resultsLabel(modality)).toBe(label);
  });

  it("only the three direct cards have it", () => {
    const withResults = MODALITIES.filter((m) => ids(m, supplier).includes("RESULTS"));
    expect(withResults).toEqual([
      "DIRECT_WAIVER_FORMALIZATION",
      "DIRECT_ACCREDITATION",
      "DIRECT_PRE_QUALIFICATION",
    ]);
  });
});

describe("features available in this version", () => {
  it("is the process-files download, the trading room, the initial bids, the clarifications and challenges, the direct proposals, their appeals and their forum", () => {
    expect([...AVAILABLE_FEATURES]).toEqual([
      "PROCESS_FILES_DOWNLOAD",
      "NEGOTIATION_ROOM",
      "INITIAL_BIDS",
      "CLARIFICATIONS",
      "CHALLENGES",
      "PROPOSAL_APPROVAL",
      "PROPOSAL_TEMPLATE",
      "PROPOSAL_ATTACH",
      "PRODUCT_VALUES_UPDATE",
      "RESULTS",
      "APPEALS",
      "MESSAGE_FORUM",
    ]);
  });

  it("flags each action by its feature, with the default set", () => {
    const actions = cardActions(notice("DIRECT_ACCREDITATION"), supplier);
    expect(actions.length).toBeGreaterThan(1);
    for (const action of actions) {
      expect(action.available).toBe(AVAILABLE_FEATURES.has(action.feature));
    }
  });

  it("gives every card the download, the room to buyers, suppliers and citizens of a room modality, the initial bids to its suppliers, and the clarifications submenu where §2.3 has it", () => {
    for (const modality of MODALITIES.filter(
      (m) => !m.startsWith("DIRECT_") || m === "DIRECT_NONENFORCEMENT",
    )) {
      for (const user of [null, supplier, citizen, ownBuyer, otherBuyer, admin]) {
        const kind = cardKind(modality);
        const withRoom = kind === "GENERIC" && user !== null && user.kind !== "ADMIN";
        const withBids = withRoom && user?.kind === "SUPPLIER";
        const withSubmenu = kind !== "DOWNLOAD_ONLY" && kind !== "DIRECT_PRE_QUALIFICATION" && user !== null;
        const author = user?.kind === "SUPPLIER" || user?.kind === "REGULAR_CITIZEN";
        const submenu = !withSubmenu
          ? []
          : author
            ? ["REQUEST_CLARIFICATION", "VIEW_CLARIFICATIONS", "VIEW_CHALLENGES", "FILE_CHALLENGE"]
            : ["VIEW_CLARIFICATIONS", "VIEW_CHALLENGES"];
        expect(visibleCardActions(notice(modality), user).map((a) => a.id)).toEqual([
          ...(withBids
            ? ["DOWNLOAD_FILES", "NEGOTIATION_ROOM", "INITIAL_BIDS"]
            : withRoom
              ? ["DOWNLOAD_FILES", "NEGOTIATION_ROOM"]
              : ["DOWNLOAD_FILES"]),
          ...submenu,
        ]);
      }
    }
  });

  it("gives a direct procedure's suppliers the template, the attachment, the appeal (accreditation and pre-qualification) and the results; its own body the analysis", () => {
    const ids = (modality: Parameters<typeof notice>[0], user: Parameters<typeof visibleCardActions>[1]) =>
      visibleCardActions(notice(modality), user)
        .filter((a) => !a.inSubmenu)
        .map((a) => a.id);
    expect(ids("DIRECT_WAIVER_FORMALIZATION", supplier)).toEqual([
      "DOWNLOAD_FILES",
      "DOWNLOAD_PROPOSAL_TEMPLATE",
      "ATTACH_SIGNED_PROPOSAL",
      "RESULTS",
    ]);
    expect(ids("DIRECT_ACCREDITATION", supplier)).toEqual([
      "DOWNLOAD_FILES",
      "DOWNLOAD_PROPOSAL_TEMPLATE",
      "ATTACH_SIGNED_PROPOSAL",
      "UPDATE_PRODUCT_VALUES",
      "FILE_APPEAL",
      "RESULTS",
    ]);
    expect(ids("DIRECT_PRE_QUALIFICATION", supplier)).toEqual([
      "DOWNLOAD_FILES",
      "ATTACH_PRE_QUALIFICATION_FILES",
      "FILE_APPEAL",
      "RESULTS",
    ]);
    expect(ids("DIRECT_ACCREDITATION", ownBuyer)).toEqual(["DOWNLOAD_FILES", "APPROVE_PROPOSALS"]);
    expect(ids("DIRECT_ACCREDITATION", otherBuyer)).toEqual(["DOWNLOAD_FILES"]);
    expect(ids("DIRECT_ACCREDITATION", citizen)).toEqual(["DOWNLOAD_FILES"]);
  });

  it("shows the room once its feature is built", () => {
    const withRoom = new Set([...AVAILABLE_FEATURES, "NEGOTIATION_ROOM" as const]);
    expect(
      cardActions(notice("NEW_ELECTRONIC_REVERSED_AUCTION"), citizen, withRoom)
        .filter((a) => a.available)
        .map((a) => a.id),
    ).toEqual([
      "DOWNLOAD_FILES",
      "NEGOTIATION_ROOM",
      "REQUEST_CLARIFICATION",
      "VIEW_CLARIFICATIONS",
      "VIEW_CHALLENGES",
      "FILE_CHALLENGE",
    ]);
  });
});

describe("the submenu's label", () => {
  it("is the clarifications' where they are, 'Recursos e fórum' on the pre-qualification card (§2.3)", () => {
    const submenu = (modality: Parameters<typeof notice>[0]) =>
      visibleCardActions(notice(modality), supplier).filter((a) => a.inSubmenu);
    expect(submenuLabel(submenu("DIRECT_ACCREDITATION"))).toBe("Impugnações e Esclarecimentos");
    expect(submenuLabel(submenu("DIRECT_PRE_QUALIFICATION"))).toBe("Recursos e fórum");
  });
});
