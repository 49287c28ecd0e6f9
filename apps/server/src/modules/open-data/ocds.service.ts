import { Readable } from "node:stream";
import { formatBrasiliaIso, ocdsRecordPath, ocdsReleasesPath } from "@certame/domain";
import { z } from "zod";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { notFound, parseBody } from "../../http/errors";
import { minutesBids } from "../reports/reports.repository";
import * as repo from "./ocds.repository";
import {
  byDate,
  compileReleases,
  identitiesHidden,
  type Json,
  namesSupplier,
  noticeReleases,
  OCDS_EXTENSIONS,
  OCID_PATTERN,
} from "./ocds-release";

export const OCID_INVALID_MESSAGE = "Identificador de contratação (ocid) inválido.";
export const OCDS_NOT_FOUND_MESSAGE = "Processo de contratação não encontrado.";

export const ocidParamsSchema = z.object({ ocid: z.string().regex(OCID_PATTERN, OCID_INVALID_MESSAGE) });
export const releasePageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** Contracting processes (notices) per page of the release listing and of the export's reads. */
export const OCDS_PAGE_SIZE = 20;

/**
 * Open data (issue 19 item 6): the published notices as OCDS 1.1 release packages and record
 * packages, a paged listing and a bulk export, for anyone (notices-and-accounts §1: the public
 * site; Lei 14.133 art. 174 and Lei 12.527/2011 art. 8 §3 III: open, machine-readable formats).
 */
