// Open data (issue 19 item 6): a published notice as Open Contracting Data Standard 1.1 releases
// (https://standard.open-contracting.org/1.1/en/schema/release/) and their compiled record. The
// readings of the standard for a Brazilian process are in docs/decisions.md "Open data (OCDS 1.1)".
// Pure: the service reads the rows, this turns them into releases.
import { createHash } from "node:crypto";
import {
  type AuctionBid,
  areIdentitiesHidden,
  areProposalsSealed,
  formatBrasiliaIso,
  isReferencePricePublic,
  JUDGEMENT_CRITERION_LABELS,
  type JudgementCriterion,
  type LicensePhase,
  type LotPhase,
  MODALITY_LABELS,
  type Modality,
  type NoticeStatus,
  OCID_PREFIX,
  ocidOf,
  rankSuppliers,
  STILL_VALID_PHASES,
} from "@certame/domain";

/** An ocid of this publisher; the notice id is its group 1. */
export const OCID_PATTERN = new RegExp(
  `^${OCID_PREFIX}-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** The extensions the releases use: lots (tender.lots, relatedLot) and the bids' statistics. */
export const OCDS_EXTENSIONS = [
  "https://raw.githubusercontent.com/open-contracting-extensions/ocds_lots_extension/v1.1.5/extension.json",
  "https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/v1.1.5/extension.json",
];

export interface OcdsNotice {
  id: string;
  status: NoticeStatus;
  modality: Modality;
  dispensationForm: JudgementCriterion;
  offerKind: string;
  auctionLicensePhase: LicensePhase | null;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  startDateTime: Date | null;
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
  clarificationEndDateTime: Date | null;
  shouldDiscloseReferencePrice: boolean;
  isReferencePriceDisclosed: boolean;
  publishedDate: Date | null;
  createdDate: Date;
  updatedDate: Date;
  buyerName: string;
  buyerCnpj: string;
  buyerCity: string | null;
  buyerState: string | null;
}

export interface OcdsLotRow {
  id: string;
  number: number;
  item: number;
  phase: LotPhase;
  product: string | null;
  quantity: string;
  unitCode: string | null;
  unitName: string | null;
  referencePrice: number;
  unitReferencePrice: number | null;
  decimals: number;
  dispensationForm: JudgementCriterion | null;
  negotiatingSupplierId: string | null;
  phaseStartDateTime: Date | null;
  updatedDate: Date;
}

export interface OcdsSupplier {
  supplierId: string;
  corporateName: string | null;
  name: string | null;
  credentialKind: "LEGAL_PERSON" | "INDIVIDUAL";
  documentNumber: string;
}

export interface OcdsBidder extends OcdsSupplier {
  anonymousNumber: number;
}

export interface OcdsBid {
  batchId: string;
  supplierId: string;
  unitPrice: number | null;
  percentDiscount: string | null;
  createdDate: Date;
}

export interface OcdsRecordedWinner extends OcdsSupplier {
  id: string;
  batchId: string;
  unitPrice: number;
  totalPrice: number;
  quantity: string;
  createdDate: Date;
  updatedDate: Date;
}

export interface OcdsNoticeData {
  notice: OcdsNotice;
  lots: OcdsLotRow[];
  bidders: OcdsBidder[];
  /** The revealed, live bids of the lots' head rows. */
  bids: OcdsBid[];
  winners: OcdsRecordedWinner[];
}

// biome-ignore lint/suspicious/noExplicitAny: OCDS releases are open JSON objects, checked by the schema in tests.
export type Json = any;

const BRL = "BRL";
const amountOf = (scaled: number, decimals: number) => Number((scaled / 10 ** decimals).toFixed(decimals));
const money = (scaled: number, decimals: number) => ({ amount: amountOf(scaled, decimals), currency: BRL });
const iso = (d: Date | null | undefined) => (d ? formatBrasiliaIso(d) : undefined);
const latest = (dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

const DIRECT_MODALITIES: readonly Modality[] = [
  "DIRECT_WAIVER_FORMALIZATION",
  "DIRECT_NONENFORCEMENT",
  "WAIVER_FORMALIZATION",
  "NONENFORCEMENT",
];
const LIMITED_MODALITIES: readonly Modality[] = ["ELECTRONIC_DISPENSER"];

/** OCDS procurementMethod: a waiver or non-enforceability is direct, the electronic waiver limited. */
export function procurementMethodOf(modality: Modality): "open" | "limited" | "direct" {
  if (DIRECT_MODALITIES.includes(modality)) return "direct";
  if (LIMITED_MODALITIES.includes(modality)) return "limited";
  return "open";
}

/** OCDS tender status (codelist tenderStatus) from the notice status. */
export function tenderStatusOf(status: NoticeStatus, hasAwards: boolean): string {
  switch (status) {
    case "CANCELLED":
    case "REVOKED":
      return "cancelled";
    case "FINISHED":
      return hasAwards ? "complete" : "unsuccessful";
    default:
      return "active";
  }
}

/** Lot status (lots extension, codelist tenderStatus) from the lot phase. */
export function lotStatusOf(phase: LotPhase): string {
  switch (phase) {
    case "FAILED":
    case "DESERTED":
      return "unsuccessful";
    case "REVOKED":
    case "CANCELED":
      return "cancelled";
    case "HOMOLOGATION":
    case "CLOSING":
      return "complete";
    default:
      return "active";
  }
}

/** Award status: adjudication under way is pending; homologated (or the process closed) is active. */
const AWARD_PHASES: Partial<Record<LotPhase, "pending" | "active">> = {
  AWARDING: "pending",
  HOMOLOGATION: "active",
  CLOSING: "active",
};

/** An organization's party id: its CNPJ (org-id.guide BR-CNPJ); a person is never named by CPF (LGPD). */
function supplierParty(s: OcdsSupplier) {
  const name = s.corporateName ?? s.name ?? "";
  if (s.credentialKind === "LEGAL_PERSON")
    return {
      id: `BR-CNPJ-${s.documentNumber}`,
      name,
      identifier: { scheme: "BR-CNPJ", id: s.documentNumber, legalName: name },
    };
  return { id: `${OCID_PREFIX}-fornecedor-${s.supplierId}`, name };
}

const releaseId = (ocid: string, tag: string, content: unknown) =>
  `${ocid}-${tag}-${createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 12)}`;

/**
 * The notice's releases, oldest first: the tender at its publication; a tender update when the bids'
 * summary or a later state (status, lot outcomes) is public; the awards and the contracts to sign
 * once the winners may be named. What the law keeps confidential stays out: sealed proposals
 * (areProposalsSealed), bids while a lot is still being disputed (STILL_VALID_PHASES), and every
 * supplier's identity while any lot is in a confidential phase (areIdentitiesHidden, the one
 * identity rule the room, the minutes and these data share). A secret reference price stays out.
 */
export function noticeReleases(data: OcdsNoticeData): Json[] {
  const { notice, lots, bidders, bids, winners } = data;
  const ocid = ocidOf(notice.id);
  const heads = lots.filter((r) => r.item === 1);
  const priceIsPublic = isReferencePricePublic(notice);
  const hidden = identitiesHidden(data);
  const buyerParty = {
    id: `BR-CNPJ-${notice.buyerCnpj}`,
    name: notice.buyerName,
    identifier: { scheme: "BR-CNPJ", id: notice.buyerCnpj, legalName: notice.buyerName },
    address: {
      ...(notice.buyerCity ? { locality: notice.buyerCity } : {}),
      ...(notice.buyerState ? { region: notice.buyerState } : {}),
      countryName: "Brasil",
    },
    roles: ["buyer", "procuringEntity"],
  };
  const buyerRef = { id: buyerParty.id, name: buyerParty.name };
  const criterionOf = (head: OcdsLotRow) => head.dispensationForm ?? notice.dispensationForm;

  // Items and lots: the reference price only when public (Lei 14.133 art. 24).
  const items = lots.map((r) => {
    const head = heads.find((h) => h.number === r.number);
    const unitValue = r.unitReferencePrice ?? r.referencePrice;
    return {
      id: r.id,
      description: r.product ?? `Item ${r.item} do lote ${r.number}`,
      quantity: Number(r.quantity),
      unit: {
        ...(r.unitCode ? { id: r.unitCode } : {}),
        name: r.unitName ?? r.unitCode ?? "Unidade",
        ...(priceIsPublic ? { value: money(unitValue, r.decimals) } : {}),
      },
      relatedLot: head?.id ?? r.id,
    };
  });
  const lotValue = (number: number) => {
    const rows = lots.filter((r) => r.number === number);
    const decimals = Math.max(...rows.map((r) => r.decimals));
    const total = rows.reduce(
      (sum, r) => sum + amountOf(r.unitReferencePrice ?? r.referencePrice, r.decimals) * Number(r.quantity),
      0,
    );
    return { amount: Number(total.toFixed(decimals)), currency: BRL };
  };
  const tenderBase = {
    id: notice.id,
    title: `${MODALITY_LABELS[notice.modality]} nº ${notice.noticeNumber}`,
    description: notice.objectOfInterest,
    procuringEntity: buyerRef,
    items,
    ...(priceIsPublic && heads.length > 0
      ? {
          value: {
            amount: Number(heads.reduce((sum, h) => sum + lotValue(h.number).amount, 0).toFixed(2)),
            currency: BRL,
          },
        }
      : {}),
    procurementMethod: procurementMethodOf(notice.modality),
    procurementMethodDetails: `${MODALITY_LABELS[notice.modality]} — processo ${notice.processNumber}`,
    awardCriteria:
      notice.dispensationForm === "LOWEST_PRICE" || notice.dispensationForm === "BIGGEST_DISCOUNT"
        ? "priceOnly"
        : "ratedCriteria",
    awardCriteriaDetails: JUDGEMENT_CRITERION_LABELS[notice.dispensationForm],
    submissionMethod: ["electronicSubmission"],
    ...(notice.proposalsStartDateTime || notice.proposalsEndDateTime
      ? {
          tenderPeriod: {
            ...(notice.proposalsStartDateTime ? { startDate: iso(notice.proposalsStartDateTime) } : {}),
            ...(notice.proposalsEndDateTime ? { endDate: iso(notice.proposalsEndDateTime) } : {}),
          },
        }
      : {}),
    ...(notice.clarificationEndDateTime
      ? { enquiryPeriod: { endDate: iso(notice.clarificationEndDateTime) } }
      : {}),
  };
  const lotsAt = (statusOf: (h: OcdsLotRow) => string) =>
    heads.map((h) => ({
      id: h.id,
      title: `Lote ${h.number}`,
      status: statusOf(h),
      ...(priceIsPublic ? { value: lotValue(h.number) } : {}),
    }));

  const published = notice.publishedDate ?? notice.createdDate;
  const releases: Json[] = [];
  const release = (tag: string, date: Date, body: Json) => {
    const content = { tag, date: iso(date), ...body };
    releases.push({
      ocid,
      id: releaseId(ocid, tag, content),
      date: iso(date),
      tag: [tag],
      initiationType: "tender",
      language: "pt",
      ...body,
    });
  };

  // 1. tender: the notice as published.
  release("tender", published, {
    parties: [buyerParty],
    buyer: buyerRef,
    tender: { ...tenderBase, status: "active", lots: lotsAt(() => "active") },
  });

  // The bids' summary of each lot whose dispute is over (its bids were shown in the public room).
  const settled = heads.filter((h) => !STILL_VALID_PHASES.includes(h.phase) && !areProposalsSealed(h.phase));
  const ranked = new Map(
    settled.map((h) => {
      const criterion = criterionOf(h);
      const lotBids: AuctionBid[] = bids
        .filter((b) => b.batchId === h.id)
        .map((b) => ({
          supplierId: b.supplierId,
          value: criterion === "BIGGEST_DISCOUNT" ? Number(b.percentDiscount) : Number(b.unitPrice),
          createdAt: b.createdDate,
        }));
      return [h.id, { criterion, all: lotBids, best: rankSuppliers(lotBids, criterion) }] as const;
    }),
  );
  const statistics = settled.flatMap((h) => {
    const r = ranked.get(h.id);
    if (!r) return [];
    const stat = (measure: string, value: number, extra: Json = {}) => ({
      id: `${h.id}-${measure}`,
      measure,
      value,
      relatedLot: h.id,
      ...extra,
    });
    const out = [stat("bids", r.all.length), stat("bidders", r.best.length)];
    const best = r.best[0];
    if (best)
      out.push(
        r.criterion === "BIGGEST_DISCOUNT"
          ? stat("highestValidDiscountPercentage", best.value, { notes: "Maior desconto ofertado (%)" })
          : stat(
              r.criterion === "BIGGEST_PRICE" ? "highestValidBidValue" : "lowestValidBidValue",
              amountOf(best.value, h.decimals),
              { currency: BRL },
            ),
      );
    return out;
  });
  const sessionOver = heads.length > 0 && heads.every((h) => !STILL_VALID_PHASES.includes(h.phase));
  const tendererIds = new Set(bids.map((b) => b.supplierId));
  const tenderers = sessionOver && !hidden ? bidders.filter((b) => tendererIds.has(b.supplierId)) : [];

  // Awards: the room's winners once their lot is adjudicated, and the winners recorded by hand.
  // None while any identity is confidential: an award names its supplier.
  interface Award {
    award: Json;
    supplier: OcdsSupplier;
    final: boolean;
    lotId: string;
    date: Date;
  }
  const awards: Award[] = [];
  if (!hidden) {
    for (const h of heads) {
      const status = AWARD_PHASES[h.phase];
      const winner =
        status && h.negotiatingSupplierId
          ? bidders.find((b) => b.supplierId === h.negotiatingSupplierId)
          : undefined;
      if (!status || !winner) continue;
      const r = ranked.get(h.id);
      const best = r?.best.find((b) => String(b.supplierId) === winner.supplierId);
      const rows = lots.filter((l) => l.number === h.number);
      const criterion = criterionOf(h);
      // The lot's value: a global offer is the bid; a unit offer on a one-item lot times its quantity.
      const value =
        !best || criterion === "BIGGEST_DISCOUNT"
          ? undefined
          : notice.offerKind === "BATCH_TOTAL_AMOUNT"
            ? money(best.value, h.decimals)
            : rows.length === 1
              ? {
                  amount: Number((amountOf(best.value, h.decimals) * Number(h.quantity)).toFixed(h.decimals)),
                  currency: BRL,
                }
              : undefined;
      // The award's items at the awarded price: known per item only for a unit offer on a one-item
      // lot (the bid); otherwise the items go without a unit value (never the reference price).
      const unitAwarded =
        best &&
        criterion !== "BIGGEST_DISCOUNT" &&
        notice.offerKind !== "BATCH_TOTAL_AMOUNT" &&
        rows.length === 1
          ? money(best.value, h.decimals)
          : undefined;
      const awardItems = items
        .filter((i) => rows.some((row) => row.id === i.id))
        .map(({ unit: { value: _reference, ...unit }, ...item }) => ({
          ...item,
          unit: { ...unit, ...(unitAwarded ? { value: unitAwarded } : {}) },
        }));
      const date = h.phaseStartDateTime ?? h.updatedDate;
      awards.push({
        lotId: h.id,
        supplier: winner,
        final: status === "active",
        date,
        award: {
          id: `${h.id}-${winner.anonymousNumber}`,
          title: `Lote ${h.number}`,
          ...(best && criterion === "BIGGEST_DISCOUNT"
            ? { description: `Maior desconto: ${best.value}%` }
            : {}),
          status,
          date: iso(date),
          ...(value ? { value } : {}),
          suppliers: [{ id: supplierParty(winner).id, name: supplierParty(winner).name }],
          items: awardItems,
          relatedLots: [h.id],
        },
      });
    }
    // Hand-recorded winners (formalization, in-person): one award per item row and supplier.
    const final = notice.status === "FINISHED";
    for (const w of winners) {
      const row = lots.find((l) => l.id === w.batchId);
      if (!row) continue;
      const head = heads.find((h) => h.number === row.number);
      const party = supplierParty(w);
      const item = items.find((i) => i.id === row.id);
      awards.push({
        lotId: head?.id ?? row.id,
        supplier: w,
        final,
        date: w.createdDate,
        award: {
          id: w.id,
          title: `Lote ${row.number}, item ${row.item}`,
          status: final ? "active" : "pending",
          date: iso(w.createdDate),
          value: money(w.totalPrice, row.decimals),
          suppliers: [{ id: party.id, name: party.name }],
          ...(item
            ? {
                items: [
                  {
                    ...item,
                    quantity: Number(w.quantity),
                    unit: { ...item.unit, value: money(w.unitPrice, row.decimals) },
                  },
                ],
              }
            : {}),
          relatedLots: [head?.id ?? row.id],
        },
      });
    }
  }

  const supplierIds = new Set(awards.map((a) => a.supplier.supplierId));
  const partyOf = (s: OcdsSupplier) => {
    const roles = [
      ...(tenderers.some((t) => t.supplierId === s.supplierId) ? ["tenderer"] : []),
      ...(supplierIds.has(s.supplierId) ? ["supplier"] : []),
    ];
    return { ...supplierParty(s), roles };
  };

  // 2. tenderUpdate: what became public after the publication.
  const lotOutcomeChanged = heads.some((h) => lotStatusOf(h.phase) !== "active");
  const status = tenderStatusOf(notice.status, awards.length > 0);
  if (statistics.length > 0 || status !== "active" || lotOutcomeChanged) {
    const date =
      latest([notice.updatedDate, ...heads.map((h) => h.phaseStartDateTime ?? h.updatedDate)]) ?? published;
    release("tenderUpdate", date < published ? published : date, {
      parties: [buyerParty, ...tenderers.map(partyOf)],
      buyer: buyerRef,
      tender: {
        ...tenderBase,
        status,
        lots: lotsAt((h) => lotStatusOf(h.phase)),
        ...(sessionOver ? { numberOfTenderers: tendererIds.size } : {}),
        ...(tenderers.length > 0
          ? { tenderers: tenderers.map((t) => ({ id: partyOf(t).id, name: partyOf(t).name })) }
          : {}),
      },
      ...(statistics.length > 0 ? { bids: { statistics } } : {}),
    });
  }

  // 3. award: the adjudicated winners.
  if (awards.length > 0) {
    const suppliersOnce = [...new Map(awards.map((a) => [a.supplier.supplierId, a.supplier])).values()];
    release("award", latest(awards.map((a) => a.date)) ?? published, {
      parties: [buyerParty, ...suppliersOnce.map(partyOf)],
      buyer: buyerRef,
      awards: awards.map((a) => a.award),
    });
  }

  // 4. contract: a homologated award of a closed process is a contract to sign (pending): the
  // platform does not hold the signed contract (docs/decisions.md).
  const closed = notice.status === "FINISHED";
  const toSign = awards.filter(
    (a) => a.final && (closed || heads.find((h) => h.id === a.lotId)?.phase === "CLOSING"),
  );
  if (toSign.length > 0) {
    release("contract", latest([notice.updatedDate, ...toSign.map((a) => a.date)]) ?? published, {
      parties: [buyerParty],
      buyer: buyerRef,
      contracts: toSign.map((a) => ({
        id: `${a.award.id}-contrato`,
        awardID: a.award.id,
        title: `Contrato — ${a.award.title}`,
        status: "pending",
        ...(a.award.value ? { value: a.award.value } : {}),
        ...(a.award.items ? { items: a.award.items } : {}),
      })),
    });
  }
  return releases.sort(byDate);
}

/** Releases in date order (the dates carry their offsets: compared as instants). */
/** Whether the suppliers' identities are confidential now (the room's rule, areIdentitiesHidden). */
export function identitiesHidden({ notice, lots }: Pick<OcdsNoticeData, "notice" | "lots">): boolean {
  return areIdentitiesHidden(
    notice.modality,
    notice.auctionLicensePhase,
    lots.filter((r) => r.item === 1).map((h) => h.phase),
  );
}

/** Whether a release names a supplier: a party other than the body, tenderers, awards or contracts. */
export function namesSupplier(release: Json): boolean {
  const parties: Json[] = Array.isArray(release.parties) ? release.parties : [];
  return (
    parties.some((p) => (p.roles ?? []).some((r: string) => r !== "buyer" && r !== "procuringEntity")) ||
    Array.isArray(release.tender?.tenderers) ||
    Array.isArray(release.awards) ||
    Array.isArray(release.contracts)
  );
}

export const byDate = (a: Json, b: Json) => Date.parse(a.date) - Date.parse(b.date);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * OCDS merging (https://standard.open-contracting.org/1.1/en/schema/merging/): objects merge field
 * by field, arrays of objects with an id merge by id, other arrays and values are replaced by the
 * newer release, null removes a field.
 */
export function mergeInto(target: Json, source: Json): Json {
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (value === null) {
      delete target[key];
    } else if (isObject(value)) {
      target[key] = mergeInto(isObject(target[key]) ? target[key] : {}, value);
    } else if (Array.isArray(value) && value.length > 0 && value.every((v) => isObject(v) && "id" in v)) {
      const current: Json[] = Array.isArray(target[key]) ? target[key] : [];
      const merged = [...current];
      for (const entry of value as Json[]) {
        const at = merged.findIndex((m) => isObject(m) && m.id === entry.id);
        if (at >= 0) merged[at] = mergeInto(merged[at], entry);
        else merged.push(mergeInto({}, entry));
      }
      target[key] = merged;
    } else {
      target[key] = structuredClone(value);
    }
  }
  return target;
}

/** The compiled release: every release merged in date order, tagged 'compiled'. */
export function compileReleases(releases: readonly Json[]): Json {
  const ordered = [...releases].sort(byDate);
  const compiled = ordered.reduce((acc, r) => mergeInto(acc, r), {} as Json);
  const last = ordered[ordered.length - 1];
  return { ...compiled, id: `${compiled.ocid}-compiled`, date: last?.date, tag: ["compiled"] };
}
