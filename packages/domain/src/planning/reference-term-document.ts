import {
  type DocBlock,
  type DocRow,
  type DocumentModel,
  formatDocumentDate,
  formatDocumentDateTime,
  formatDocumentMoney,
  formatDocumentNumber,
  MISSING_VALUE,
} from "../format/document-model";
import { formatBRL } from "../format/money";
import { formatPercent } from "../format/percent";
import {
  ADVANCE_KIND_LABELS,
  BATCH_PARTICIPATION_LABELS,
  CONTRACT_EXECUTION_REGIME_LABELS,
  type CustomParagraph,
  chapterByCode,
  DELIVERY_EXPIRATION_KIND_LABELS,
  EXECUTION_REFERENCE_POINT_LABELS,
  MINIMUM_INDEX_LABELS,
  MINIMUM_VARIATION_KIND_LABELS,
  MONETARY_CORRECTION_INDEX_LABELS,
  OBJECT_FEATURE_LABELS,
  OBJECT_SUPPLY_TYPE_LABELS,
  REFERENCE_TERM_CHAPTER_CODES,
  REFERENCE_TERM_DATA_KEYS,
  REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS,
  REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS,
  type ReferenceTermAddress,
  type ReferenceTermBatch,
  type ReferenceTermChapterCode,
  type ReferenceTermContext,
  type ReferenceTermData,
  SUPPLY_TYPE_LABELS,
  TERM_PAYMENT_METHOD_LABELS,
  TERM_UNIT_LABELS,
  WARRANTY_KIND_LABELS,
} from "./reference-term";

// One document model of the reference term for the live preview, the .docx and the PDF (planning §2.10
// "Pré-visualização do Documento", §4 "Reference term document", §9 "Reference term"): the server's
// template gives each chapter's fixed paragraphs ({{placeholder}} texts); the chapter's data follows as
// label/value rows and tables, then its custom paragraphs, numbered after the fixed ones.

// ── Template ───────────────────────────────────────────────────────────────────────────────────

export interface ReferenceTermTemplateChapter {
  code: ReferenceTermChapterCode;
  fixedParagraphs: string[];
}

export interface ReferenceTermTemplate {
  version: number;
  title: string;
  chapters: ReferenceTermTemplateChapter[];
}

/**
 * The default template: sober boilerplate of a reference term under Lei nº 14.133/2021 (art. 6º, XXIII;
 * art. 40, §1º), with the fixed-paragraph counts of planning §9 (0, 1, 2, 2, 1, 2, 2, 1, 1, 1).
 */
