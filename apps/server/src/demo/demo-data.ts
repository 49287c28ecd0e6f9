import { brasiliaCivilDate, civilDateKey } from "@certame/domain";
import { sql } from "drizzle-orm";
import { systemClock } from "../clock/clock";
import { loadConfig, type PaymentsConfig } from "../config";
import type { Db, Tx } from "../db/client";
import {
  auctionBatches,
  auctionNoticeSecretaryOffices,
  auctionNoticeStaff,
  auctionNotices,
  bids,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  noticeParticipants,
  products,
  suppliers,
  users,
} from "../db/schema";
import { appendEvent } from "../events/event-log.repository";
import { hashPassword } from "../modules/auth/password";
import { insertDemoClarifications } from "./demo-clarifications";
import { insertDemoDocuments } from "./demo-documents";
import { demoSubscriptionPeriod, insertDemoPayments } from "./demo-payments";
import { insertDemoPlanning } from "./demo-planning";
import {
  DEMO_REGISTRATION_IDS,
  DEMO_REGISTRATION_USERS,
  insertDemoRegistrations,
} from "./demo-registrations";

/** Demo accounts of DESIGN §2; one password for all. */
export const DEMO_PASSWORD = "Demo@2026";

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Stable ids make loading idempotent: every insert is ON CONFLICT DO NOTHING.
export const DEMO_IDS = {
  buyer: U(1001),
  otherBuyer: U(1002),
  officeAdmin: U(1101),
  officeHealth: U(1102),
  officeOther: U(1103),
  staffAuctioneer: U(1201),
  staffAuthority: U(1202),
  staffSupport: U(1203),
  staffPlanning: U(1204),
  staffOther: U(1205),
  supplier1: U(1301),
  supplier2: U(1302),
  supplier3: U(1303),
  noticeDraft: U(2001),
  noticeOpen: U(2002),
  noticeRoom: U(2003),
  noticeAuction: U(2004),
  noticeDispenser: U(2005),
  noticeAccreditation: U(2006),
  noticeFormalization: U(2007),
  noticePreQualification: U(2008),
  noticeOtherBuyer: U(2101),
  noticeOtherBuyerDraft: U(2102),
  // Issue 13 item 8 (demo-registrations.ts): a body waiting for the staff's analysis, a supplier mid-registration.
  ...DEMO_REGISTRATION_IDS,
} as const;

