import { Readable } from "node:stream";
import { formatBrasiliaIso, ocdsRecordPath, ocdsReleasesPath } from "@certame/domain";
import { z } from "zod";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { notFound, parseBody } from "../../http/errors";
import { minutesBids } from "../reports/reports.repository";
import * as repo from "./ocds.repository";
import { compileReleases, type Json, noticeReleases, OCDS_EXTENSIONS, OCID_PATTERN } from "./ocds-release";

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

  /** The releases of one published notice, or null for a draft, a deleted or an unknown one. */
  async releasesOf(noticeId: string): Promise<Json[] | null> {
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
    return noticeReleases({ notice, lots, bidders, bids, winners });
  }

  private async releasesOrNotFound(params: unknown) {
    const { ocid } = parseBody(ocidParamsSchema, params);
    const noticeId = OCID_PATTERN.exec(ocid)?.[1] as string;
    const releases = await this.releasesOf(noticeId);
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
    for (const { id } of ids.slice(0, this.pageSize)) releases.push(...((await this.releasesOf(id)) ?? []));
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
          const releases = await service.releasesOf(id);
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
