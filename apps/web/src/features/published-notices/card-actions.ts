import { MODALITIES_BY_GROUP, type Modality, type UserKind } from "@certame/domain";

/**
 * The actions of a published-notice card (notices-and-accounts §2.3 "Notice card actions").
 *
 * `cardActions` lists every action §2.3 gives a notice's kind and the user's kind, each flagged by
 * whether its feature exists in this version (`AVAILABLE_FEATURES`); the card renders only the
 * available ones. Adding a feature to the set is what makes its actions appear.
 */

/** The features behind the card actions. */
export const CARD_FEATURES = [
  "PROCESS_FILES_DOWNLOAD",
  "NEGOTIATION_ROOM",
  "INITIAL_BIDS",
  "CLARIFICATIONS",
  "CHALLENGES",
  "APPEALS",
  "MESSAGE_FORUM",
  "PROPOSAL_APPROVAL",
  "PROPOSAL_TEMPLATE",
  "PROPOSAL_ATTACH",
  "PRODUCT_VALUES_UPDATE",
  "RESULTS",
] as const;
export type CardFeature = (typeof CARD_FEATURES)[number];

/**
 * The features built so far: the public 'Download process files' modal (§2.16), the trading room,
 * the initial bids, and the clarifications and challenges (issue 19 item 1).
 */
export const AVAILABLE_FEATURES: ReadonlySet<CardFeature> = new Set<CardFeature>([
  "PROCESS_FILES_DOWNLOAD",
  "NEGOTIATION_ROOM",
  "INITIAL_BIDS",
  "CLARIFICATIONS",
  "CHALLENGES",
  // The direct procedures' proposals (issue 19 item 2).
  "PROPOSAL_APPROVAL",
  "PROPOSAL_TEMPLATE",
  "PROPOSAL_ATTACH",
  "PRODUCT_VALUES_UPDATE",
  "RESULTS",
  // Their appeals (Lei 14.133 art. 165).
  "APPEALS",
  // Their message forum.
  "MESSAGE_FORUM",
]);

export type CardActionId =
  | "DOWNLOAD_FILES"
  | "NEGOTIATION_ROOM"
  | "INITIAL_BIDS"
  | "REQUEST_CLARIFICATION"
  | "VIEW_CLARIFICATIONS"
  | "VIEW_CHALLENGES"
  | "FILE_CHALLENGE"
  | "APPROVE_PROPOSALS"
  | "DOWNLOAD_PROPOSAL_TEMPLATE"
  | "ATTACH_SIGNED_PROPOSAL"
  | "ATTACH_PRE_QUALIFICATION_FILES"
  | "UPDATE_PRODUCT_VALUES"
  | "VIEW_APPEALS"
  | "FILE_APPEAL"
  | "MESSAGE_FORUM"
  | "RESULTS";

/** The submenu of a card ('Challenges and Clarifications' in §2.3). */
export const CARD_SUBMENU_LABEL = "Impugnações e Esclarecimentos";
/** §2.3 names no label for the pre-qualification's submenu, which holds only the appeals and the forum. */
export const APPEALS_SUBMENU_LABEL = "Recursos e fórum";

/** The submenu's label: the clarifications' unless it holds none of them. */
export const submenuLabel = (submenu: readonly Pick<CardAction, "feature">[]) =>
  submenu.some((a) => a.feature === "CLARIFICATIONS" || a.feature === "CHALLENGES")
    ? CARD_SUBMENU_LABEL
    : APPEALS_SUBMENU_LABEL;

export interface CardAction {
  id: CardActionId;
  label: string;
  feature: CardFeature;
  /** Whether the action's feature exists in this version; the card shows only available actions. */
  available: boolean;
  /** Where the action goes; absent for actions that open a modal or download a file. */
  route?: string;
  /** The kind §2.3 marks the proposal actions of a DIRECT_ACCREDITATION card with. */
  kind?: "INITIAL_VALUES" | "UPDATE_VALUES";
  /** Whether the action lives in the card's submenu rather than among its buttons. */
  inSubmenu: boolean;
}