export const DEFAULT_REFERENCE_TERM_TEMPLATE: ReferenceTermTemplate = {
  version: 1,
  title: "Termo de Referência",
  chapters: [
    { code: "GENERAL_CONTRACTING_CONDITIONS", fixedParagraphs: [] },
    {
      code: "CONTRACTING_JUSTIFICATION",
      fixedParagraphs: [
        "A fundamentação da contratação e de seus quantitativos encontra-se pormenorizada no Estudo Técnico Preliminar do processo {{processNumber}}, nos termos do art. 6º, inciso XXIII, alínea “b”, da Lei nº 14.133/2021, e a contratação está prevista no Plano de Contratações Anual de {{hiringPlanYear}}, em conformidade com o art. 12, inciso VII, da mesma Lei.",
      ],
    },
    {
      code: "CONTRACTING_REQUIREMENTS",
      fixedParagraphs: [
        "Os requisitos da contratação de {{objectOfInterest}} são os estritamente necessários ao atendimento da necessidade pública, conforme o art. 6º, inciso XXIII, alínea “d”, e o art. 40, § 1º, inciso III, da Lei nº 14.133/2021, sem restrição indevida à competitividade.",
        "A contratada deverá observar os critérios de sustentabilidade ambiental aplicáveis ao objeto, em atendimento ao art. 11, inciso IV, e ao art. 144 da Lei nº 14.133/2021, bem como a legislação ambiental vigente.",
      ],
    },
    {
      code: "OBJECT_EXECUTION_MODEL",
      fixedParagraphs: [
        "O modelo de execução do objeto, que define como o contrato produzirá os resultados pretendidos desde o seu início até o seu encerramento, observa o art. 6º, inciso XXIII, alínea “e”, da Lei nº 14.133/2021.",
        "O objeto será recebido provisória e definitivamente nos termos do art. 140 da Lei nº 14.133/2021, podendo ser rejeitado, no todo ou em parte, quando em desacordo com as especificações deste Termo de Referência e da proposta.",
      ],
    },
    {
      code: "ASSURANCE_TECHNICAL_ASSISTENCE",
      fixedParagraphs: [
        "A garantia, a manutenção e a assistência técnica do objeto observarão o art. 40, § 1º, inciso III, da Lei nº 14.133/2021 e, no que couber, a Lei nº 8.078/1990 (Código de Defesa do Consumidor), sem ônus adicional para a Administração.",
      ],
    },
    {
      code: "CONTRACT_MANAGEMENT_MODEL",
      fixedParagraphs: [
        "O contrato deverá ser executado fielmente pelas partes, de acordo com as cláusulas avençadas e as normas da Lei nº 14.133/2021, e cada parte responderá pelas consequências de sua inexecução total ou parcial (art. 115).",
        "A execução do contrato será acompanhada e fiscalizada por fiscal ou comissão de fiscalização designados pela Administração, nos termos do art. 117 da Lei nº 14.133/2021, que anotarão em registro próprio todas as ocorrências relacionadas à execução.",
      ],
    },
    {
      code: "MEASUREMENT_PAYMENT_CRITERIA",
      fixedParagraphs: [
        "A medição e o recebimento do objeto observarão os critérios deste capítulo e o art. 140 da Lei nº 14.133/2021, e o recebimento definitivo ocorrerá após a verificação da qualidade e da quantidade do objeto e a consequente aceitação.",
        "O pagamento será efetuado conforme a ordem cronológica de exigibilidade prevista no art. 141 da Lei nº 14.133/2021, e os valores em atraso serão atualizados monetariamente pelo índice {{monetaryCorrectionIndex}}.",
      ],
    },
    {
      code: "CRITERIA_SUPPLIER_SELECTION",
      fixedParagraphs: [
        "O fornecedor será selecionado por meio de licitação na modalidade {{modalityLabel}}, com adoção do critério de julgamento {{dispensationForm}}, nos termos dos arts. 28 e 33 da Lei nº 14.133/2021, e as exigências de habilitação observarão os arts. 62 a 70 da mesma Lei.",
      ],
    },
    {
      code: "ESTIMATED_VALUE_CONTRACT",
      fixedParagraphs: [
        "O custo estimado total da contratação corresponde a {{totalValue}}, conforme pesquisa de preços realizada nos termos do art. 23 da Lei nº 14.133/2021 e juntada ao processo {{processNumber}}.",
      ],
    },
    {
      code: "BUDGET_ADEQUACY",
      fixedParagraphs: [
        "As despesas decorrentes da presente contratação correrão à conta de recursos específicos consignados no orçamento, na fonte de recursos {{sourceResources}}, programa de trabalho {{workProgram}} e elemento de despesa {{expenseElement}}, conforme o art. 6º, inciso XXIII, alínea “j”, e o art. 150 da Lei nº 14.133/2021.",
      ],
    },
  ],
};

// ── Document model ─────────────────────────────────────────────────────────────────────────────

export type { DocBlock, DocRow } from "../format/document-model";

export interface ReferenceTermDocumentChapter {
  number: number;
  code: ReferenceTermChapterCode;
  title: string;
  blocks: DocBlock[];
}

export interface ReferenceTermDocument {
  title: string;
  header: DocRow[];
  chapters: ReferenceTermDocumentChapter[];
}

export interface ReferenceTermDocumentHeader {
  processNumber: string | null;
  object: string | null;
  modalityLabel: string | null;
  subModalityLabel: string | null;
  /** ISO date 'YYYY-MM-DD' or ISO date-time. */
  processDate: string | null;
  buyerName: string | null;
  agentName: string | null;
  totalValueCents: number | null;
  averageRisk: string | null;
}

export interface ReferenceTermDocumentInput {
  header: ReferenceTermDocumentHeader;
  context: ReferenceTermContext;
  data: ReferenceTermData;
  lots: ReferenceTermBatch[];
  /**
   * The term as an annex of the notice: the total value reads this text instead (the notice discloses
   * its estimate, or keeps it secret, through its own lots and edital — art. 24).
   */
  valueText?: string;
}