export class OcdsService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly clock: Clock = systemClock,
    private readonly pageSize = OCDS_PAGE_SIZE,
  ) {}

  private url(path: string) {
    return new URL(path, this.publicUrl).toString();
  }

  private packageHead(uri: string) {
    return {
      uri,
      version: "1.1",
      extensions: OCDS_EXTENSIONS,
      publishedDate: formatBrasiliaIso(this.clock()),
      publisher: { name: "Certame", uri: this.url("/") },
    };
  }

  /**
   * The releases of one published notice as it stands now, or null for a draft, a deleted or an
   * unknown one.
   */
  async releasesOf(noticeId: string): Promise<Json[] | null> {
    return (await this.currentOf(noticeId))?.releases ?? null;
  }

  /** The current releases and whether the suppliers' identities are confidential now. */
  private async currentOf(noticeId: string): Promise<{ releases: Json[]; hidden: boolean } | null> {
    const notice = await repo.findPublishedNotice(this.db, noticeId);
    if (!notice) return null;
    const [lots, bidders, winners] = await Promise.all([
      repo.noticeLotRows(this.db, noticeId),
      repo.noticeBidders(this.db, noticeId),
      repo.noticeRecordedWinners(this.db, noticeId),
    ]);
    const bids = await minutesBids(
      this.db,
      lots.filter((l) => l.item === 1).map((l) => l.id),
    );
    const data = { notice, lots, bidders, bids, winners };
    return { releases: noticeReleases(data), hidden: identitiesHidden(data) };
  }

  /**
   * Every release of a published notice: those published before (kept by the snapshot) and the
   * current ones not kept yet, in date order (a release of the same date after the one it follows).
   */
  async historyOf(noticeId: string): Promise<Json[] | null> {
    const now = await this.currentOf(noticeId);
    if (!now) return null;
    const kept = (await repo.storedReleases(this.db, [noticeId]))
      .map((r) => r.release as Json)
      // A lot moved back into a confidential phase hides the suppliers again: so do the kept releases.
      .filter((r) => !(now.hidden && namesSupplier(r)));
    const ids = new Set(kept.map((r) => r.id));
    return [...kept, ...now.releases.filter((r) => !ids.has(r.id))].sort(byDate);
  }

  /** Keeps a notice's current releases (the snapshot), so a later change does not erase them. */
  async snapshot(noticeId: string): Promise<void> {
    const current = await this.releasesOf(noticeId);
    if (!current) return;
    await repo.keepReleases(
      this.db,
      noticeId,
      current.map((r) => ({ id: r.id, tag: r.tag[0], date: r.date, release: r })),
      this.clock(),
    );
  }

  /**
   * The snapshot sweep: the notices the event log shows changed since the last sweep get their
   * releases kept. The cursor moves only past settled entries, so an entry committed late (numbered
   * before one already read) is still read; reading an entry twice keeps nothing twice.
   */
  async sweep(batch = 5_000, settleSeconds = 60): Promise<number> {
    let cursor = await repo.readSnapshotCursor(this.db);
    let notices = 0;
    for (;;) {
      const events = await repo.eventsAfter(this.db, cursor, batch, settleSeconds);
      const changed = [...new Set(events.map((e) => e.noticeId))];
      for (const id of changed) await this.snapshot(id);
      notices += changed.length;
      const firstUnsettled = events.findIndex((e) => !e.settled);
      const settled = firstUnsettled < 0 ? events : events.slice(0, firstUnsettled);
      const last = settled[settled.length - 1];
      if (last && last.id > cursor) {
        cursor = last.id;
        await repo.writeSnapshotCursor(this.db, cursor);
      }
      if (events.length < batch || firstUnsettled >= 0) return notices;
    }
  }

  private async releasesOrNotFound(params: unknown) {
    const { ocid } = parseBody(ocidParamsSchema, params);
    const noticeId = OCID_PATTERN.exec(ocid)?.[1] as string;
    const releases = await this.historyOf(noticeId);
    if (!releases) throw notFound(OCDS_NOT_FOUND_MESSAGE);
    return { ocid, noticeId, releases };
  }

  /** GET releases/{ocid}: a release package with the process's releases. */
  async releasePackage(params: unknown) {
    const { noticeId, releases } = await this.releasesOrNotFound(params);
    return { ...this.packageHead(this.url(ocdsReleasesPath(noticeId))), releases };
  }

  /** GET records/{ocid}: a record package with the process's record (releases and compiled release). */
  async recordPackage(params: unknown) {
    const { ocid, noticeId, releases } = await this.releasesOrNotFound(params);
    return {
      ...this.packageHead(this.url(ocdsRecordPath(noticeId))),
      records: [{ ocid, releases, compiledRelease: compileReleases(releases) }],
    };
  }

  /** GET releases?page=: the releases of a page of processes, with links.next while more follow. */
  async releasePage(query: unknown) {
    const { page } = parseBody(releasePageSchema, query);
    const ids = await repo.publishedNoticeIds(this.db, (page - 1) * this.pageSize, this.pageSize + 1);
    const releases: Json[] = [];
    for (const { id } of ids.slice(0, this.pageSize)) releases.push(...((await this.historyOf(id)) ?? []));
    const path = (n: number) => this.url(`/api/public/ocds/releases?page=${n}`);
    return {
      ...this.packageHead(path(page)),
      releases,
      links: {
        ...(ids.length > this.pageSize ? { next: path(page + 1) } : {}),
        ...(page > 1 ? { prev: path(page - 1) } : {}),
      },
    };
  }

  /**
   * The bulk export: one release package per process, one per line (JSON Lines), read a page at a
   * time so that memory stays flat however many notices there are; the route gzips it.
   */
  exportLines(): Readable {
    const service = this;
    async function* lines() {
      for (let offset = 0; ; offset += service.pageSize) {
        const ids = await repo.publishedNoticeIds(service.db, offset, service.pageSize);
        for (const { id } of ids) {
          const releases = await service.historyOf(id);
          if (!releases) continue; // unpublished or deleted between the two reads
          const uri = service.url(ocdsReleasesPath(id));
          yield `${JSON.stringify({ ...service.packageHead(uri), releases })}\n`;
        }
        if (ids.length < service.pageSize) return;
      }
    }
    return Readable.from(lines());
  }
}