/** What the actions depend on in a notice. */
export interface CardNotice {
  id: string | number;
  modality: Modality;
  buyer: { id: string | number };
}

/** What the actions depend on in the user; null for a visitor. */
export interface CardUser {
  kind: UserKind;
  buyer?: { id: string | number } | null;
}

/** The shapes of §2.3: the generic card, its two reduced variants and the three direct-contracting cards. */
export type CardKind =
  | "GENERIC"
  | "DOWNLOAD_AND_CLARIFICATIONS"
  | "DOWNLOAD_ONLY"
  | "DIRECT_WAIVER_FORMALIZATION"
  | "DIRECT_ACCREDITATION"
  | "DIRECT_PRE_QUALIFICATION";

/**
 * Which card a modality gets. §2.3 names the generic card (with the negotiation room), so it goes to
 * the modalities that have a room; it names two reduced variants without saying whose they are:
 * the in-person modalities and direct nonenforcement (no room, but a notice open to clarifications
 * and challenges) get download plus the clarifications submenu, and the formalizations (results of
 * processes already finished) get download only. The three direct modalities it names get their own.
 */
export function cardKind(modality: Modality): CardKind {
  switch (modality) {
    case "DIRECT_WAIVER_FORMALIZATION":
    case "DIRECT_ACCREDITATION":
    case "DIRECT_PRE_QUALIFICATION":
      return modality;
    default:
      if (MODALITIES_BY_GROUP.BIDDING.includes(modality)) return "GENERIC";
      if (MODALITIES_BY_GROUP.FORMALIZATION.includes(modality)) return "DOWNLOAD_ONLY";
      return "DOWNLOAD_AND_CLARIFICATIONS";
  }
}

/** The label of the results action (§2.3 "Results action"), for the modalities that have it. */
export function resultsLabel(modality: Modality): string | null {
  if (modality === "DIRECT_WAIVER_FORMALIZATION") return "Resultado da análise";
  if (modality === "DIRECT_ACCREDITATION" || modality === "DIRECT_PRE_QUALIFICATION")
    return "Resultados e propostas aprovadas";
  return null;
}

type Audience = "EVERYONE" | "LOGGED_IN" | readonly UserKind[];

interface ActionSpec {
  id: CardActionId;
  label: string;
  feature: CardFeature;
  audience: Audience;
  /** Only the body that published the notice (the buyer's own notices, §6). */
  ownBodyOnly?: boolean;
  route?: (id: string) => string;
  kind?: CardAction["kind"];
  inSubmenu?: boolean;
}

const SUPPLIER_ONLY: readonly UserKind[] = ["SUPPLIER"];
const ROOM_USERS: readonly UserKind[] = ["BUYER", "SUPPLIER", "REGULAR_CITIZEN"];
const CLARIFICATION_AUTHORS: readonly UserKind[] = ["SUPPLIER", "REGULAR_CITIZEN"];

const procedure = (id: string, page: string) => `/procedimentos-auxiliares/${id}/${page}`;