// ── Formatting ─────────────────────────────────────────────────────────────────────────────────

/** 'street, number, district - city/state, postalCode' (planning §2.10 "Step 4"); the complement follows the number. */
export function formatReferenceTermAddress(
  address: Partial<ReferenceTermAddress> | null | undefined,
): string {
  if (!address) return MISSING_VALUE;
  const streetPart = [address.street, address.number, address.complement, address.district]
    .map((p) => (typeof p === "string" ? p.trim() : ""))
    .filter((p) => p !== "")
    .join(", ");
  const place = [address.city, address.state]
    .filter((p) => typeof p === "string" && p.trim() !== "")
    .join("/");
  const tail = [place, address.postalCode].filter((p) => typeof p === "string" && p.trim() !== "").join(", ");
  const text = [streetPart, tail].filter((p) => p !== "").join(" - ");
  return text === "" ? MISSING_VALUE : text;
}

const yesNo = (value: unknown): string => (value === true ? "Sim" : value === false ? "Não" : MISSING_VALUE);
const text = (value: unknown): string =>
  typeof value === "string" && value.trim() !== ""
    ? value
    : typeof value === "number" && Number.isFinite(value)
      ? formatDocumentNumber(value)
      : MISSING_VALUE;
const labelOf =
  (labels: Readonly<Record<string, string>>) =>
  (value: unknown): string =>
    typeof value === "string" && value !== "" ? (labels[value] ?? value) : MISSING_VALUE;
const withUnit =
  (unit: string) =>
  (value: unknown): string =>
    typeof value === "number" && Number.isFinite(value)
      ? `${formatDocumentNumber(value)} ${unit}`
      : MISSING_VALUE;
const percent = (value: unknown): string =>
  typeof value === "number" && Number.isFinite(value) ? formatPercent(value) : MISSING_VALUE;
const money = (value: unknown): string => formatDocumentMoney(value as number | null);
const date = (value: unknown): string => formatDocumentDate(typeof value === "string" ? value : null);
const dateTime = (value: unknown): string => formatDocumentDateTime(typeof value === "string" ? value : null);
const address = (value: unknown): string =>
  formatReferenceTermAddress(value as Partial<ReferenceTermAddress> | null | undefined);

type Format = (value: unknown) => string;
type Rec = Record<string, unknown>;

interface FieldSpec {
  key: string;
  label: string;
  format: Format;
}

interface ColumnSpec {
  label: string;
  value: (row: Rec, index: number) => string;
}

interface ListSpec {
  key: string;
  title: string;
  columns: ColumnSpec[];
}

interface ChapterSpec {
  fields: FieldSpec[];
  lists: ListSpec[];
}

const f = (key: string, label: string, format: Format = text): FieldSpec => ({ key, label, format });
const col = (label: string, key: string, format: Format = text): ColumnSpec => ({
  label,
  value: (row) => format(row[key]),
});
const ordinal: ColumnSpec = {
  label: "Número",
  value: (row, index) => text(row.number ?? row.id ?? index + 1),
};

const judgement = labelOf(REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS);

