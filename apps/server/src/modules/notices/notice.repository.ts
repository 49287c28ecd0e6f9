import type { NoticeSortColumn, SortOrder } from "@certame/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  auctionBatches,
  auctionNoticeSecretaryOffices,
  auctionNoticeStaff,
  auctionNotices,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  lawClauses,
  legislations,
  measurementUnits,
  noticeDocuments,
  products,
  storedFiles,
  users,
} from "../../db/schema";

export interface NoticeListQuery {
  buyerId?: string;
  statuses?: readonly string[];
  modalities?: readonly string[];
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

// Accent- and case-insensitive matching: certame_fold() in SQL (migration 0002), foldText here.
const FROM = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const TO = "aaaaaeeeeiiiiooooouuuucn";
export const foldText = (s: string) =>
  [...s.toLowerCase()].map((c) => (FROM.includes(c) ? TO[FROM.indexOf(c)] : c)).join("");
const fold = (expr: SQL) => sql`certame_fold(${expr})`;
const like = (s: string) => `%${foldText(s).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

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
  if (q.statuses?.length) c.push(inArray(auctionNotices.status, [...q.statuses]));
  if (q.modalities?.length) c.push(inArray(auctionNotices.modality, [...q.modalities]));
  if (q.subModalities?.length) c.push(inArray(auctionNotices.subModality, [...q.subModalities]));
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
  if (q.search) c.push(sql`${auctionNotices.searchText} LIKE ${like(q.search)}`);
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
  // The exact total is the price of the pager; join the buyers only when a filter needs them.
  const needsBuyer = Boolean(q.buyerName || q.state);
  const counted = db.select({ n: count() }).from(auctionNotices);
  const [total] = needsBuyer
    ? await counted.innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId)).where(filter)
    : await counted.where(filter);
  return { rows, total: total?.n ?? 0 };
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
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .leftJoin(legislations, eq(legislations.id, auctionNotices.legislationId))
    .leftJoin(lawClauses, eq(lawClauses.id, auctionNotices.lawClauseId))
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
      product: { id: products.id, name: products.name, technicalDescription: products.technicalDescription },
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
