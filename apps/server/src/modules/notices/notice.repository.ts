import type { Modality, NoticeSortColumn, NoticeStatus, SortOrder } from "@certame/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import { cappedCount } from "../../db/capped-count";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionBatches,
  auctionNoticeDocumentClasses,
  auctionNoticeSecretaryOffices,
  auctionNoticeStaff,
  auctionNotices,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  directProposals,
  documentClasses,
  eventLog,
  initialProposals,
  lawClauses,
  legislations,
  measurementUnits,
  noticeDocuments,
  noticeParticipants,
  processes,
  products,
  storedFiles,
  users,
} from "../../db/schema";
import { containsPattern, searchTextContains } from "../../db/text-search";

export interface NoticeListQuery {
  buyerId?: string;
  /**
   * Notices this supplier takes part in ('Meus editais'): an initial proposal, a number in the room or
   * a proposal sent to a direct procedure.
   */
  participantSupplierId?: string;
  statuses?: readonly NoticeStatus[];
  modalities?: readonly Modality[];
  /** Free text of the app list's filter (any string, not only a known sub-modality). */
  subModalities?: readonly string[];
  noticeNumber?: string;
  buyerName?: string;
  secretaryName?: string;
  state?: string;
  /** yyyy-mm-dd: sessions starting on or after this day (Brasília time). */
  startDate?: string;
  search?: string;
  createdBefore?: Date;
  orderBy: NoticeSortColumn;
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

const fold = (expr: SQL) => sql`certame_fold(${expr})`;
const like = containsPattern;

const SORT: Record<NoticeSortColumn, SQL | typeof auctionNotices.startDateTime> = {
  startDateTime: sql`${auctionNotices.startDateTime}`,
  noticeNumber: sql`${auctionNotices.noticeNumber}`,
  processNumber: sql`${auctionNotices.processNumber}`,
  objectOfInterest: sql`lower(${auctionNotices.objectOfInterest})`,
  modality: sql`${auctionNotices.modality}`,
  status: sql`${auctionNotices.status}`,
  buyerName: sql`lower(${buyers.corporateName})`,
  secretariesNames: sql`lower(${auctionNotices.secretariesNames})`,
  createdDate: sql`${auctionNotices.createdDate}`,
};

function where(q: NoticeListQuery): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(auctionNotices.isDeleted, false)];
  if (q.buyerId) c.push(eq(auctionNotices.buyerId, q.buyerId));
  if (q.participantSupplierId)
    c.push(sql`(EXISTS (SELECT 1 FROM ${initialProposals} ip WHERE ip.auction_notice_id = ${auctionNotices.id}
        AND ip.supplier_id = ${q.participantSupplierId})
      OR EXISTS (SELECT 1 FROM ${noticeParticipants} np WHERE np.auction_notice_id = ${auctionNotices.id}
        AND np.supplier_id = ${q.participantSupplierId})
      OR EXISTS (SELECT 1 FROM ${directProposals} dp WHERE dp.auction_notice_id = ${auctionNotices.id}
        AND dp.supplier_id = ${q.participantSupplierId}))`);
  if (q.statuses?.length) c.push(inArray(auctionNotices.status, [...q.statuses]));
  if (q.modalities?.length) c.push(inArray(auctionNotices.modality, [...q.modalities]));
  // The column wrapped in sql: the filter values are unchecked strings, which match no row when unknown.
  if (q.subModalities?.length) c.push(inArray(sql`${auctionNotices.subModality}`, [...q.subModalities]));
  if (q.noticeNumber) c.push(sql`${fold(sql`${auctionNotices.noticeNumber}`)} LIKE ${like(q.noticeNumber)}`);
  if (q.buyerName) c.push(sql`${fold(sql`${buyers.corporateName}`)} LIKE ${like(q.buyerName)}`);
  if (q.secretaryName)
    c.push(sql`${fold(sql`${auctionNotices.secretariesNames}`)} LIKE ${like(q.secretaryName)}`);
  if (q.state) c.push(eq(buyers.state, q.state));
  if (q.startDate) {
    c.push(
      gte(
        auctionNotices.startDateTime,
        sql`(${q.startDate}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`,
      ),
    );
  }
  if (q.createdBefore) c.push(lt(auctionNotices.createdDate, q.createdBefore));
  // search_text (trigger-maintained, trigram-indexed) holds number, process, object and buyer name.
  if (q.search) c.push(searchTextContains(auctionNotices.searchText, q.search));
  return and(...c);
}

