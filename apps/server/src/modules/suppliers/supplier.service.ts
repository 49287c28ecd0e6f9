import {
  CNPJ_LOOKUP_FAILED_MESSAGE,
  CNPJ_LOOKUP_NOT_FOUND_MESSAGE,
  type SupplierCreateInput,
  type SupplierListInput,
} from "@certame/domain";
import type { Db } from "../../db/client";
import { AppError, conflict, notFound } from "../../http/errors";
import { type CnpjLookup, CnpjLookupUnavailable } from "../../integrations/cnpj/cnpj-lookup";
import * as repo from "./supplier.repository";

/** A bidder as the picker and its row tooltip read it (§2.9, §3 "Supplier"). */
export function toSupplier(s: repo.SupplierRow) {
  return {
    id: s.id,
    code: s.code,
    createdDate: s.createdDate.toISOString(),
    credentialKind: s.credentialKind,
    documentNumber: s.documentNumber,
    name: s.name,
    corporateName: s.corporateName,
    tradeName: s.tradeName,
    isSmallBusiness: s.isSmallBusiness,
    email: s.email,
    phoneNumber: s.phoneNumber,
    cellphoneNumber: s.cellphoneNumber,
    tradeRepresentativeName: s.tradeRepresentativeName,
    tradeRepresentativeCpf: s.tradeRepresentativeCpf,
  };
}

export const DUPLICATE_SUPPLIER_MESSAGE = "Já existe um licitante cadastrado com este CPF/CNPJ.";

export class SupplierService {
  constructor(
    private readonly db: Db,
    private readonly cnpj: CnpjLookup,
  ) {}

  async list(input: SupplierListInput) {
    const { rows, total } = await repo.listSuppliers(this.db, input);
    return { suppliers: rows.map(toSupplier), limitResult: input.limit, total };
  }

  /** 'Cadastro de licitante': a bidder without a login account; a known document is a 409. */
  async create(userId: string, input: SupplierCreateInput) {
    const row = await this.db.transaction((tx) =>
      repo.insertSupplier(tx, { ...input, registeredByUserId: userId }),
    );
    if (!row) throw conflict(DUPLICATE_SUPPLIER_MESSAGE);
    return toSupplier(row);
  }

  async companyInformation(cnpj: string) {
    try {
      const company = await this.cnpj.find(cnpj);
      if (!company) throw notFound(CNPJ_LOOKUP_NOT_FOUND_MESSAGE);
      return company;
    } catch (error) {
      if (error instanceof CnpjLookupUnavailable) throw new AppError(503, CNPJ_LOOKUP_FAILED_MESSAGE);
      throw error;
    }
  }
}