/** Form labels and formats of each chapter's fields and lists (planning §2.10). */
const CHAPTER_SPECS: Record<ReferenceTermChapterCode, ChapterSpec> = {
  GENERAL_CONTRACTING_CONDITIONS: {
    fields: [
      f("objectOfInterest", "Objeto"),
      f(
        "processParticipation",
        "Participação no processo",
        labelOf(REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS),
      ),
      f("objectFeature", "Característica do objeto", labelOf(OBJECT_FEATURE_LABELS)),
      f("supplyType", "Tipo de fornecimento", labelOf(SUPPLY_TYPE_LABELS)),
      f("contractTerm", "Prazo de vigência do contrato"),
      f("contractTermKind", "Unidade do prazo de vigência", labelOf(TERM_UNIT_LABELS)),
      f("reasonForContinuousValidity", "Motivo da Vigência Contínua"),
    ],
    lists: [],
  },
  CONTRACTING_JUSTIFICATION: {
    fields: [
      f("hasHiringPlan", "A contratação está prevista no Plano de Contratações Anual?", yesNo),
      f("hiringPlanYear", "Ano do Plano de Contratações Anual", (v) =>
        typeof v === "number" ? String(v) : text(v),
      ),
      f("hiringPlanId", "Identificador do Plano de Contratações Anual"),
      f("hiringPlanPublishDate", "Data de publicação do Plano de Contratações Anual", date),
      f("hiringPlanItemId", "Identificador do item no Plano de Contratações Anual"),
    ],
    lists: [],
  },
  CONTRACTING_REQUIREMENTS: {
    fields: [
      f("hasExtraSustainabilityCriterion", "Haverá critérios adicionais de sustentabilidade?", yesNo),
      f("hasPriorSiteAssessment", "Haverá vistoria prévia?", yesNo),
      f("inspectionStartDate", "Início da vistoria (horário de Brasília)", dateTime),
      f("inspectionEndDate", "Término da vistoria (horário de Brasília)", dateTime),
      f("descriptionInspection", "Descrição da vistoria"),
      f("hasBrandIndication", "Haverá indicação de marca?", yesNo),
      f("hasForbiddenBrand", "Haverá vedação de marca?", yesNo),
      f("isSampleRequired", "Será exigida amostra?", yesNo),
      f("sampleDeliveryAddress", "Endereço de entrega das amostras", address),
      f("samplesDeliveryDeadline", "Prazo para entrega das amostras", withUnit("dia(s)")),
      f("samplesCollectingDeadline", "Prazo para retirada das amostras", withUnit("dia(s)")),
      f("isLetterSolidarityRequired", "Será exigida carta de solidariedade?", yesNo),
      f("isSubcontractingPermitted", "Será permitida a subcontratação?", yesNo),
      f("portionOrPercentageSubcontracting", "Parcela ou percentual máximo de subcontratação", percent),
      f("mainObjectPortion", "Parcela de maior relevância do objeto", percent),
      f("isAssuranceRequirement", "Será exigida garantia da contratação?", yesNo),
    ],
    lists: [
      {
        key: "extraSustainabilityCriterionList",
        title: "Critérios de sustentabilidade",
        columns: [ordinal, col("Critério", "criterion")],
      },
      { key: "permittedBrandList", title: "Marcas indicadas", columns: [ordinal, col("Marca", "brand")] },
      { key: "forbiddenBrandList", title: "Marcas vedadas", columns: [ordinal, col("Marca", "brand")] },
      { key: "sampleRequiredList", title: "Itens para amostra", columns: [ordinal, col("Item", "item")] },
    ],
  },
  OBJECT_EXECUTION_MODEL: {
    fields: [
      f("isInstallmentDelivery", "A entrega será parcelada?", yesNo),
      f("executionObjectAmountDays", "Prazo de execução do objeto", withUnit("dia(s)")),
      f("startTermCounting", "Início da contagem do prazo", labelOf(EXECUTION_REFERENCE_POINT_LABELS)),
      f(
        "deadlineNonDeliveryJustificationDate",
        "Prazo para justificativa de não entrega",
        withUnit("dia(s)"),
      ),
      f("deliveryDateExpiration", "Prazo de validade na entrega"),
      f(
        "deliveryDateExpirationKind",
        "Unidade do prazo de validade",
        labelOf(DELIVERY_EXPIRATION_KIND_LABELS),
      ),
      f(
        "executionObjectReferencePoint",
        "Marco inicial da execução",
        labelOf(EXECUTION_REFERENCE_POINT_LABELS),
      ),
      f("executionServicesDescriptions", "Descrição da execução dos serviços"),
      f("serviceExecutionStartTime", "Horário de início da execução dos serviços (horário de Brasília)"),
      f("serviceExecutionEndTime", "Horário de término da execução dos serviços (horário de Brasília)"),
    ],
    lists: [
      {
        key: "installments",
        title: "Parcelas",
        columns: [
          ordinal,
          col("Descrição da parcela", "description"),
          col("Prazo de entrega", "deliveryDate", date),
        ],
      },
      {
        key: "serviceExecutionTimeline",
        title: "Tarefas",
        columns: [
          { label: "Número", value: (_row, index) => String(index + 1) },
          col("Dados da tarefa", "description"),
          col("Data de início", "startDate", date),
          col("Data de término", "endDate", date),
        ],
      },
      {
        key: "executionObjectAddresses",
        title: "Endereços de execução do objeto",
        columns: [
          { label: "Número", value: (_row, index) => String(index + 1) },
          { label: "Endereço", value: (row) => address(row) },
        ],
      },
      {
        key: "routineDetails",
        title: "Rotinas",
        columns: [ordinal, col("Detalhamento das rotinas", "description")],
      },
      { key: "materialsDistributed", title: "Materiais", columns: [ordinal, col("Material", "description")] },
      {
        key: "proposalSizingDetails",
        title: "Informações relevantes para o dimensionamento da proposta",
        columns: [ordinal, col("Detalhamento da informação", "description")],
      },
    ],
  },
  ASSURANCE_TECHNICAL_ASSISTENCE: {
    fields: [
      f("warrantyPeriodKind", "Tipo de garantia", labelOf(WARRANTY_KIND_LABELS)),
      f("predefinedWarrantyPeriodMonths", "Prazo de garantia pré-definido (meses)"),
      f("hasSupplementaryGuarantee", "Haverá garantia complementar", yesNo),
      f("supplementaryWarrantyPeriodMonths", "Prazo de garantia complementar (meses)"),
      f("repairPeriodDays", "Prazo de reparação ou substituição dos itens (dias úteis)"),
      f("isMustWearUniform", "Haverá obrigação de utilização de uniforme padronizado?", yesNo),
      f("hasContractSupervision", "Haverá procedimentos de transição e fiscalização do contrato?", yesNo),
    ],
    lists: [
      {
        key: "uniformDetails",
        title: "Peças de vestuário",
        columns: [
          col("Peça do vestuário", "uniform"),
          col("Quantidade fornecida", "amount"),
          col("Parâmetros de qualidade", "qualityParameters"),
        ],
      },
      {
        key: "contractSupervisionProcedures",
        title: "Procedimentos",
        columns: [ordinal, col("Procedimento", "description")],
      },
    ],
  },
  CONTRACT_MANAGEMENT_MODEL: {
    fields: [
      f(
        "canKeepAgentOnLocal",
        "A contratada deverá manter preposto no local de execução dos serviços?",
        yesNo,
      ),
      f("keepAgentOnLocalPeriod", "Período de permanência do preposto no local"),
      f("hasExtraRoutine", "Haverá rotinas extras de fiscalização?", yesNo),
    ],
    lists: [
      {
        key: "extraRoutines",
        title: "Rotinas extras de fiscalização",
        columns: [col("Descrição", "description")],
      },
    ],
  },
  MEASUREMENT_PAYMENT_CRITERIA: {
    fields: [
      f("provisionalReceiptPeriod", "Prazo de recebimento provisório", withUnit("dia(s)")),
      f("finalReceiptPeriod", "Prazo total para o recebimento definitivo dos itens (dias úteis)"),
      f("invoiceGenerationPeriod", "Prazo de liquidação da nota fiscal", withUnit("dia(s)")),
      f("monetaryCorrectionIndex", "Índice de Correção Monetária", labelOf(MONETARY_CORRECTION_INDEX_LABELS)),
      f("paymentMethod", "Forma de pagamento", labelOf(TERM_PAYMENT_METHOD_LABELS)),
      f("hasBankFees", "Haverá custos de tarifas bancárias?", yesNo),
      f("bankFeesAmountCents", "Valor estimado da tarifa bancária", money),
      f("canAdvancePayment", "Será permitida a antecipação de pagamentos?", yesNo),
      f("advancePaymentKind", "Antecipação Permitida", labelOf(ADVANCE_KIND_LABELS)),
      f("advancePaymentPeriod", "Prazo de Pagamento Antecipado", withUnit("dia(s)")),
      f("isAdditionalAssuranceRequested", "Será solicitada garantia adicional devido a antecipação?", yesNo),
      f("additionalAssurance", "Garantia adicional devido a antecipação", percent),
    ],
    lists: [
      {
        key: "measurementAndPaymentCriteria",
        title: "Critérios de medição e pagamento",
        columns: [ordinal, col("Descrição", "description")],
      },
      {
        key: "advanceDetails",
        title: "Regras de antecipação",
        columns: [
          col("Valor da Antecipação (R$ / %)", "valueCents", money),
          col("Condicionante", "condition"),
        ],
      },
    ],
  },
  CRITERIA_SUPPLIER_SELECTION: {
    fields: [
      f("dispensationForm", "Critério de Julgamento", judgement),
      f(
        "contractExecutionRegime",
        "Regime de execução do contrato",
        labelOf(CONTRACT_EXECUTION_REGIME_LABELS),
      ),
      f("objectSupplyType", "Tipo de Fornecimento do Objeto", labelOf(OBJECT_SUPPLY_TYPE_LABELS)),
      f(
        "isBusinessAuthorizationRequired",
        "Será solicitado Ato de Autorização para Exercício de Atividade?",
        yesNo,
      ),
      f("isMinimumValueRequired", "Será exigido capital ou patrimônio líquido mínimo?", yesNo),
      f("minimumIndex", "Índice Mínimo", labelOf(MINIMUM_INDEX_LABELS)),
      f("minimumValue", "Percentual mínimo em relação ao valor estimado da contratação", percent),
      f("isCompanyRegistrationRequired", "Será exigido registro da empresa em entidade profissional?", yesNo),
      f("companyName", "Nome da Entidade Profissional"),
    ],
    lists: [
      {
        key: "authorizationDetails",
        title: "Detalhes das autorizações",
        columns: [
          col("Atividade de Exercício", "exerciseActivity"),
          col("Orgão competente", "competentBody"),
        ],
      },
      {
        key: "technicalQualifications",
        title: "Características mínimas da qualificação técnica",
        columns: [ordinal, col("Característica técnica", "qualification")],
      },
    ],
  },
  ESTIMATED_VALUE_CONTRACT: {
    fields: [
      f("isConfidentialEstimatedCost", "Custo estimado sigiloso?", yesNo),
      f("dispensationForm", "Critério de Julgamento", judgement),
    ],
    lists: [],
  },
  BUDGET_ADEQUACY: {
    fields: [
      f("sourceResources", "Fonte de Recursos"),
      f("workProgram", "Programa de Trabalho"),
      f("expenseElement", "Elemento de Despesa"),
      f("innerPlan", "Plano Interno"),
      f(
        "hasAgreementFederalGovernment",
        "Será utilizados recursos oriundos de Convênios com o Governo Federal?",
        yesNo,
      ),
    ],
    lists: [],
  },
};