interface DemoAccount {
  id: string;
  email: string;
  name: string;
  kind: "BUYER" | "SUPPLIER" | "REGULAR_CITIZEN" | "ADMIN";
  cpf?: string;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: U(1),
    email: "pregoeiro@demo.gov.br",
    name: "Marina Albuquerque",
    kind: "BUYER",
    cpf: "12345678909",
    description: "pregoeira (AUCTIONEER) da Prefeitura Municipal de Exemplo",
  },
  {
    id: U(2),
    email: "autoridade@demo.gov.br",
    name: "Roberto Nogueira",
    kind: "BUYER",
    cpf: "23456789173",
    description: "autoridade competente da Prefeitura Municipal de Exemplo",
  },
  {
    id: U(3),
    email: "apoio@demo.gov.br",
    name: "Carla Menezes",
    kind: "BUYER",
    cpf: "34567891228",
    description: "equipe de apoio (SUPPORT_STAFF)",
  },
  {
    id: U(4),
    email: "fornecedor1@demo.com.br",
    name: "Ana Paula Ribeiro",
    kind: "SUPPLIER",
    description: "fornecedor ME/EPP com assinatura em dia",
  },
  {
    id: U(5),
    email: "fornecedor2@demo.com.br",
    name: "Bruno Carvalho",
    kind: "SUPPLIER",
    description: "fornecedor de grande porte com um crédito",
  },
  {
    id: U(6),
    email: "fornecedor3@demo.com.br",
    name: "Daniela Souza",
    kind: "SUPPLIER",
    description: "fornecedor ME/EPP com assinatura em dia",
  },
  {
    id: U(7),
    email: "cidadao@demo.com.br",
    name: "Eduardo Lima",
    kind: "REGULAR_CITIZEN",
    cpf: "45678912364",
    description: "cidadão",
  },
  {
    id: U(8),
    email: "admin@certame.local",
    name: "Equipe Certame",
    kind: "ADMIN",
    description: "equipe da plataforma (análise de cadastros)",
  },
  {
    id: U(9),
    email: "planejamento@demo.gov.br",
    name: "Felipe Araújo",
    kind: "BUYER",
    cpf: "56789123482",
    description: "equipe de planejamento (perfil restrito)",
  },
  {
    id: U(10),
    email: "licitacoes@demo.gov.br",
    name: "Prefeitura Municipal de Exemplo",
    kind: "BUYER",
    description: "conta institucional do órgão (autora dos editais)",
  },
  {
    id: U(11),
    email: "compras@vilanova.demo.gov.br",
    name: "Gabriela Torres",
    kind: "BUYER",
    cpf: "67891234582",
    description: "pregoeira da Prefeitura Municipal de Vila Nova (outro órgão)",
  },
  {
    id: DEMO_REGISTRATION_USERS.chamberAccount,
    email: "camara@demo.gov.br",
    name: "Câmara Municipal de Exemplo",
    kind: "BUYER",
    description: "conta do órgão com cadastro em análise (Câmara Municipal de Exemplo)",
  },
  {
    id: DEMO_REGISTRATION_USERS.chamberAuthority,
    email: "presidencia@camara.demo.gov.br",
    name: "Luísa Fernandes",
    kind: "BUYER",
    cpf: "41873620535",
    description: "autoridade competente da Câmara Municipal de Exemplo (em análise)",
  },
  {
    id: DEMO_REGISTRATION_USERS.chamberAuctioneer,
    email: "licitacoes@camara.demo.gov.br",
    name: "Renato Queiroz",
    kind: "BUYER",
    cpf: "62718439050",
    description: "agente de contratação (AUCTIONEER) da Câmara Municipal de Exemplo (em análise)",
  },
  {
    id: DEMO_REGISTRATION_USERS.supplier4,
    email: "fornecedor4@demo.com.br",
    name: "Juliana Prates",
    kind: "SUPPLIER",
    description: "fornecedor com cadastro em preenchimento",
  },
];

const DAY = 24 * 60 * 60 * 1000;
const at = (base: number, days: number, hour: number) => {
  // hour in Brasília time (UTC-3) on the day `days` from base.
  const d = new Date(base + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour + 3, 0, 0));
};

async function insertAccounts(tx: Tx, now: number) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await tx
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map(({ id, email, name, kind, cpf }) => ({
        id,
        email,
        name,
        kind,
        cpf,
        passwordHash,
        // Demo accounts are ready to use: their e-mail counts as confirmed.
        emailConfirmedAt: new Date(now),
      })),
    )
    .onConflictDoNothing();
}

