import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyerSecretaryOffices, buyerStaff, buyers, users } from "../../db/schema";

export async function findBuyer(db: DbOrTx, id: string) {
  const [row] = await db.select().from(buyers).where(eq(buyers.id, id)).limit(1);
  return row;
}

/** The body's name, as its documents are headed ("" for an unknown id). */
export async function buyerName(db: DbOrTx, id: string) {
  const [row] = await db.select({ name: buyers.corporateName }).from(buyers).where(eq(buyers.id, id));
  return row?.name ?? "";
}

export async function findUserSummary(db: DbOrTx, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      cpf: users.cpf,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export function listSecretaryOffices(db: DbOrTx, buyerId: string) {
  return db
    .select({
      id: buyerSecretaryOffices.id,
      name: buyerSecretaryOffices.name,
      cnpj: buyerSecretaryOffices.cnpj,
      kind: buyerSecretaryOffices.kind,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userCpf: users.cpf,
      userPhoneNumber: users.phoneNumber,
    })
    .from(buyerSecretaryOffices)
    .leftJoin(users, eq(users.id, buyerSecretaryOffices.userId))
    .where(eq(buyerSecretaryOffices.buyerId, buyerId))
    .orderBy(asc(buyerSecretaryOffices.name));
}

export function listStaff(db: DbOrTx, buyerId: string) {
  return db
    .select({
      id: buyerStaff.id,
      roles: buyerStaff.roles,
      kind: buyerStaff.kind,
      department: buyerStaff.department,
      internalPosition: buyerStaff.internalPosition,
      registrationNumber: buyerStaff.registrationNumber,
      appointmentOrderNumber: buyerStaff.appointmentOrderNumber,
      appointmentOrderDate: buyerStaff.appointmentOrderDate,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userCpf: users.cpf,
      userPhoneNumber: users.phoneNumber,
      userCellphoneNumber: users.cellphoneNumber,
    })
    .from(buyerStaff)
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(eq(buyerStaff.buyerId, buyerId))
    .orderBy(asc(users.name));
}