const LOT_COLUMNS = [
  "Lote",
  "Item",
  "Descrição",
  "Quantidade",
  "Marca obrigatória",
  "Casas decimais",
  "Variação mínima",
  "Participação",
];

function minimumVariationText(lot: ReferenceTermBatch): string {
  if (typeof lot.minimumVariation !== "number" || !Number.isFinite(lot.minimumVariation))
    return MISSING_VALUE;
  if (lot.minimumVariationKind === "PERCENTAGE") return formatPercent(lot.minimumVariation);
  if (lot.minimumVariationKind === "REAL") return formatBRL(Math.round(lot.minimumVariation * 100), 2);
  return `${formatDocumentNumber(lot.minimumVariation)} ${labelOf(MINIMUM_VARIATION_KIND_LABELS)(lot.minimumVariationKind)}`;
}

function lotRows(lots: readonly ReferenceTermBatch[]): string[][] {
  return lots.map((lot) => [
    text(lot.number),
    text(lot.item),
    text(lot.description),
    formatDocumentNumber(lot.quantity),
    yesNo(lot.isProductBrandRequired),
    lot.decimalsNumber === 2 || lot.decimalsNumber === 4 ? String(lot.decimalsNumber) : MISSING_VALUE,
    minimumVariationText(lot),
    labelOf(BATCH_PARTICIPATION_LABELS)(lot.batchItemParticipation),
  ]);
}