async function insertBuyers(tx: Tx) {
  const ids = DEMO_IDS;
  await tx
    .insert(buyers)
    .values([
      {
        id: ids.buyer,
        corporateName: "Prefeitura Municipal de Exemplo",
        registrationStatus: "APPROVED",
        cnpj: "12345678000195",
        website: "https://www.exemplo.sp.gov.br",
        phoneNumber: "1133334444",
        postalCode: "01001000",
        street: "Praça da Sé",
        number: "100",
        district: "Centro",
        city: "Exemplo",
        state: "SP",
        ibgeCode: "3550308",
        // Its unidade compradora in the PNCP (Vila Nova has none yet: /publicacoes-pncp asks for it).
        pncpUnitCode: "1",
        pncpUnitName: "Secretaria Municipal de Administração",
        userId: U(10),
        competentAuthorityUserId: U(2),
        competentAuthorityName: "Roberto Nogueira",
      },
      {
        id: ids.otherBuyer,
        corporateName: "Prefeitura Municipal de Vila Nova",
        registrationStatus: "APPROVED",
        cnpj: "23456789000195",
        phoneNumber: "3132325555",
        postalCode: "30130000",
        street: "Avenida Afonso Pena",
        number: "1500",
        district: "Centro",
        city: "Vila Nova",
        state: "MG",
        userId: U(11),
        competentAuthorityUserId: U(11),
        competentAuthorityName: "Gabriela Torres",
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(buyerSecretaryOffices)
    .values([
      { id: ids.officeAdmin, buyerId: ids.buyer, name: "Secretaria Municipal de Administração" },
      { id: ids.officeHealth, buyerId: ids.buyer, name: "Secretaria Municipal de Saúde" },
      { id: ids.officeOther, buyerId: ids.otherBuyer, name: "Secretaria Municipal de Educação" },
    ])
    .onConflictDoNothing();
  await tx
    .insert(buyerStaff)
    .values([
      {
        id: ids.staffAuctioneer,
        buyerId: ids.buyer,
        userId: U(1),
        roles: ["AUCTIONEER"],
        department: "Departamento de Licitações",
        internalPosition: "Pregoeira",
      },
      {
        id: ids.staffAuthority,
        buyerId: ids.buyer,
        userId: U(2),
        roles: [],
        internalPosition: "Secretário de Administração",
      },
      {
        id: ids.staffSupport,
        buyerId: ids.buyer,
        userId: U(3),
        roles: ["SUPPORT_STAFF"],
        department: "Departamento de Licitações",
      },
      {
        id: ids.staffPlanning,
        buyerId: ids.buyer,
        userId: U(9),
        roles: ["PLANNING_TEAM"],
        department: "Planejamento",
      },
      { id: ids.staffOther, buyerId: ids.otherBuyer, userId: U(11), roles: ["AUCTIONEER"] },
    ])
    .onConflictDoNothing();
}

async function insertSuppliers(tx: Tx, now: number) {
  const ids = DEMO_IDS;
  // In force as the demo annual subscription says (demo-payments.ts).
  const inAYear = demoSubscriptionPeriod(now).inForceUntil;
  await tx
    .insert(suppliers)
    .values([
      {
        id: ids.supplier1,
        userId: U(4),
        registrationStatus: "APPROVED",
        credentialKind: "LEGAL_PERSON",
        documentNumber: "34567890000130",
        corporateName: "Ribeiro Papelaria e Suprimentos Ltda - ME",
        tradeName: "Ribeiro Suprimentos",
        isSmallBusiness: true,
        email: "fornecedor1@demo.com.br",
        phoneNumber: "1140028922",
        tradeRepresentativeName: "Ana Paula Ribeiro",
        tradeRepresentativeCpf: "78912345664",
        city: "Exemplo",
        state: "SP",
        subscriptionEndDate: inAYear,
      },
      {
        id: ids.supplier2,
        userId: U(5),
        registrationStatus: "APPROVED",
        credentialKind: "LEGAL_PERSON",
        documentNumber: "45678901000175",
        corporateName: "Carvalho Distribuidora de Materiais S.A.",
        tradeName: "Carvalho Distribuidora",
        isSmallBusiness: false,
        email: "fornecedor2@demo.com.br",
        phoneNumber: "1130303030",
        tradeRepresentativeName: "Bruno Carvalho",
        tradeRepresentativeCpf: "89123456728",
        city: "São Paulo",
        state: "SP",
        subscriptionEndDate: null,
      },
      {
        id: ids.supplier3,
        userId: U(6),
        registrationStatus: "APPROVED",
        credentialKind: "LEGAL_PERSON",
        documentNumber: "56789012000100",
        corporateName: "Souza Comércio de Informática EPP",
        tradeName: "Souza Informática",
        isSmallBusiness: true,
        email: "fornecedor3@demo.com.br",
        phoneNumber: "3134345656",
        tradeRepresentativeName: "Daniela Souza",
        tradeRepresentativeCpf: "91234567873",
        city: "Belo Horizonte",
        state: "MG",
        subscriptionEndDate: inAYear,
      },
    ])
    .onConflictDoNothing();
}

const DEMO_PRODUCTS = [
  [
    "Papel A4 75 g/m², resma com 500 folhas",
    "Papel sulfite alcalino, formato A4 (210 x 297 mm), gramatura 75 g/m², branco, resma com 500 folhas.",
  ],
  [
    "Caneta esferográfica azul",
    "Caneta esferográfica, tinta azul, ponta média 1,0 mm, corpo transparente sextavado.",
  ],
  [
    "Toner para impressora laser",
    "Cartucho de toner preto compatível com impressoras laser monocromáticas, rendimento mínimo de 3.000 páginas.",
  ],
  [
    "Notebook 15 polegadas",
    "Notebook com processador de 8 núcleos, 16 GB de memória RAM, SSD de 512 GB, tela de 15,6 polegadas Full HD.",
  ],
  [
    "Monitor LED 24 polegadas",
    "Monitor LED 23,8 polegadas, resolução 1920 x 1080, entradas HDMI e DisplayPort.",
  ],
  [
    "Álcool etílico 70% 1 litro",
    "Álcool etílico hidratado 70% INPM, frasco de 1 litro, com registro na ANVISA.",
  ],
  [
    "Luva de procedimento em látex",
    "Luva de procedimento não cirúrgico, látex natural, tamanho M, caixa com 100 unidades.",
  ],
  [
    "Serviço de manutenção predial",
    "Prestação de serviços contínuos de manutenção predial preventiva e corretiva, com fornecimento de materiais.",
  ],
  ["Gasolina comum", "Gasolina automotiva tipo C comum, conforme especificações da ANP."],
  [
    "Cadeira giratória ergonômica",
    "Cadeira giratória com braços reguláveis, encosto em tela, regulagem de altura a gás, conforme NR-17.",
  ],
] as const;

const productId = (i: number) => U(3001 + i);

async function insertProducts(tx: Tx) {
  await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map(([name, technicalDescription], i) => ({
        id: productId(i),
        name,
        technicalDescription,
      })),
    )
    .onConflictDoNothing();
}

type NoticeValues = typeof auctionNotices.$inferInsert;

async function insertNotices(tx: Tx, now: number) {
  const ids = DEMO_IDS;
  const base = {
    buyerId: ids.buyer,
    purchaseYear: new Date(now).getUTCFullYear(),
    createdByUserId: U(1),
    daysDue: 365,
  } satisfies Partial<NoticeValues>;
  const notices: NoticeValues[] = [
    {
      ...base,
      id: ids.noticeDraft,
      status: "PENDING",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PE 12/2026",
      processNumber: "PA 0451/2026",
      objectOfInterest: "Aquisição de mobiliário de escritório para a Secretaria Municipal de Administração.",
      startDateTime: at(now, 30, 9),
      proposalsStartDateTime: at(now, 10, 8),
      proposalsEndDateTime: at(now, 30, 8),
    },
    {
      ...base,
      id: ids.noticeOpen,
      status: "PUBLISHED",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PE 10/2026",
      processNumber: "PA 0398/2026",
      objectOfInterest:
        "Registro de preços para aquisição de equipamentos de informática (notebooks e monitores).",
      isSrp: true,
      startDateTime: at(now, 12, 10),
      proposalsStartDateTime: at(now, -2, 8),
      proposalsEndDateTime: at(now, 12, 9),
      publishedDate: new Date(now - 2 * DAY),
    },
    {
      ...base,
      id: ids.noticeRoom,
      status: "PUBLISHED",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PE 08/2026",
      processNumber: "PA 0312/2026",
      objectOfInterest:
        "Aquisição de material de expediente e suprimentos de impressão para as secretarias municipais.",
      closingKind: "OPEN",
      dispensationForm: "LOWEST_PRICE",
      auctionLicensePhase: "AFTER_BID",
      processParticipation: "DEFINED_PER_BATCH",
      startDateTime: at(now, 0, 9),
      proposalsStartDateTime: at(now, -10, 8),
      proposalsEndDateTime: at(now, 0, 8),
      publishedDate: new Date(now - 10 * DAY),
    },
    {
      ...base,
      id: ids.noticeAuction,
      status: "PUBLISHED",
      modality: "ELECTRONIC_AUCTION",
      subModality: "SALE",
      noticeNumber: "LE 02/2026",
      processNumber: "PA 0277/2026",
      objectOfInterest: "Alienação de veículos inservíveis da frota municipal.",
      dispensationForm: "BIGGEST_PRICE",
      auctionLicensePhase: "AFTER_BID",
      startDateTime: at(now, 20, 14),
      proposalsStartDateTime: at(now, -1, 8),
      proposalsEndDateTime: at(now, 20, 13),
      publishedDate: new Date(now - DAY),
    },
    {
      ...base,
      id: ids.noticeDispenser,
      status: "PUBLISHED",
      modality: "ELECTRONIC_DISPENSER",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "DE 05/2026",
      processNumber: "PA 0420/2026",
      objectOfInterest: "Aquisição de álcool 70% e luvas de procedimento para as unidades básicas de saúde.",
      closingKind: "TIMED",
      auctionLicensePhase: "AFTER_BID",
      bidDuration: 360,
      startDateTime: at(now, 5, 8),
      proposalsStartDateTime: at(now, -1, 8),
      proposalsEndDateTime: at(now, 5, 7),
      publishedDate: new Date(now - DAY),
    },
    {
      ...base,
      id: ids.noticeAccreditation,
      status: "PUBLISHED",
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "CR 01/2026",
      processNumber: "PA 0150/2026",
      objectOfInterest: "Credenciamento de clínicas para realização de exames laboratoriais.",
      startDateTime: at(now, 40, 9),
      proposalsStartDateTime: at(now, -5, 8),
      proposalsEndDateTime: at(now, 40, 8),
      publishedDate: new Date(now - 5 * DAY),
    },
    {
      ...base,
      id: ids.noticePreQualification,
      status: "PUBLISHED",
      modality: "DIRECT_PRE_QUALIFICATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "PQ 01/2026",
      processNumber: "PA 0160/2026",
      objectOfInterest:
        "Pré-qualificação de empresas de engenharia para futuras obras de pavimentação urbana.",
      startDateTime: at(now, 60, 9),
      proposalsStartDateTime: at(now, -2, 8),
      proposalsEndDateTime: at(now, 60, 8),
      publishedDate: new Date(now - 2 * DAY),
    },
    {
      ...base,
      id: ids.noticeFormalization,
      status: "FINISHED",
      modality: "WAIVER_FORMALIZATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "DL 03/2026",
      processNumber: "PA 0101/2026",
      objectOfInterest: "Contratação emergencial de serviço de manutenção predial da escola municipal.",
      startDateTime: at(now, -30, 10),
      publishedDate: new Date(now - 30 * DAY),
    },
    {
      ...base,
      id: ids.noticeOtherBuyer,
      buyerId: ids.otherBuyer,
      createdByUserId: U(11),
      status: "PUBLISHED",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PE 21/2026",
      processNumber: "PA 0900/2026",
      objectOfInterest: "Aquisição de gêneros alimentícios para a merenda escolar.",
      startDateTime: at(now, 15, 9),
      proposalsStartDateTime: at(now, -3, 8),
      proposalsEndDateTime: at(now, 15, 8),
      publishedDate: new Date(now - 3 * DAY),
    },
    {
      ...base,
      id: ids.noticeOtherBuyerDraft,
      buyerId: ids.otherBuyer,
      createdByUserId: U(11),
      status: "PENDING",
      modality: "ELECTRONIC_DISPENSER",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "DE 09/2026",
      processNumber: "PA 0950/2026",
      objectOfInterest: "Aquisição de gasolina comum para os veículos da Secretaria de Educação.",
      closingKind: "TIMED",
      auctionLicensePhase: "AFTER_BID",
      startDateTime: at(now, 25, 8),
    },
  ];
  const inserted = await tx
    .insert(auctionNotices)
    .values(notices)
    .onConflictDoNothing()
    .returning({ id: auctionNotices.id });
  const fresh = new Set(inserted.map((r) => r.id));

  await tx
    .insert(auctionNoticeSecretaryOffices)
    .values([
      ...[
        ids.noticeDraft,
        ids.noticeOpen,
        ids.noticeRoom,
        ids.noticeAuction,
        ids.noticeFormalization,
        ids.noticePreQualification,
      ].map((id) => ({
        auctionNoticeId: id,
        secretaryOfficeId: ids.officeAdmin,
      })),
      ...[ids.noticeDispenser, ids.noticeAccreditation].map((id) => ({
        auctionNoticeId: id,
        secretaryOfficeId: ids.officeHealth,
      })),
      ...[ids.noticeOtherBuyer, ids.noticeOtherBuyerDraft].map((id) => ({
        auctionNoticeId: id,
        secretaryOfficeId: ids.officeOther,
      })),
    ])
    .onConflictDoNothing();
  const ourNotices = notices.filter((n) => n.buyerId === ids.buyer).map((n) => n.id as string);
  await tx
    .insert(auctionNoticeStaff)
    .values([
      ...ourNotices.map((id) => ({
        auctionNoticeId: id,
        staffId: ids.staffAuctioneer,
        assignment: "AUCTIONEER" as const,
      })),
      ...ourNotices.map((id) => ({
        auctionNoticeId: id,
        staffId: ids.staffSupport,
        assignment: "SUPPORT_STAFF" as const,
      })),
      { auctionNoticeId: ids.noticeOtherBuyer, staffId: ids.staffOther, assignment: "AUCTIONEER" as const },
    ])
    .onConflictDoNothing();

  const lot = (
    noticeId: string,
    number: number,
    item: number,
    p: number,
    quantity: number,
    unit: string,
    referenceUnit: number,
    extra: Partial<typeof auctionBatches.$inferInsert> = {},
  ) => ({
    auctionNoticeId: noticeId,
    number,
    item,
    productId: productId(p),
    quantity: String(quantity),
    measurementUnitCode: unit,
    referencePrice: referenceUnit,
    totalAmount: Math.round(referenceUnit * quantity),
    minimumVariation: 100,
    ...extra,
  });
  // The published notices whose proposal window is open: their lots take proposals now.
  const open: Partial<typeof auctionBatches.$inferInsert> = { phase: "OPEN_FOR_OFFERS" };
  await tx
    .insert(auctionBatches)
    .values([
      lot(ids.noticeDraft, 1, 1, 9, 40, "UN", 89000),
      lot(ids.noticeOpen, 1, 1, 3, 50, "UN", 520000, open),
      lot(ids.noticeOpen, 2, 1, 4, 50, "UN", 110000, open),
      // The room demo: 3 lots, lot 3 exclusive for ME/EPP (LC 123/2006 art. 48 I), closed for offers.
      lot(ids.noticeRoom, 1, 1, 0, 2000, "RESMA", 2890, { phase: "CLOSED_FOR_OFFERS", minimumVariation: 10 }),
      lot(ids.noticeRoom, 2, 1, 2, 120, "UN", 34500, { phase: "CLOSED_FOR_OFFERS" }),
      lot(ids.noticeRoom, 3, 1, 1, 5000, "UN", 150, {
        phase: "CLOSED_FOR_OFFERS",
        batchItemParticipation: "EXCLUSIVE",
        minimumVariation: 1,
      }),
      lot(ids.noticeAuction, 1, 1, 7, 1, "UN", 4500000, open),
      lot(ids.noticeDispenser, 1, 1, 5, 600, "UN", 1290, open),
      lot(ids.noticeDispenser, 2, 1, 6, 300, "CX", 3850, open),
      lot(ids.noticeAccreditation, 1, 1, 7, 12, "MES", 1500000),
      lot(ids.noticeOtherBuyer, 1, 1, 8, 10000, "L", 589),
    ])
    .onConflictDoNothing();

  if (fresh.has(ids.noticeRoom)) await insertInitialBids(tx, now);

  for (const n of notices) {
    if (!fresh.has(n.id as string)) continue;
    await appendEvent(tx, {
      auctionNoticeId: n.id as string,
      eventType: "NOTICE_CREATED",
      actorUserId: n.createdByUserId ?? null,
      payload: { source: "demo-data", status: n.status, noticeNumber: n.noticeNumber },
    });
  }
}

/**
 * The room demo's initial proposals (DESIGN §2: "CLOSED_FOR_OFFERS with initial bids from the three
 * suppliers"): suppliers 1 and 3 are ME/EPP and declared it; lot 3 is exclusive, so supplier 2 (a
 * large company) has no proposal there. In lot 1 the large company leads and supplier 1 is within
 * 5 %, so closing with those values calls a fictitious tie (LC 123/2006 art. 44 §2).
 */
async function insertInitialBids(tx: Tx, now: number) {
  const ids = DEMO_IDS;
  const lots = await tx
    .select({ id: auctionBatches.id, number: auctionBatches.number, quantity: auctionBatches.quantity })
    .from(auctionBatches)
    .where(sql`${auctionBatches.auctionNoticeId} = ${ids.noticeRoom} AND ${auctionBatches.item} = 1`);
  const lotOf = (n: number) => lots.find((l) => l.number === n) as (typeof lots)[number];
  const people = [ids.supplier1, ids.supplier2, ids.supplier3];
  await tx
    .insert(noticeParticipants)
    .values(
      people.map((supplierId, i) => ({
        auctionNoticeId: ids.noticeRoom,
        supplierId,
        anonymousNumber: i + 1,
        hasSmallCompanyDeclaration: supplierId !== ids.supplier2,
      })),
    )
    .onConflictDoNothing();
  const proposals: [number, string, number][] = [
    [1, ids.supplier1, 2800],
    [1, ids.supplier2, 2750],
    [1, ids.supplier3, 2870],
    [2, ids.supplier1, 33000],
    [2, ids.supplier2, 33900],
    [2, ids.supplier3, 32500],
    [3, ids.supplier1, 140],
    [3, ids.supplier3, 145],
  ];
  await tx.insert(bids).values(
    proposals.map(([number, supplierId, unitPrice], i) => {
      const lot = lotOf(number);
      return {
        auctionNoticeId: ids.noticeRoom,
        batchId: lot.id,
        supplierId,
        kind: "INITIAL" as const,
        unitPrice,
        totalPrice: Math.round(unitPrice * Number(lot.quantity)),
        quantity: lot.quantity,
        createdDate: new Date(now - 86_400_000 + i * 60_000),
      };
    }),
  );
}

/** Loads the demo data of DESIGN §2 once; running it again changes nothing. */
export async function loadDemoData(
  db: Db,
  now = systemClock().getTime(),
  payments: PaymentsConfig = loadConfig().payments,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One loader at a time (two instances starting together).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20260001)`);
    await insertAccounts(tx, now);
    await insertBuyers(tx);
    await insertSuppliers(tx, now);
    await insertDemoPayments(tx, now, DEMO_IDS, payments);
    await insertDemoRegistrations(tx, now);
    await insertProducts(tx);
    await insertDemoPlanning(
      tx,
      { ...DEMO_IDS, products: DEMO_PRODUCTS.map((_, i) => productId(i)) },
      civilDateKey(brasiliaCivilDate(now)),
      new Date(now),
    );
    await insertNotices(tx, now);
    // The published notices' files (the edital and its reference term); the bytes are written to
    // the storage by ensureDemoFiles (demo-documents.ts) when the server starts.
    await insertDemoDocuments(tx, U(1));
    await insertDemoClarifications(
      tx,
      { noticeId: DEMO_IDS.noticeOpen, requesterUserId: U(7), auctioneerUserId: U(1) },
      now,
    );
  });
}