export async function listNotices(db: DbOrTx, q: NoticeListQuery) {
  const filter = where(q);
  const dir = q.sortOrder === "ASC" ? asc : desc;
  const rows = await db
    .select({
      id: auctionNotices.id,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      modality: auctionNotices.modality,
      subModality: auctionNotices.subModality,
      status: auctionNotices.status,
      startDateTime: auctionNotices.startDateTime,
      proposalsEndDateTime: auctionNotices.proposalsEndDateTime,
      createdDate: auctionNotices.createdDate,
      buyerId: buyers.id,
      buyerCorporateName: buyers.corporateName,
      buyerCity: buyers.city,
      buyerState: buyers.state,
      secretariesNames: auctionNotices.secretariesNames,
      pncpControlNumber: auctionNotices.pncpControlNumber,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(filter)
    .orderBy(
      sql`${dir(SORT[q.orderBy])} NULLS LAST`,
      desc(auctionNotices.createdDate),
      asc(auctionNotices.id),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // The total up to the cap (db/capped-count.ts); the buyers joined only when a filter needs them.
  const needsBuyer = Boolean(q.buyerName || q.state);
  const total = await cappedCount(
    db,
    auctionNotices,
    filter,
    needsBuyer ? sql`INNER JOIN ${buyers} ON ${buyers.id} = ${auctionNotices.buyerId}` : undefined,
  );
  return { rows, ...total };
}

/** How many notices of the query's scope stand in each status (the query's statuses ignored). */
export async function countNoticesByStatus(db: DbOrTx, q: Omit<NoticeListQuery, "statuses">) {
  const rows = await db
    .select({ status: auctionNotices.status, total: count() })
    .from(auctionNotices)
    .where(where(q as NoticeListQuery))
    .groupBy(auctionNotices.status);
  return rows;
}

export async function findNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      notice: auctionNotices,
      buyer: {
        id: buyers.id,
        corporateName: buyers.corporateName,
        cnpj: buyers.cnpj,
        city: buyers.city,
        state: buyers.state,
        userId: buyers.userId,
        competentAuthorityUserId: buyers.competentAuthorityUserId,
      },
      legislation: { id: legislations.id, name: legislations.name },
      lawClause: { id: lawClauses.id, name: lawClauses.name },
      /** The planning process the notice was made from (issue 35). */
      process: { id: processes.id, processNumber: processes.processNumber },
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .leftJoin(legislations, eq(legislations.id, auctionNotices.legislationId))
    .leftJoin(lawClauses, eq(lawClauses.id, auctionNotices.lawClauseId))
    .leftJoin(processes, eq(processes.id, auctionNotices.processId))
    .where(and(eq(auctionNotices.id, id), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row;
}

export async function findNoticePeople(db: DbOrTx, id: string) {
  const staff = await db
    .select({
      id: buyerStaff.id,
      roles: buyerStaff.roles,
      assignment: auctionNoticeStaff.assignment,
      userId: users.id,
      userName: users.name,
    })
    .from(auctionNoticeStaff)
    .innerJoin(buyerStaff, eq(buyerStaff.id, auctionNoticeStaff.staffId))
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(eq(auctionNoticeStaff.auctionNoticeId, id))
    .orderBy(users.name);
  const offices = await db
    .select({
      id: buyerSecretaryOffices.id,
      name: buyerSecretaryOffices.name,
      userId: buyerSecretaryOffices.userId,
    })
    .from(auctionNoticeSecretaryOffices)
    .innerJoin(
      buyerSecretaryOffices,
      eq(buyerSecretaryOffices.id, auctionNoticeSecretaryOffices.secretaryOfficeId),
    )
    .where(eq(auctionNoticeSecretaryOffices.auctionNoticeId, id))
    .orderBy(buyerSecretaryOffices.name);
  return { staff, offices };
}

export async function findBatches(db: DbOrTx, noticeId: string) {
  return db
    .select({
      batch: auctionBatches,
      product: {
        id: products.id,
        code: products.code,
        name: products.name,
        technicalDescription: products.technicalDescription,
      },
      measurementUnit: { code: measurementUnits.code, description: measurementUnits.description },
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .leftJoin(measurementUnits, eq(measurementUnits.code, auctionBatches.measurementUnitCode))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

export async function findDocuments(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: noticeDocuments.id,
      kind: noticeDocuments.kind,
      label: noticeDocuments.label,
      description: noticeDocuments.description,
      createdDate: noticeDocuments.createdDate,
      fileId: storedFiles.id,
      name: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(noticeDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .where(and(eq(noticeDocuments.auctionNoticeId, noticeId), eq(noticeDocuments.isDeleted, false)))
    .orderBy(asc(noticeDocuments.createdDate));
}

// ---- Writes and lookups of the notice lifecycle -------------------------------------------------

export type NoticeRow = typeof auctionNotices.$inferSelect;
export type NoticeInsert = typeof auctionNotices.$inferInsert;

/** The notice row locked for the rest of the transaction (status changes re-check under the lock). */
export async function lockNotice(tx: Tx, id: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select()
    .from(auctionNotices)
    .where(and(eq(auctionNotices.id, id), eq(auctionNotices.isDeleted, false)))
    .for("update")
    .limit(1);
  return row;
}

export async function insertNotice(tx: Tx, values: NoticeInsert): Promise<string> {
  const [row] = await tx.insert(auctionNotices).values(values).returning({ id: auctionNotices.id });
  if (!row) throw new Error("falha ao inserir o edital");
  return row.id;
}

export async function updateNotice(tx: Tx, id: string, values: Partial<NoticeInsert>) {
  await tx.update(auctionNotices).set(values).where(eq(auctionNotices.id, id));
}

export interface NoticePeople {
  secretaryOffice: string[];
  auctioneers: string[];
  supportingStaff: string[];
}

export async function findNoticePeopleIds(db: DbOrTx, id: string): Promise<NoticePeople> {
  // findNoticePeople runs its two queries one after the other, so a transaction may call it.
  const { staff, offices } = await findNoticePeople(db, id);
  return {
    secretaryOffice: offices.map((o) => o.id),
    auctioneers: staff.filter((s) => s.assignment === "AUCTIONEER").map((s) => s.id),
    supportingStaff: staff.filter((s) => s.assignment === "SUPPORT_STAFF").map((s) => s.id),
  };
}

export async function replaceNoticePeople(tx: Tx, id: string, people: NoticePeople) {
  await tx.delete(auctionNoticeSecretaryOffices).where(eq(auctionNoticeSecretaryOffices.auctionNoticeId, id));
  await tx.delete(auctionNoticeStaff).where(eq(auctionNoticeStaff.auctionNoticeId, id));
  if (people.secretaryOffice.length) {
    await tx
      .insert(auctionNoticeSecretaryOffices)
      .values(
        people.secretaryOffice.map((secretaryOfficeId) => ({ auctionNoticeId: id, secretaryOfficeId })),
      );
  }
  const staff = [
    ...people.auctioneers.map((staffId) => ({
      auctionNoticeId: id,
      staffId,
      assignment: "AUCTIONEER" as const,
    })),
    ...people.supportingStaff.map((staffId) => ({
      auctionNoticeId: id,
      staffId,
      assignment: "SUPPORT_STAFF" as const,
    })),
  ];
  if (staff.length) await tx.insert(auctionNoticeStaff).values(staff);
}

export function findBuyerOffices(db: DbOrTx, buyerId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: buyerSecretaryOffices.id, name: buyerSecretaryOffices.name })
    .from(buyerSecretaryOffices)
    .where(and(eq(buyerSecretaryOffices.buyerId, buyerId), inArray(buyerSecretaryOffices.id, [...ids])));
}

/** Every secretariat and staff member of a body, with names (the import matches people by name). */
export async function listBuyerPeople(db: DbOrTx, buyerId: string) {
  const offices = await db
    .select({ id: buyerSecretaryOffices.id, name: buyerSecretaryOffices.name })
    .from(buyerSecretaryOffices)
    .where(eq(buyerSecretaryOffices.buyerId, buyerId));
  const staff = await db
    .select({ id: buyerStaff.id, roles: buyerStaff.roles, name: users.name })
    .from(buyerStaff)
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(eq(buyerStaff.buyerId, buyerId));
  return { offices, staff };
}

export function findBuyerStaff(db: DbOrTx, buyerId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: buyerStaff.id, roles: buyerStaff.roles })
    .from(buyerStaff)
    .where(and(eq(buyerStaff.buyerId, buyerId), inArray(buyerStaff.id, [...ids])));
}

export function findLegislationById(db: DbOrTx, id: number) {
  return db
    .select({ id: legislations.id, code: legislations.code, name: legislations.name })
    .from(legislations)
    .where(eq(legislations.id, id))
    .then((r) => r[0]);
}

export function findLegislationByCode(db: DbOrTx, code: string) {
  return db
    .select({ id: legislations.id, code: legislations.code, name: legislations.name })
    .from(legislations)
    .where(eq(legislations.code, code))
    .then((r) => r[0]);
}

export function findLawClauseById(db: DbOrTx, id: number) {
  return db
    .select({ id: lawClauses.id, code: lawClauses.code, legislationId: lawClauses.legislationId })
    .from(lawClauses)
    .where(eq(lawClauses.id, id))
    .then((r) => r[0]);
}

export function findLawClauseByCode(db: DbOrTx, code: string) {
  return db
    .select({ id: lawClauses.id, code: lawClauses.code, legislationId: lawClauses.legislationId })
    .from(lawClauses)
    .where(eq(lawClauses.code, code))
    .then((r) => r[0]);
}

// ---- Other document classes (documents-required modal, §2.10) ------------------------------------

export function listDocumentClasses(db: DbOrTx, buyerId: string) {
  return db
    .select({ id: documentClasses.id, className: documentClasses.className })
    .from(documentClasses)
    .where(eq(documentClasses.buyerId, buyerId))
    .orderBy(asc(documentClasses.className), asc(documentClasses.id));
}

export async function insertDocumentClass(db: DbOrTx, buyerId: string, className: string) {
  const [row] = await db
    .insert(documentClasses)
    .values({ buyerId, className })
    .returning({ id: documentClasses.id, className: documentClasses.className });
  if (!row) throw new Error("falha ao criar a classe de documentos");
  return row;
}

export function findNoticeDocumentClasses(db: DbOrTx, noticeId: string) {
  return db
    .select({ id: documentClasses.id, className: documentClasses.className })
    .from(auctionNoticeDocumentClasses)
    .innerJoin(documentClasses, eq(documentClasses.id, auctionNoticeDocumentClasses.documentClassId))
    .where(eq(auctionNoticeDocumentClasses.auctionNoticeId, noticeId))
    .orderBy(asc(documentClasses.className));
}

export async function replaceNoticeDocumentClasses(tx: Tx, noticeId: string, classIds: readonly string[]) {
  await tx
    .delete(auctionNoticeDocumentClasses)
    .where(eq(auctionNoticeDocumentClasses.auctionNoticeId, noticeId));
  if (classIds.length) {
    await tx
      .insert(auctionNoticeDocumentClasses)
      .values(classIds.map((documentClassId) => ({ auctionNoticeId: noticeId, documentClassId })));
  }
}

// ---- Lots and documents as the lifecycle needs them -----------------------------------------------

export async function countBatches(db: DbOrTx, noticeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auctionBatches)
    .where(eq(auctionBatches.auctionNoticeId, noticeId));
  return row?.n ?? 0;
}

export type BatchInsert = typeof auctionBatches.$inferInsert;

export async function insertBatches(tx: Tx, rows: BatchInsert[]) {
  if (rows.length) await tx.insert(auctionBatches).values(rows);
}

/** The lots of a notice as new rows of another one (duplicate): phases start over. */
export async function copyBatches(tx: Tx, fromId: string, toId: string) {
  const rows = await tx.select().from(auctionBatches).where(eq(auctionBatches.auctionNoticeId, fromId));
  await insertBatches(
    tx,
    rows.map(({ id: _id, createdDate: _c, updatedDate: _u, ...b }) => ({
      ...b,
      auctionNoticeId: toId,
      phase: "NOT_STARTED",
      subPhase: null,
    })),
  );
  return rows.length;
}

export async function countDocuments(db: DbOrTx, noticeId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(noticeDocuments)
    .where(
      and(
        eq(noticeDocuments.auctionNoticeId, noticeId),
        eq(noticeDocuments.kind, kind as "AUCTION_NOTICE"),
        eq(noticeDocuments.isDeleted, false),
      ),
    );
  return row?.n ?? 0;
}

/** A body's pre-qualification processes a notice may refer to (§3 preQualification {id, noticeNumber}). */
export function listPreQualificationNotices(db: DbOrTx, buyerId: string, id?: string) {
  return db
    .select({ id: auctionNotices.id, noticeNumber: auctionNotices.noticeNumber })
    .from(auctionNotices)
    .where(
      and(
        eq(auctionNotices.buyerId, buyerId),
        eq(auctionNotices.isDeleted, false),
        inArray(auctionNotices.modality, ["PRE_QUALIFICATION", "DIRECT_PRE_QUALIFICATION"]),
        inArray(auctionNotices.status, [
          "PUBLISHED",
          "ONGOING",
          "SUSPENDED",
          "SUSPENDED_INDEFINITELY",
          "FINISHED",
        ]),
        id ? eq(auctionNotices.id, id) : undefined,
      ),
    )
    .orderBy(desc(auctionNotices.createdDate));
}

/** The latest publication entry of the event log (publish or republish). */
export function findPublicationEvent(db: DbOrTx, noticeId: string) {
  return db
    .select()
    .from(eventLog)
    .where(
      and(
        eq(eventLog.auctionNoticeId, noticeId),
        inArray(eventLog.eventType, ["NOTICE_PUBLISHED", "NOTICE_REPUBLISHED"]),
      ),
    )
    .orderBy(desc(eventLog.seq))
    .limit(1)
    .then((r) => r[0]);
}

/** sha256 of each live document of a notice, for the publication content hash. */
export function listDocumentHashes(db: DbOrTx, noticeId: string) {
  return db
    .select({ id: noticeDocuments.id, kind: noticeDocuments.kind, sha256: storedFiles.sha256 })
    .from(noticeDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .where(
      and(
        eq(noticeDocuments.auctionNoticeId, noticeId),
        eq(noticeDocuments.isDeleted, false),
        // The session minutes are the platform's record of the session, not published content.
        ne(noticeDocuments.kind, "SESSION_MINUTES"),
      ),
    )
    .orderBy(asc(noticeDocuments.id));
}

export function findProductsByCode(db: DbOrTx, buyerId: string, codes: readonly number[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(
      and(
        inArray(products.code, [...codes]),
        eq(products.isDeleted, false),
        sql`(${products.buyerId} IS NULL OR ${products.buyerId} = ${buyerId})`,
      ),
    );
}

export function listMeasurementUnitCodes(db: DbOrTx, codes: readonly string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ code: measurementUnits.code })
    .from(measurementUnits)
    .where(inArray(measurementUnits.code, [...codes]));
}

/** Storage keys of stored files, by file id (only the download path reads them). */
export async function findStorageKeys(db: DbOrTx, fileIds: readonly string[]) {
  if (!fileIds.length) return new Map<string, string>();
  const rows = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...fileIds]));
  return new Map(rows.map((r) => [r.id, r.storageKey]));
}