/**
 * A confidential estimated cost (step 9 'Custo estimado sigiloso?', Lei nº 14.133/2021 art. 24) is not
 * written into the document: the total value shows this text instead, in the header and in placeholders.
 */
export const CONFIDENTIAL_VALUE_TEXT = "valor sigiloso, nos termos do art. 24 da Lei nº 14.133/2021";

export function isEstimatedCostConfidential(data: ReferenceTermData | null | undefined): boolean {
  return data?.estimateValueContract?.isConfidentialEstimatedCost === true;
}

// ── Placeholders ───────────────────────────────────────────────────────────────────────────────

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/gu;

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** The header values and the formatted scalar fields of every chapter (the current chapter's first). */
function placeholderValues(input: ReferenceTermDocumentInput): Map<string, string>[] {
  const header = input.header;
  const globals = new Map<string, string>();
  const put = (key: string, value: string | null | undefined) => {
    if (isPresent(value)) globals.set(key, value as string);
  };
  put("processNumber", header.processNumber);
  put("object", header.object);
  put("modalityLabel", header.modalityLabel);
  put("subModalityLabel", header.subModalityLabel);
  if (isPresent(header.processDate)) globals.set("processDate", formatDocumentDate(header.processDate));
  put("buyerName", header.buyerName);
  put("agentName", header.agentName);
  if (input.valueText) globals.set("totalValue", input.valueText);
  else if (isEstimatedCostConfidential(input.data)) globals.set("totalValue", CONFIDENTIAL_VALUE_TEXT);
  else if (typeof header.totalValueCents === "number")
    globals.set("totalValue", formatDocumentMoney(header.totalValueCents));
  put("averageRisk", header.averageRisk);
  // The demand formalization description stands in for an object of interest not yet saved in step 1.
  const fallbacks = new Map<string, string>();
  if (isPresent(header.object)) fallbacks.set("objectOfInterest", header.object as string);
  return [globals, fallbacks];
}

function chapterPlaceholders(code: ReferenceTermChapterCode, data: Rec | null): Map<string, string> {
  const values = new Map<string, string>();
  if (!data) return values;
  for (const field of CHAPTER_SPECS[code].fields) {
    const value = data[field.key];
    if (isPresent(value)) values.set(field.key, field.format(value));
  }
  return values;
}

function fillPlaceholders(template: string, scopes: readonly Map<string, string>[]): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    for (const scope of scopes) {
      const value = scope.get(name);
      if (value !== undefined) return value;
    }
    return MISSING_VALUE;
  });
}

