import type { Db } from "../../db/client";
import { forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import { staffSecretaryOfficeLinks } from "../buyer-registration/buyer-registration.repository";
import { buyerRegistrationView } from "../buyer-registration/buyer-registration.view";
import * as repo from "./buyer.repository";

/** The buyer (public body) of notices-and-accounts §3 "Buyer", with its secretariats and staff. */
export class BuyerService {
  constructor(private readonly db: Db) {}

  /** app/buyer/read: a buyer user reads its own body; platform staff read any. */
  async read(user: SessionUser, buyerId: string | undefined) {
    const id = buyerId ?? user.buyer?.id;
    if (!id) throw forbidden("Usuário sem órgão comprador vinculado.");
    if (user.kind !== "ADMIN" && user.buyer?.id !== id)
      throw forbidden("Você só pode consultar o seu próprio órgão.");
    return this.view(id);
  }

  /** The body as app/buyer/read shows it, for a caller whose access is already decided. */
  async view(id: string) {
    const buyer = await repo.findBuyer(this.db, id);
    if (!buyer) throw notFound("Órgão não encontrado.");
    const [authority, secretaries, staff, links, registration] = await Promise.all([
      repo.findUserSummary(this.db, buyer.competentAuthorityUserId),
      repo.listSecretaryOffices(this.db, id),
      repo.listStaff(this.db, id),
      staffSecretaryOfficeLinks(this.db, id),
      buyerRegistrationView(this.db, id),
    ]);
    return {
      ...this.publicView(buyer),
      phoneNumber: buyer.phoneNumber,
      registrationStatus: buyer.registrationStatus,
      ...registration,
      address: {
        postalCode: buyer.postalCode,
        street: buyer.street,
        number: buyer.number,
        district: buyer.district,
        city: buyer.city,
        state: buyer.state,
        complement: buyer.complement,
        ibgeCode: buyer.ibgeCode,
      },
      competentAuthority: {
        name: buyer.competentAuthorityName,
        cnpj: buyer.competentAuthorityCnpj,
        user: authority ?? null,
      },
      secretaries: secretaries.map((s) => ({
        id: s.id,
        name: s.name,
        cnpj: s.cnpj,
        kind: s.kind,
        user: s.userId
          ? {
              id: s.userId,
              name: s.userName,
              email: s.userEmail,
              cpf: s.userCpf,
              phoneNumber: s.userPhoneNumber,
            }
          : null,
      })),
      staffMembers: staff.map((s) => ({
        id: s.id,
        role: s.roles,
        kind: s.kind,
        department: s.department,
        internalPosition: s.internalPosition,
        registrationNumber: s.registrationNumber,
        appointmentOrderNumber: s.appointmentOrderNumber,
        appointmentOrderDate: s.appointmentOrderDate,
        secretariesOffice: links.filter((l) => l.staffId === s.id).map((l) => l.officeId),
        user: {
          id: s.userId,
          name: s.userName,
          email: s.userEmail,
          cpf: s.userCpf,
          phoneNumber: s.userPhoneNumber,
          cellphoneNumber: s.userCellphoneNumber,
        },
      })),
    };
  }

  /** public/buyer/read: what anyone may know of a body. */
  async readPublic(id: string) {
    const buyer = await repo.findBuyer(this.db, id);
    if (!buyer) throw notFound("Órgão não encontrado.");
    return this.publicView(buyer);
  }

  private publicView(buyer: NonNullable<Awaited<ReturnType<typeof repo.findBuyer>>>) {
    return {
      id: buyer.id,
      corporateName: buyer.corporateName,
      cnpj: buyer.cnpj,
      website: buyer.website,
      city: buyer.city,
      state: buyer.state,
    };
  }
}
