import type { SessionUser } from "../features/auth/types";
import type { NoticeListItem } from "../features/public-notices/api";

export const auctioneer: SessionUser = {
  id: "u-1",
  name: "Paula Pregoeira",
  email: "pregoeiro@demo.gov.br",
  kind: "BUYER",
  buyer: { id: "b-1", corporateName: "Prefeitura Municipal de Exemplo", staffRoles: ["AUCTIONEER"] },
};

export const planner: SessionUser = {
  ...auctioneer,
  id: "u-2",
  name: "Pedro Planejamento",
  email: "planejamento@demo.gov.br",
  buyer: { id: "b-1", corporateName: "Prefeitura Municipal de Exemplo", staffRoles: ["PLANNING_TEAM"] },
};

export const supplier: SessionUser = {
  id: "u-3",
  name: "Fernanda Fornecedora",
  email: "fornecedor1@demo.com.br",
  kind: "SUPPLIER",
  supplier: { id: "s-1", name: "Comercial Exemplo Ltda", isSmallBusiness: true, subscriptionEndDate: null },
};

export function notice(overrides: Partial<NoticeListItem> = {}): NoticeListItem {
  return {
    id: "n-1",
    noticeNumber: "12/2026",
    processNumber: "345/2026",
    objectOfInterest: "Aquisição de material de expediente",
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    status: "PUBLISHED",
    startDateTime: "2026-03-10T12:30:00.000Z",
    proposalsEndDateTime: "2026-03-10T12:00:00.000Z",
    buyer: { id: "b-1", corporateName: "Prefeitura Municipal de Exemplo", city: "Campinas", state: "SP" },
    secretariesNames: null,
    ...overrides,
  };
}
