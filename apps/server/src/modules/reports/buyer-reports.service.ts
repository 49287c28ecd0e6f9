import { areIdentitiesHidden, formatCnpj } from "@certame/domain";
import { z } from "zod";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { forbidden, notFound, parseBody } from "../../http/errors";
import { anonymousSupplierName } from "../../room/state/audience";
import type { RoomService } from "../../room/state/room.service";
import { NOTICE_NOT_FOUND } from "../notices/notice.policy";
import { compileReleases, type Json } from "../open-data/ocds-release";
import { accessProfileLabel, accessReportFileName, renderAccessReport } from "./access-report";
import { CONTROL_REPORT_FILE_NAME, type ControlReportRow, renderControlReport } from "./control-report";
import * as repo from "./reports.repository";

export const accessReportSchema = z.object({ auctionNoticeId: z.uuid() });
export const OTHER_BODY_REPORT_MESSAGE = "Você só pode consultar os processos do seu órgão.";

/** The published notice's releases (open data's OcdsService.releasesOf), given by app.ts. */
export type ReleasesSource = (noticeId: string) => Promise<Json[] | null>;

/**
 * The buyer's reports of notices-and-accounts §2.16 (/relatorios): the access report of a process's
 * room and the minute-and-contract control report of the body's processes, as files. Only the body's
 * own staff: another body's published process is refused, its drafts are not known to exist.
 */
export class BuyerReportsService {
  constructor(
    private readonly db: Db,
    private readonly room: Pick<RoomService, "entries">,
    private readonly releasesOf: ReleasesSource,
    private readonly clock: Clock = systemClock,
  ) {}

  /** app/auction/accessReportDownload: who entered the process's room and when (a PDF). */
  async accessReport(buyerId: string, body: unknown) {
    const { auctionNoticeId } = parseBody(accessReportSchema, body);
    const notice = await repo.findMinutesNotice(this.db, auctionNoticeId);
    if (!notice || (notice.buyerId !== buyerId && notice.status === "PENDING"))
      throw notFound(NOTICE_NOT_FOUND);
    if (notice.buyerId !== buyerId) throw forbidden(OTHER_BODY_REPORT_MESSAGE);
    const [entries, lots] = await Promise.all([
      this.room.entries(auctionNoticeId),
      repo.minutesLots(this.db, auctionNoticeId),
    ]);
    // The room's identity rule: while any lot is confidential a bidder is only its number, even to
    // the body (trading-room §4; areIdentitiesHidden).
    const confidential = areIdentitiesHidden(
      notice.modality,
      notice.auctionLicensePhase,
      lots.filter((l) => l.item === 1).map((l) => l.phase),
    );
    const pdf = await renderAccessReport({
      notice,
      confidential,
      issuedAt: this.clock(),
      entries: entries.map((e) => {
        const isBidder = e.supplierId !== null;
        const masked = isBidder && confidential;
        // A company with its CNPJ; a person by name only (its CPF is not printed).
        const cnpj = e.supplierName && e.supplierDocument?.length === 14 ? e.supplierDocument : null;
        return {
          at: e.at,
          who: masked ? anonymousSupplierName(e.anonymousNumber) : e.userName,
          profile: accessProfileLabel(e.role),
          company:
            !isBidder || masked
              ? "—"
              : `${e.supplierName ?? e.supplierPersonName ?? ""}${cnpj ? ` (${formatCnpj(cnpj)})` : ""}`,
        };
      }),
    });
    return { fileName: accessReportFileName(notice.noticeNumber), data: pdf };
  }

  /**
   * app/auction/minuteAndContractControlReport: each of the body's processes with its adjudicated
   * winners — as the open data publish them, so confidential identities stay out the same way — and
   * the minute or contract each is to give (an .xlsx).
   */
  async controlReport(buyerId: string) {
    const notices = await repo.bodyNotices(this.db, buyerId);
    const minutes = new Map(
      (
        await repo.currentMinutesDates(
          this.db,
          notices.map((n) => n.id),
        )
      ).map((m) => [m.noticeId, m.createdDate]),
    );
    const rows: ControlReportRow[] = [];
    for (const n of notices) {
      const releases = (await this.releasesOf(n.id)) ?? [];
      const compiled = releases.length > 0 ? compileReleases(releases) : {};
      const parties = new Map<string, Json>((compiled.parties ?? []).map((p: Json) => [p.id, p]));
      const base = {
        noticeNumber: n.noticeNumber,
        processNumber: n.processNumber,
        modality: n.modality,
        status: n.status,
        objectOfInterest: n.objectOfInterest,
        sessionMinutesAt: minutes.get(n.id) ?? null,
        instrument: n.isSrp ? "Ata de registro de preços" : "Contrato",
        validityDays: n.daysDue ?? null,
      };
      const awards: Json[] = compiled.awards ?? [];
      if (awards.length === 0) rows.push({ ...base, award: null });
      for (const a of awards) {
        const supplier = a.suppliers?.[0];
        const party = supplier ? parties.get(supplier.id) : undefined;
        const cnpj: string | undefined =
          party?.identifier?.scheme === "BR-CNPJ" ? party.identifier.id : undefined;
        rows.push({
          ...base,
          award: {
            title: a.title ?? "—",
            supplier: supplier?.name ?? "—",
            supplierDocument: cnpj ? formatCnpj(cnpj) : "—",
            amount: typeof a.value?.amount === "number" ? a.value.amount : null,
            state: a.status === "active" ? "Homologada" : "Em adjudicação",
          },
        });
      }
    }
    return { fileName: CONTROL_REPORT_FILE_NAME, data: await renderControlReport(rows, this.clock()) };
  }
}