const DOWNLOAD: ActionSpec = {
  id: "DOWNLOAD_FILES",
  label: "Baixar arquivos do processo",
  feature: "PROCESS_FILES_DOWNLOAD",
  audience: "EVERYONE",
};
const ROOM: ActionSpec = {
  id: "NEGOTIATION_ROOM",
  label: "Sala de negociação",
  feature: "NEGOTIATION_ROOM",
  audience: ROOM_USERS,
  route: (id) => `/sala-de-negociacao/${id}`,
};
/** The supplier's initial bids (trading-room §2.8, route /sala-de-negociacao/{id}/cadastro-de-lances-iniciais). */
const INITIAL_BIDS: ActionSpec = {
  id: "INITIAL_BIDS",
  label: "Cadastro de lances iniciais",
  feature: "INITIAL_BIDS",
  audience: SUPPLIER_ONLY,
  route: (id) => `/sala-de-negociacao/${id}/cadastro-de-lances-iniciais`,
};
const REQUEST_CLARIFICATION: ActionSpec = {
  id: "REQUEST_CLARIFICATION",
  label: "Solicitar esclarecimento",
  feature: "CLARIFICATIONS",
  audience: CLARIFICATION_AUTHORS,
  route: (id) => `/solicitar-esclarecimentos/${id}`,
  inSubmenu: true,
};
const VIEW_CLARIFICATIONS: ActionSpec = {
  id: "VIEW_CLARIFICATIONS",
  label: "Visualizar esclarecimentos",
  feature: "CLARIFICATIONS",
  audience: "LOGGED_IN",
  route: (id) => `/visualizar-esclarecimentos/${id}`,
  inSubmenu: true,
};
const VIEW_CHALLENGES: ActionSpec = {
  id: "VIEW_CHALLENGES",
  label: "Visualizar impugnações",
  feature: "CHALLENGES",
  audience: "LOGGED_IN",
  route: (id) => `/visualizar-impugnacoes/${id}`,
  inSubmenu: true,
};
/**
 * §2.3 and §6 give 'Impugnar' to suppliers; Lei 14.133 art. 164 gives the challenge to "qualquer
 * pessoa", so citizens file it too (docs/decisions.md, issue 19).
 */
const FILE_CHALLENGE: ActionSpec = {
  id: "FILE_CHALLENGE",
  label: "Impugnar",
  feature: "CHALLENGES",
  audience: CLARIFICATION_AUTHORS,
  route: (id) => `/impugnar/${id}`,
  inSubmenu: true,
};
const VIEW_APPEALS: ActionSpec = {
  id: "VIEW_APPEALS",
  label: "Visualizar recursos",
  feature: "APPEALS",
  audience: "LOGGED_IN",
  route: (id) => `/visualizar-recursos/${id}`,
  inSubmenu: true,
};
const FORUM: ActionSpec = {
  id: "MESSAGE_FORUM",
  label: "Fórum de mensagens",
  feature: "MESSAGE_FORUM",
  audience: "LOGGED_IN",
  route: (id) => `/forum-de-mensagens/${id}`,
  inSubmenu: true,
};
const FILE_APPEAL: ActionSpec = {
  id: "FILE_APPEAL",
  label: "Interpor recurso",
  feature: "APPEALS",
  audience: SUPPLIER_ONLY,
  route: (id) => `/interpor-recurso/${id}`,
};
const APPROVE_PROPOSALS: ActionSpec = {
  id: "APPROVE_PROPOSALS",
  label: "Analisar e aprovar propostas",
  feature: "PROPOSAL_APPROVAL",
  audience: ["BUYER"],
  ownBodyOnly: true,
  route: (id) => procedure(id, "aprovar-propostas"),
};
const PROPOSAL_TEMPLATE: ActionSpec = {
  id: "DOWNLOAD_PROPOSAL_TEMPLATE",
  label: "Baixar modelo de proposta",
  feature: "PROPOSAL_TEMPLATE",
  audience: SUPPLIER_ONLY,
};
const ATTACH_SIGNED_PROPOSAL: ActionSpec = {
  id: "ATTACH_SIGNED_PROPOSAL",
  label: "Anexar proposta assinada",
  feature: "PROPOSAL_ATTACH",
  audience: SUPPLIER_ONLY,
  route: (id) => procedure(id, "cadastro-de-proposta"),
};

const CLARIFICATIONS_SUBMENU = [REQUEST_CLARIFICATION, VIEW_CLARIFICATIONS, VIEW_CHALLENGES, FILE_CHALLENGE];

