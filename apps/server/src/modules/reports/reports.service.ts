import { Readable } from "node:stream";
import {
  type AuctionBid,
  areIdentitiesHidden,
  areProposalsSealed,
  formatBRL,
  isReferencePricePublic,
  REPORT_EVENTS,
  type RecreateReportsInput,
  rankSuppliers,
  recreateReportsSchema,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import type { FileStorage } from "../../files/file-storage";
import { badRequest, notFound } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import type { LiveCommand } from "../../room/bus/live-command";
import { defineRoomCommand, type RoomCommandCall, roomCommands } from "../../room/bus/room-command";
import { lotWinnerId } from "../../room/engine/lot-award-fields";
import { anonymousSupplierName } from "../../room/state/audience";
import * as repo from "./reports.repository";
import { type MinutesData, type MinutesLot, minutesValue, renderSessionMinutes } from "./session-minutes";

/**
 * 'Atualizar relatórios' (trading-room §2.3 '+ Opções', §6 RECREATE_REPORTS, §7 recreate_reports):
 * regenerates the process's reports — the session minutes — from the room as it stands, and files
 * them with the notice's documents (the earlier minutes retired), so everyone can download them.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock = systemClock,
  ) {}

  /** 'Atualizar relatórios' in the room (§7 recreate_reports): its entry of the room's commands. */
  commands(): LiveCommand[] {
    return roomCommands([
      defineRoomCommand({
        event: REPORT_EVENTS.recreateReports,
        schema: recreateReportsSchema,
        permission: { action: "RECREATE_REPORTS", what: "atualizar os relatórios deste processo" },
        handle: (call) => this.recreate(call),
      }),
    ]);
  }

  private async recreate(call: RoomCommandCall<RecreateReportsInput>) {
    const { user, noticeId, input } = call;
    if (input.auctionNoticeId !== noticeId) throw badRequest("O evento não pertence a este processo.");
    const notice = await repo.findMinutesNotice(this.db, noticeId);
    if (!notice) throw notFound("Processo não encontrado.");
    call.authorize({ notice });

    const issuedAt = this.clock();
    const minutes = await this.minutesData(notice, issuedAt);
    const pdf = await renderSessionMinutes(minutes);
    const name = safeFileName(`Ata da sessão pública - ${notice.noticeNumber}.pdf`);
    const received = await this.storage.receive(Readable.from(pdf));
    const storageKey = await received.commit("pdf");
    try {
      const doc = await this.db.transaction(async (tx) => {
        await repo.retireMinutes(tx, noticeId);
        const row = await repo.insertMinutes(tx, {
          noticeId,
          storageKey,
          name,
          sizeBytes: received.sizeBytes,
          sha256: received.sha256,
          userId: user.id,
        });
        await appendEvent(tx, {
          auctionNoticeId: noticeId,
          eventType: "REPORTS_RECREATED",
          actorUserId: user.id,
          payload: {
            documentId: row.id,
            sha256: received.sha256,
            eventLogSeq: minutes.eventLog?.seq ?? null,
          },
        });
        return row;
      });
      return { documentId: doc.id, fileName: name, sha256: received.sha256 };
    } catch (error) {
      // Nothing half-written: the file goes when its row could not be written.
      await this.storage.remove(storageKey);
      throw error;
    }
  }

  /** What the minutes show, read from the database as the room stands now. */
  async minutesData(
    notice: NonNullable<Awaited<ReturnType<typeof repo.findMinutesNotice>>>,
    issuedAt: Date,
  ): Promise<MinutesData> {
    const [rows, people, occurrences, head] = await Promise.all([
      repo.minutesLots(this.db, notice.id),
      repo.minutesParticipants(this.db, notice.id),
      repo.minutesOccurrences(this.db, notice.id),
      repo.eventLogHead(this.db, notice.id),
    ]);
    const heads = rows.filter((r) => r.item === 1);
    const [bids, flagRows] = await Promise.all([
      repo.minutesBids(
        this.db,
        heads.map((h) => h.id),
      ),
      repo.minutesBidderFlags(
        this.db,
        heads.map((h) => h.id),
      ),
    ]);
    const flags = new Map(flagRows.map((f) => [`${f.batchId}:${f.supplierId}`, f]));
    /** The bidder's standing in the lot: the winner once it has one, a disqualification or disablement. */
    const standing = (lotId: string, winnerId: string | null, supplierId: string) => {
      const f = flags.get(`${lotId}:${supplierId}`);
      if (f && !f.isQualified) return "Desclassificado";
      if (f && !f.isEnabled) return "Inabilitado";
      return supplierId === winnerId ? "Vencedor" : "—";
    };
    const byId = new Map(people.map((p) => [p.supplierId, p]));
    // The minutes are filed with the notice's public documents: a secret price stays 'Sigiloso'.
    const priceIsPublic = isReferencePricePublic(notice);
    // While any lot is in a confidential phase (trading-room §4; DESIGN §4) no name is written, only
    // the number, in every lot: the numbers are per notice.
    const confidential = areIdentitiesHidden(
      notice.modality,
      notice.auctionLicensePhase,
      heads.map((h) => h.phase),
    );
    const lots: MinutesLot[] = heads.map((head) => {
      const criterion = head.dispensationForm ?? notice.dispensationForm;
      // Initial proposals stay sealed until the lot leaves the offers phases (Lei 14.133 art. 13).
      const lotBids: AuctionBid[] = bids
        .filter((b) => b.batchId === head.id && !areProposalsSealed(head.phase))
        .map((b) => ({
          supplierId: b.supplierId,
          value: criterion === "BIGGEST_DISCOUNT" ? Number(b.percentDiscount) : Number(b.unitPrice),
          createdAt: b.createdDate,
        }));
      return {
        number: head.number,
        phase: head.phase,
        items: rows
          .filter((r) => r.number === head.number)
          .map((r) => ({
            item: r.item,
            product: r.product ?? "—",
            quantity: String(Number(r.quantity)).replace(".", ","),
            unit: r.unit ?? "—",
          })),
        referencePrice: priceIsPublic ? formatBRL(head.referencePrice, head.decimals) : "Sigiloso",
        ranking: rankSuppliers(lotBids, criterion).map((b, i) => {
          const who = byId.get(String(b.supplierId));
          return {
            standing: standing(head.id, lotWinnerId(head), String(b.supplierId)),
            position: i + 1,
            bidder:
              confidential || !who
                ? anonymousSupplierName(who?.anonymousNumber)
                : `${who.corporateName ?? who.name ?? ""} (${anonymousSupplierName(who.anonymousNumber)})`,
            value: minutesValue(b.value, criterion, head.decimals),
          };
        }),
      };
    });
    const numberOf = new Map(heads.map((h) => [h.id, h.number]));
    // A message to several lots is one occurrence (its copies share a group id).
    const seen = new Map<string, { at: Date; lots: number[]; text: string }>();
    for (const m of occurrences) {
      const key = m.groupId ?? m.id;
      const lot = numberOf.get(m.batchId);
      const entry = seen.get(key) ?? { at: m.createdDate, lots: [], text: m.text };
      if (lot !== undefined && !entry.lots.includes(lot)) entry.lots.push(lot);
      seen.set(key, entry);
    }
    return {
      notice: {
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        modality: notice.modality,
        subModality: notice.subModality,
        criterion: notice.dispensationForm,
        closingKind: notice.closingKind,
        objectOfInterest: notice.objectOfInterest,
        startDateTime: notice.startDateTime,
        buyerName: notice.buyerName,
        buyerCnpj: notice.buyerCnpj,
        buyerCity: notice.buyerCity,
        buyerState: notice.buyerState,
      },
      lots,
      occurrences: [...seen.values()].map((o) => ({ ...o, lots: o.lots.sort((a, b) => a - b) })),
      eventLog: head,
      issuedAt,
    };
  }
}