// ── Builder ────────────────────────────────────────────────────────────────────────────────────

export const REFERENCE_TERM_HEADER_LABELS = {
  processNumber: "Nº do Processo",
  object: "Objeto",
  modalityLabel: "Modalidade",
  subModalityLabel: "Sub-Modalidade",
  processDate: "Data do Processo",
  buyerName: "Unidade Compradora",
  agentName: "Pregoeiro/Agente de Contratação Responsável",
  totalValueCents: "Valor Total do Processo",
  averageRisk: "Risco Médio do Processo",
} as const;

function headerRows(header: ReferenceTermDocumentHeader, valueText: string | null): DocRow[] {
  const orText = (v: string | null | undefined) => (isPresent(v) ? (v as string) : MISSING_VALUE);
  return [
    { label: REFERENCE_TERM_HEADER_LABELS.processNumber, value: orText(header.processNumber) },
    { label: REFERENCE_TERM_HEADER_LABELS.object, value: orText(header.object) },
    { label: REFERENCE_TERM_HEADER_LABELS.modalityLabel, value: orText(header.modalityLabel) },
    { label: REFERENCE_TERM_HEADER_LABELS.subModalityLabel, value: orText(header.subModalityLabel) },
    { label: REFERENCE_TERM_HEADER_LABELS.processDate, value: formatDocumentDate(header.processDate) },
    { label: REFERENCE_TERM_HEADER_LABELS.buyerName, value: orText(header.buyerName) },
    { label: REFERENCE_TERM_HEADER_LABELS.agentName, value: orText(header.agentName) },
    {
      label: REFERENCE_TERM_HEADER_LABELS.totalValueCents,
      value: valueText ?? formatDocumentMoney(header.totalValueCents),
    },
    { label: REFERENCE_TERM_HEADER_LABELS.averageRisk, value: orText(header.averageRisk) },
  ];
}

