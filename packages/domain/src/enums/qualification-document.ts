// Qualification document classes and their kinds, for the documents-required modal
// (notices-and-accounts §2.10, §3 "Supplier qualification document": "Qualification document classes
// are fixed classes, each with its document kinds and names"). The spec does not list them; these are
// the four groups of Lei 14.133/2021 art. 62 (arts. 66–69), with the documents those articles name.
export const QUALIFICATION_DOCUMENT_CLASSES = [
  {
    id: "LEGAL",
    name: "Habilitação jurídica",
    kinds: [
      { kind: "ARTICLES_OF_INCORPORATION", name: "Ato constitutivo, estatuto ou contrato social em vigor" },
      { kind: "COMMERCIAL_REGISTRATION", name: "Registro comercial (empresário individual)" },
      { kind: "OPERATING_AUTHORIZATION", name: "Decreto de autorização (empresa estrangeira)" },
    ],
  },
  {
    id: "FISCAL_SOCIAL_LABOR",
    name: "Habilitação fiscal, social e trabalhista",
    kinds: [
      { kind: "CNPJ_CPF_REGISTRATION", name: "Inscrição no CPF ou no CNPJ" },
      {
        kind: "TAXPAYER_REGISTRATION",
        name: "Inscrição no cadastro de contribuintes estadual e/ou municipal",
      },
      {
        kind: "FEDERAL_TAX_CLEARANCE",
        name: "Regularidade perante a Fazenda federal e a Dívida Ativa da União",
      },
      { kind: "STATE_TAX_CLEARANCE", name: "Regularidade perante a Fazenda estadual" },
      { kind: "MUNICIPAL_TAX_CLEARANCE", name: "Regularidade perante a Fazenda municipal" },
      { kind: "FGTS_CLEARANCE", name: "Regularidade relativa ao FGTS" },
      { kind: "LABOR_DEBT_CLEARANCE", name: "Certidão Negativa de Débitos Trabalhistas (CNDT)" },
    ],
  },
  {
    id: "ECONOMIC_FINANCIAL",
    name: "Habilitação econômico-financeira",
    kinds: [
      {
        kind: "BALANCE_SHEET",
        name: "Balanço patrimonial e demonstrações contábeis dos 2 últimos exercícios",
      },
      { kind: "BANKRUPTCY_CLEARANCE", name: "Certidão negativa de falência" },
    ],
  },
  {
    id: "TECHNICAL",
    name: "Qualificação técnica",
    kinds: [
      {
        kind: "PROFESSIONAL_REGISTRATION",
        name: "Registro ou inscrição na entidade profissional competente",
      },
      { kind: "TECHNICAL_CAPACITY_CERTIFICATE", name: "Atestado de capacidade técnica" },
      { kind: "TECHNICAL_STAFF_STATEMENT", name: "Indicação do pessoal técnico e das instalações" },
    ],
  },
] as const;

export type QualificationDocumentClassId = (typeof QUALIFICATION_DOCUMENT_CLASSES)[number]["id"];
export type QualificationDocumentKind =
  | (typeof QUALIFICATION_DOCUMENT_CLASSES)[number]["kinds"][number]["kind"]
  | "OTHER";

/** Every kind the buyer may require: the fixed classes' kinds and OTHER (the only pickable system kind, §3). */
export const QUALIFICATION_DOCUMENT_KINDS: readonly QualificationDocumentKind[] = [
  ...QUALIFICATION_DOCUMENT_CLASSES.flatMap((c) => c.kinds.map((k) => k.kind)),
  "OTHER",
];

export const isQualificationDocumentKind = (kind: string): kind is QualificationDocumentKind =>
  (QUALIFICATION_DOCUMENT_KINDS as readonly string[]).includes(kind);

/** Longest name of a buyer's 'other document class' (the spec gives none; a class name is a short label). */
export const DOCUMENT_CLASS_NAME_MAX_LENGTH = 200;