function results(modality: Modality): ActionSpec {
  return {
    id: "RESULTS",
    label: resultsLabel(modality) ?? "Resultados",
    feature: "RESULTS",
    audience: SUPPLIER_ONLY,
    route: (id) => procedure(id, "resultados"),
  };
}

/** The actions §2.3 gives each card kind, in display order, before the user's kind is applied. */
function specsOf(kind: CardKind, modality: Modality): ActionSpec[] {
  switch (kind) {
    case "GENERIC":
      return [DOWNLOAD, ROOM, INITIAL_BIDS, ...CLARIFICATIONS_SUBMENU];
    case "DOWNLOAD_AND_CLARIFICATIONS":
      return [DOWNLOAD, ...CLARIFICATIONS_SUBMENU];
    case "DOWNLOAD_ONLY":
      return [DOWNLOAD];
    case "DIRECT_WAIVER_FORMALIZATION":
      return [
        DOWNLOAD,
        APPROVE_PROPOSALS,
        PROPOSAL_TEMPLATE,
        ATTACH_SIGNED_PROPOSAL,
        results(modality),
        ...CLARIFICATIONS_SUBMENU,
        FORUM,
      ];
    case "DIRECT_ACCREDITATION":
      return [
        DOWNLOAD,
        APPROVE_PROPOSALS,
        PROPOSAL_TEMPLATE,
        { ...ATTACH_SIGNED_PROPOSAL, kind: "INITIAL_VALUES" },
        {
          id: "UPDATE_PRODUCT_VALUES",
          label: "Atualizar valores dos produtos",
          feature: "PRODUCT_VALUES_UPDATE",
          audience: SUPPLIER_ONLY,
          kind: "UPDATE_VALUES",
          route: (id) => procedure(id, "pedidos-em-andamento"),
        },
        FILE_APPEAL,
        results(modality),
        ...CLARIFICATIONS_SUBMENU,
        VIEW_APPEALS,
        FORUM,
      ];
    case "DIRECT_PRE_QUALIFICATION":
      return [
        DOWNLOAD,
        APPROVE_PROPOSALS,
        {
          id: "ATTACH_PRE_QUALIFICATION_FILES",
          label: "Anexar arquivos de pré-qualificação",
          feature: "PROPOSAL_ATTACH",
          audience: SUPPLIER_ONLY,
          route: (id) => procedure(id, "cadastro-de-proposta"),
        },
        FILE_APPEAL,
        results(modality),
        VIEW_APPEALS,
        FORUM,
      ];
  }
}

function reaches(spec: ActionSpec, notice: CardNotice, user: CardUser | null): boolean {
  if (spec.audience === "EVERYONE") return true;
  if (!user) return false;
  if (spec.audience !== "LOGGED_IN" && !spec.audience.includes(user.kind)) return false;
  if (spec.ownBodyOnly && String(user.buyer?.id ?? "") !== String(notice.buyer.id)) return false;
  return true;
}

/**
 * Every action of a notice's card for a user (null: a visitor), each flagged by whether its feature
 * is in `available` (by default the features built so far).
 */
export function cardActions(
  notice: CardNotice,
  user: CardUser | null,
  available: ReadonlySet<CardFeature> = AVAILABLE_FEATURES,
): CardAction[] {
  const id = String(notice.id);
  return specsOf(cardKind(notice.modality), notice.modality)
    .filter((spec) => reaches(spec, notice, user))
    .map((spec) => ({
      id: spec.id,
      label: spec.label,
      feature: spec.feature,
      available: available.has(spec.feature),
      inSubmenu: spec.inSubmenu ?? false,
      ...(spec.route ? { route: spec.route(id) } : {}),
      ...(spec.kind ? { kind: spec.kind } : {}),
    }));
}

/** The actions a card shows: those whose feature exists. */
export const visibleCardActions = (notice: CardNotice, user: CardUser | null): CardAction[] =>
  cardActions(notice, user).filter((action) => action.available);