function dataBlocks(
  code: ReferenceTermChapterCode,
  data: Rec | null,
  lots: readonly ReferenceTermBatch[],
): DocBlock[] {
  const blocks: DocBlock[] = [];
  const spec = CHAPTER_SPECS[code];
  const rows: DocRow[] = [];
  if (data) {
    for (const field of spec.fields) {
      const value = data[field.key];
      if (isPresent(value)) rows.push({ label: field.label, value: field.format(value) });
    }
  }
  if (rows.length > 0) blocks.push({ kind: "fields", rows });
  if (code === "GENERAL_CONTRACTING_CONDITIONS") {
    const batchList = Array.isArray(data?.batchList) ? (data.batchList as ReferenceTermBatch[]) : [];
    const source = lots.length > 0 ? lots : batchList;
    if (source.length > 0) {
      blocks.push({ kind: "table", title: "Lotes e itens", columns: LOT_COLUMNS, rows: lotRows(source) });
    }
  }
  if (code === "BUDGET_ADEQUACY" && data) {
    const numbers = Array.isArray(data.agreementNumbers)
      ? (data.agreementNumbers as unknown[]).filter((n) => isPresent(n)).map((n) => String(n))
      : [];
    if (numbers.length > 0) {
      blocks.push({
        kind: "table",
        title: "Números dos convênios",
        columns: ["Número", "Número do convênio"],
        rows: numbers.map((n, i) => [String(i + 1), n]),
      });
    }
  }
  if (data) {
    for (const list of spec.lists) {
      const entries = data[list.key];
      if (!Array.isArray(entries) || entries.length === 0) continue;
      blocks.push({
        kind: "table",
        title: list.title,
        columns: list.columns.map((c) => c.label),
        rows: (entries as Rec[]).map((row, index) => list.columns.map((c) => c.value(row ?? {}, index))),
      });
    }
  }
  return blocks;
}

/**
 * The reference term as one document: the header rows, then each chapter's fixed paragraphs
 * ('{chapter}.{i}', placeholders filled, '-' when missing), its data as fields and tables, and its
 * custom paragraphs numbered after the fixed ones. Pure and deterministic.
 */
export function buildReferenceTermDocument(
  template: ReferenceTermTemplate,
  input: ReferenceTermDocumentInput,
): ReferenceTermDocument {
  const globals = placeholderValues(input);
  const data = (input.data ?? {}) as Record<string, unknown>;
  const allChapterScopes = REFERENCE_TERM_CHAPTER_CODES.map((code) =>
    chapterPlaceholders(code, (data[REFERENCE_TERM_DATA_KEYS[code]] as Rec | null | undefined) ?? null),
  );
  const chapters = REFERENCE_TERM_CHAPTER_CODES.map((code, index): ReferenceTermDocumentChapter => {
    const chapter = chapterByCode(code);
    const chapterData = (data[chapter.dataKey] as Rec | null | undefined) ?? null;
    const fixed = template.chapters.find((c) => c.code === code)?.fixedParagraphs ?? [];
    const scopes = [allChapterScopes[index] as Map<string, string>, ...globals, ...allChapterScopes];
    const blocks: DocBlock[] = fixed.map((paragraph, i) => ({
      kind: "paragraph",
      number: `${chapter.number}.${i + 1}`,
      text: fillPlaceholders(paragraph, scopes),
    }));
    blocks.push(...dataBlocks(code, chapterData, input.lots ?? []));
    const custom = Array.isArray(chapterData?.customParagraphs)
      ? (chapterData.customParagraphs as CustomParagraph[])
      : [];
    custom
      .filter((p) => typeof p?.content === "string" && p.content.trim() !== "")
      .forEach((p, i) => {
        blocks.push({
          kind: "paragraph",
          number: `${chapter.number}.${fixed.length + i + 1}`,
          text: p.content,
        });
      });
    return { number: chapter.number, code, title: chapter.title, blocks };
  });
  return {
    title: template.title,
    header: headerRows(
      input.header,
      input.valueText ?? (isEstimatedCostConfidential(input.data) ? CONFIDENTIAL_VALUE_TEXT : null),
    ),
    chapters,
  };
}

/**
 * The reference term in the platform's document vocabulary, for its PDF and .docx: the header as
 * 'Dados Gerais do Processo', then each chapter as a numbered section with its blocks.
 */
export function referenceTermDocumentModel(doc: ReferenceTermDocument, buyerName?: string): DocumentModel {
  return {
    title: doc.title,
    ...(buyerName ? { subtitle: buyerName } : {}),
    blocks: [
      { kind: "heading", text: "Dados Gerais do Processo" },
      { kind: "fields", rows: doc.header },
      ...doc.chapters.flatMap((chapter) => [
        { kind: "heading" as const, text: `${chapter.number}. ${chapter.title}` },
        ...chapter.blocks,
      ]),
    ],
  };
}
