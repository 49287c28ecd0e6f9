import { MODALITY_LABELS } from "../enums/modality";
import {
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  type ServiceKind,
  VULNERABILITY_STATEMENT_KINDS,
  type VulnerabilityStatementKind,
} from "../enums/study";
import { SERVICE_KIND_SUB_MODALITIES, SUB_MODALITY_LABELS } from "../enums/sub-modality";
import { z } from "../schemas/zod";
import { processPdfFileName, REQUIRED_FIELD_MESSAGE } from "./process.schema";

// The Preliminary Technical Study (ETP) of a process: planning §2.6 (wizard), §3 "Preliminary
// technical study", §4 "ETP dispensation" and "Modality → allowed sub-modalities (ETP)", §5
// "Preliminary technical study", §7 app/preliminaryTechnicalStudy/*, §8 success text, §9 limits.

export const ETP_TEXT_MAX_LENGTH = 5000;
export const ETP_NUMBER_MAX_LENGTH = 40;
export const ETP_DOCUMENTS_MAX = 50;
export const ETP_DOCUMENT_DESCRIPTION_MAX_LENGTH = 500;

// §8 "Success messages".
export const ETP_SAVED_MESSAGE = "Estudo técnico preliminar salvo com sucesso";
// Ours (the spec names no server messages).
export const ETP_DISPENSED_STEP_MESSAGE =
  "O ETP foi dispensado: somente a descrição pode ser salva. Para preencher as demais etapas, responda 'Não' à dispensa.";
export const ETP_DOCUMENT_NOT_FOUND_MESSAGE = "Documento não encontrado.";
export const ETP_FOREIGN_FILE_MESSAGE = "Arquivo não encontrado entre os enviados pelo órgão.";
export const ETP_SELECT_SECRETARY_MESSAGE = "Selecione ao menos uma área requisitante.";
export const ETP_SELECT_RESPONSIBLE_MESSAGE = "Selecione ao menos um responsável.";
export const ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE =
  "Submodalidade não permitida para a modalidade escolhida.";
export const ETP_SERVICE_KIND_NOT_ALLOWED_MESSAGE =
  "O tipo de serviço só se aplica às submodalidades de contratação de serviços.";

// ——— Modalities and sub-modalities (§4) ———

/** §4: "The modality options are these seven." */
export const ETP_MODALITIES = [
  "ELECTRONIC_AUCTION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
  "ELECTRONIC_COMPETITION",
  "ELECTRONIC_DISPENSER",
  "DIRECT_WAIVER_FORMALIZATION",
  "DIRECT_ACCREDITATION",
  "DIRECT_PRE_QUALIFICATION",
] as const;
export type EtpModality = (typeof ETP_MODALITIES)[number];

/** The platform's own modality labels (the same codes as the notices'). */
export const ETP_MODALITY_LABELS: Record<EtpModality, string> = Object.fromEntries(
  ETP_MODALITIES.map((m) => [m, MODALITY_LABELS[m]]),
) as Record<EtpModality, string>;

/** The sub-modalities an ETP may choose (every planning sub-modality of §4's map). */
export const ETP_SUB_MODALITIES = [
  "SALE",
  "GOODS_ACQUISITION",
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SERVICES",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_COMMON_ENGINEERING_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "CONSTRUCTION",
  "SPECIAL_CONSTRUCTION",
] as const;
export type EtpSubModality = (typeof ETP_SUB_MODALITIES)[number];

export const ETP_SUB_MODALITY_LABELS: Record<EtpSubModality, string> = Object.fromEntries(
  ETP_SUB_MODALITIES.map((s) => [s, SUB_MODALITY_LABELS[s]]),
) as Record<EtpSubModality, string>;

const GOODS_OR_SERVICES: readonly EtpSubModality[] = ["GOODS_ACQUISITION", "HIRING_SERVICES"];

/** §4 "Modality → allowed sub-modalities (ETP)". */
export const ETP_ALLOWED_SUB_MODALITIES: Record<EtpModality, readonly EtpSubModality[]> = {
  ELECTRONIC_AUCTION: ["SALE"],
  NEW_ELECTRONIC_REVERSED_AUCTION: [
    "GOODS_ACQUISITION",
    "HIRING_SERVICES",
    "HIRING_COMMON_ENGINEERING_SERVICES",
  ],
  ELECTRONIC_COMPETITION: [
    "GOODS_ACQUISITION",
    "SPECIAL_GOODS_ACQUISITION",
    "HIRING_SERVICES",
    "HIRING_SPECIAL_SERVICES",
    "HIRING_COMMON_ENGINEERING_SERVICES",
    "HIRING_SPECIAL_ENGINEERING_SERVICES",
    "CONSTRUCTION",
    "SPECIAL_CONSTRUCTION",
  ],
  ELECTRONIC_DISPENSER: GOODS_OR_SERVICES,
  DIRECT_WAIVER_FORMALIZATION: GOODS_OR_SERVICES,
  DIRECT_ACCREDITATION: GOODS_OR_SERVICES,
  DIRECT_PRE_QUALIFICATION: GOODS_OR_SERVICES,
};

const isEtpModality = (value: unknown): value is EtpModality =>
  typeof value === "string" && (ETP_MODALITIES as readonly string[]).includes(value);

/** The sub-modalities allowed for a modality; none for no (or an unknown) modality. */
export function allowedSubModalities(modality: string | null | undefined): readonly EtpSubModality[] {
  return isEtpModality(modality) ? ETP_ALLOWED_SUB_MODALITIES[modality] : [];
}

/** §4: changing the modality clears a sub-modality that is no longer allowed. */
export function subModalityAfterModalityChange(
  modality: string | null | undefined,
  subModality: string | null | undefined,
): EtpSubModality | null {
  const allowed = allowedSubModalities(modality);
  return subModality && (allowed as readonly string[]).includes(subModality)
    ? (subModality as EtpSubModality)
    : null;
}

/** §2.6, §3 "serviceKind": asked only for HIRING_SERVICES and HIRING_SPECIAL_SERVICES. */
export function needsServiceKind(subModality: string | null | undefined): boolean {
  return (SERVICE_KIND_SUB_MODALITIES as readonly string[]).includes(subModality ?? "");
}

export const ETP_SERVICE_KINDS = SERVICE_KINDS;
export const ETP_SERVICE_KIND_LABELS: Record<ServiceKind, string> = SERVICE_KIND_LABELS;

// ——— Feasibility (§2.6 'Declaração de Viabilidade') ———

const FEASIBILITY_WORDS: Record<VulnerabilityStatementKind, string> = {
  VIABLE: "viável",
  PARTIALLY_VIABLE: "viável com restrições",
  UNFEASIBLE: "inviável",
};

/** 'Esta equipe de planejamento declara {viável | viável com restrições | inviável} esta contratação…'. */
export function feasibilityStatement(kind: VulnerabilityStatementKind): string {
  return `Esta equipe de planejamento declara ${FEASIBILITY_WORDS[kind]} esta contratação com base neste Estudo Técnico Preliminar`;
}

export const FEASIBILITY_STATEMENTS: Record<VulnerabilityStatementKind, string> = Object.fromEntries(
  VULNERABILITY_STATEMENT_KINDS.map((k) => [k, feasibilityStatement(k)]),
) as Record<VulnerabilityStatementKind, string>;

// ——— The wizard's menu (§2.6) ———

export const ETP_STEPS = [
  "DESCRIPTION",
  "SECRETARIES",
  "DESCRIPTION_HIRING_REQUIREMENTS",
  "MARKET_RESEARCH",
  "SOLUTION_DESCRIPTION",
  "QUANTITY_ESTIMATES",
  "ESTIMATE_CONTRACT_VALUE",
  "JUSTIFICATION",
  "HIRING",
  "CONTRACTING_AND_PLANNING_ALIGNMENT",
  "INTENDED_RESULTS",
  "MEASURES_TO_TAKE",
  "ENVIRONMENTAL_IMPACTS",
  "FEASIBILITY_DESCRIPTION",
  "RESPONSIBLES",
  "DOCUMENTS",
] as const;
export type EtpStep = (typeof ETP_STEPS)[number];

export const ETP_STEP_LABELS: Record<EtpStep, string> = {
  DESCRIPTION: "Descrição da Necessidade",
  SECRETARIES: "Área(s) Requisitante(s)",
  DESCRIPTION_HIRING_REQUIREMENTS: "Descrição dos Requisitos de Contratação",
  MARKET_RESEARCH: "Levantamento de Mercado",
  SOLUTION_DESCRIPTION: "Descrição da Solução Como um Todo",
  QUANTITY_ESTIMATES: "Estimativa das Quantidades a Serem Contratadas",
  ESTIMATE_CONTRACT_VALUE: "Estimativa do Valor da Contratação",
  JUSTIFICATION: "Justificativa para o Parcelamento ou Não da Solução",
  HIRING: "Contratação Correlatas e/ou Interdependentes",
  CONTRACTING_AND_PLANNING_ALIGNMENT: "Alinhamento entre Contratação e o Planejamento",
  INTENDED_RESULTS: "Resultados Pretendidos",
  MEASURES_TO_TAKE: "Providências a serem Adotadas",
  ENVIRONMENTAL_IMPACTS: "Possíveis Impactos Ambientais",
  FEASIBILITY_DESCRIPTION: "Declaração de Viabilidade",
  RESPONSIBLES: "Responsáveis",
  DOCUMENTS: "Documentos Anexos ao ETP",
};

export interface EtpSection {
  label: string;
  steps: readonly EtpStep[];
}

/**
 * The menu's sections in order. The third group sits in the Planejamento position but the spec
 * labels it 'Solução' as well (§2.6).
 */
export const ETP_SECTIONS: readonly EtpSection[] = [
  { label: "Necessidade", steps: ["DESCRIPTION", "SECRETARIES", "DESCRIPTION_HIRING_REQUIREMENTS"] },
  {
    label: "Solução",
    steps: [
      "MARKET_RESEARCH",
      "SOLUTION_DESCRIPTION",
      "QUANTITY_ESTIMATES",
      "ESTIMATE_CONTRACT_VALUE",
      "JUSTIFICATION",
      "HIRING",
      "CONTRACTING_AND_PLANNING_ALIGNMENT",
    ],
  },
  { label: "Solução", steps: ["INTENDED_RESULTS", "MEASURES_TO_TAKE", "ENVIRONMENTAL_IMPACTS"] },
  { label: "Viabilidade", steps: ["FEASIBILITY_DESCRIPTION", "RESPONSIBLES"] },
  { label: "Anexos", steps: ["DOCUMENTS"] },
];

/** §2.6 "When the ETP is dispensed": the menu shrinks to the description sub-step. */
export const ETP_DISPENSED_SECTIONS: readonly EtpSection[] = [
  { label: "Necessidade", steps: ["DESCRIPTION"] },
];

export function etpSections(isDispensed: boolean | null | undefined): readonly EtpSection[] {
  return isDispensed ? ETP_DISPENSED_SECTIONS : ETP_SECTIONS;
}

/** The sub-steps in menu order, for the dispensed or the full study. */
export function etpStepOrder(isDispensed: boolean | null | undefined): EtpStep[] {
  return etpSections(isDispensed).flatMap((s) => s.steps);
}

/** The text sub-steps (§2.6 "Text-only sub-steps show a single text area"), their field and §5 rule. */
export const ETP_TEXT_STEPS = {
  DESCRIPTION_HIRING_REQUIREMENTS: { field: "descriptionHiringRequirements", required: false },
  MARKET_RESEARCH: { field: "marketResearch", required: false },
  SOLUTION_DESCRIPTION: { field: "solutionDescription", required: false },
  QUANTITY_ESTIMATES: { field: "quantityEstimates", required: true },
  ESTIMATE_CONTRACT_VALUE: { field: "estimateContractValue", required: true },
  JUSTIFICATION: { field: "justification", required: true },
  HIRING: { field: "hiring", required: false },
  CONTRACTING_AND_PLANNING_ALIGNMENT: { field: "contractingAndPlanningAlignment", required: true },
  INTENDED_RESULTS: { field: "intendedResults", required: false },
  MEASURES_TO_TAKE: { field: "measuresToTake", required: false },
  ENVIRONMENTAL_IMPACTS: { field: "environmentalImpacts", required: false },
} as const;
export type EtpTextStep = keyof typeof ETP_TEXT_STEPS;
export type EtpTextField = (typeof ETP_TEXT_STEPS)[EtpTextStep]["field"];
export const ETP_TEXT_FIELDS = Object.values(ETP_TEXT_STEPS).map((s) => s.field) as EtpTextField[];

export const isEtpTextStep = (step: string): step is EtpTextStep => Object.hasOwn(ETP_TEXT_STEPS, step);

/** 'Dica de preenchimento:' of each sub-step (ours: the spec gives no tip texts). */
export const ETP_STEP_TIPS: Record<EtpStep, string> = {
  DESCRIPTION:
    "Informe o número do ETP, a modalidade e a submodalidade, e descreva a necessidade da contratação, considerado o problema a ser resolvido sob a perspectiva do interesse público (art. 18, § 1º, I, da Lei 14.133/2021). Se o ETP for dispensado, justifique a dispensa.",
  SECRETARIES: "Selecione a(s) área(s) requisitante(s) da contratação.",
  DESCRIPTION_HIRING_REQUIREMENTS:
    "Descreva os requisitos da contratação necessários e suficientes à escolha da solução (art. 18, § 1º, III).",
  MARKET_RESEARCH:
    "Apresente o levantamento de mercado: as alternativas possíveis e a justificativa técnica e econômica da escolha do tipo de solução (art. 18, § 1º, V).",
  SOLUTION_DESCRIPTION:
    "Descreva a solução como um todo, inclusive as exigências de manutenção e assistência técnica, quando for o caso (art. 18, § 1º, VII).",
  QUANTITY_ESTIMATES:
    "Estime as quantidades a serem contratadas, acompanhadas das memórias de cálculo e dos documentos que lhes dão suporte (art. 18, § 1º, IV). Campo obrigatório.",
  ESTIMATE_CONTRACT_VALUE:
    "Estime o valor da contratação, acompanhado dos preços unitários referenciais, das memórias de cálculo e dos documentos que lhe dão suporte (art. 18, § 1º, VI). Campo obrigatório.",
  JUSTIFICATION: "Justifique o parcelamento ou não da contratação (art. 18, § 1º, VIII). Campo obrigatório.",
  HIRING: "Indique as contratações correlatas e/ou interdependentes (art. 18, § 1º, XI).",
  CONTRACTING_AND_PLANNING_ALIGNMENT:
    "Demonstre a previsão da contratação no plano de contratações anual, de modo a indicar o seu alinhamento com o planejamento da Administração (art. 18, § 1º, II). Campo obrigatório.",
  INTENDED_RESULTS:
    "Demonstre os resultados pretendidos em termos de economicidade e de melhor aproveitamento dos recursos (art. 18, § 1º, IX).",
  MEASURES_TO_TAKE:
    "Indique as providências a serem adotadas pela Administração previamente à celebração do contrato, inclusive quanto à capacitação de servidores (art. 18, § 1º, X).",
  ENVIRONMENTAL_IMPACTS:
    "Descreva os possíveis impactos ambientais e as respectivas medidas mitigadoras (art. 18, § 1º, XII).",
  FEASIBILITY_DESCRIPTION: "Declare a viabilidade ou não da contratação e justifique (art. 18, § 1º, XIII).",
  RESPONSIBLES: "Selecione os responsáveis pela elaboração do estudo.",
  DOCUMENTS: "Anexe os documentos que fundamentam o estudo (opcional).",
};

// ——— Validation (§5 "Preliminary technical study") ———

const tooLong = (max: number) => `No máximo ${max} caracteres`;

const requiredText = (max = ETP_TEXT_MAX_LENGTH) =>
  z.string({ error: REQUIRED_FIELD_MESSAGE }).trim().min(1, REQUIRED_FIELD_MESSAGE).max(max, tooLong(max));

/** An optional text: blank becomes null (§3: "null when empty"). */
const optionalText = (max = ETP_TEXT_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const uuid = z.uuid("Identificador inválido");
const ref = z.object({ id: uuid });

const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/**
 * The description step (§5): number, dispensation, modality and sub-modality required; the
 * sub-modality must be allowed for the modality; service kind exactly for the services
 * sub-modalities (null otherwise); the need description or, when dispensed, the exemption
 * justification. The cross-field checks run even when another field failed, so one answer names
 * every problem.
 */
export const etpDescriptionSchema = z
  .object({
    number: requiredText(ETP_NUMBER_MAX_LENGTH),
    isRejectedFromTheProcess: z.boolean({ error: REQUIRED_FIELD_MESSAGE }),
    modality: z.enum(ETP_MODALITIES, { error: REQUIRED_FIELD_MESSAGE }),
    subModality: z.enum(ETP_SUB_MODALITIES, { error: REQUIRED_FIELD_MESSAGE }),
    serviceKind: z.enum(ETP_SERVICE_KINDS, { error: REQUIRED_FIELD_MESSAGE }).nullish(),
    description: optionalText(),
    exemptionJustification: optionalText(),
  })
  .superRefine((s, ctx) => {
    if (
      isEtpModality(s.modality) &&
      typeof s.subModality === "string" &&
      !allowedSubModalities(s.modality).includes(s.subModality)
    )
      ctx.addIssue({ code: "custom", path: ["subModality"], message: ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE });
    if (typeof s.subModality === "string") {
      if (needsServiceKind(s.subModality) && !s.serviceKind)
        ctx.addIssue({ code: "custom", path: ["serviceKind"], message: REQUIRED_FIELD_MESSAGE });
      if (!needsServiceKind(s.subModality) && s.serviceKind)
        ctx.addIssue({
          code: "custom",
          path: ["serviceKind"],
          message: ETP_SERVICE_KIND_NOT_ALLOWED_MESSAGE,
        });
    }
    if (s.isRejectedFromTheProcess === true && !s.exemptionJustification)
      ctx.addIssue({ code: "custom", path: ["exemptionJustification"], message: REQUIRED_FIELD_MESSAGE });
    if (s.isRejectedFromTheProcess === false && !s.description)
      ctx.addIssue({ code: "custom", path: ["description"], message: REQUIRED_FIELD_MESSAGE });
  }, whenObject);
export type EtpDescriptionInput = z.output<typeof etpDescriptionSchema>;

/** One text sub-step's schema: its single field, required or optional by §5. */
export function etpTextSchema<S extends EtpTextStep>(step: S) {
  const { field, required } = ETP_TEXT_STEPS[step];
  return z.object({ [field]: required ? requiredText() : optionalText() }) as unknown as z.ZodObject<{
    [K in (typeof ETP_TEXT_STEPS)[S]["field"]]: z.ZodType<string | null, unknown>;
  }>;
}

/** §5 "Feasibility": the statement and the justification (max 5000) are required. */
export const etpFeasibilitySchema = z.object({
  vulnerabilityStatementKind: z.enum(VULNERABILITY_STATEMENT_KINDS, { error: REQUIRED_FIELD_MESSAGE }),
  feasibilityJustification: requiredText(),
});

/** 'Documentos Anexos ao ETP': uploaded files by id, optional. */
export const etpDocumentsSchema = z.object({
  documents: z
    .array(
      z.object({
        fileId: uuid,
        description: optionalText(ETP_DOCUMENT_DESCRIPTION_MAX_LENGTH),
      }),
    )
    .max(ETP_DOCUMENTS_MAX, `No máximo ${ETP_DOCUMENTS_MAX} documentos`)
    .default([]),
});

/** §5: a people list, wherever a step sends it, keeps at least one row (it replaces the process's own). */
const secretaryList = z.array(ref).min(1, ETP_SELECT_SECRETARY_MESSAGE).max(200);
const responsibleList = z.array(ref).min(1, ETP_SELECT_RESPONSIBLE_MESSAGE).max(200);

const processRef = z.object({
  id: uuid,
  secretaries: secretaryList.optional(),
  responsible: responsibleList.optional(),
});

const stepOf = <S extends EtpStep>(step: S) => z.literal(step);

/**
 * POST app/preliminaryTechnicalStudy/save (§7): the step being saved (`step`, a key of the menu),
 * its fields, and process {id, secretaries?, responsible?}. The requesting areas and responsibles
 * steps need at least one row selected (§5 "Secretaries and responsible steps"); a list sent on any
 * other step needs one too, as it replaces the process's people (shared with the DFD).
 */
export const etpSaveSchema = z.discriminatedUnion(
  "step",
  [
    etpDescriptionSchema.safeExtend({ step: stepOf("DESCRIPTION"), process: processRef }),
    z.object({
      step: stepOf("SECRETARIES"),
      process: processRef.extend({ secretaries: secretaryList }),
    }),
    ...(Object.keys(ETP_TEXT_STEPS) as EtpTextStep[]).map((step) =>
      etpTextSchema(step).extend({ step: stepOf(step), process: processRef }),
    ),
    etpFeasibilitySchema.extend({ step: stepOf("FEASIBILITY_DESCRIPTION"), process: processRef }),
    z.object({
      step: stepOf("RESPONSIBLES"),
      process: processRef.extend({ responsible: responsibleList }),
    }),
    etpDocumentsSchema.extend({ step: stepOf("DOCUMENTS"), process: processRef }),
  ],
  { error: "Etapa inválida" },
);
export type EtpSaveInput = z.output<typeof etpSaveSchema>;

export const etpReadSchema = z.object({ process: z.object({ id: uuid }) });

// ——— Status (§2.3 administration, reference-term status values) ———

/** What the status needs of a study: its fields and the process's people. */
export interface EtpStatusInput {
  number?: string | null;
  isRejectedFromTheProcess?: boolean | null;
  exemptionJustification?: string | null;
  description?: string | null;
  modality?: string | null;
  subModality?: string | null;
  serviceKind?: string | null;
  quantityEstimates?: string | null;
  estimateContractValue?: string | null;
  justification?: string | null;
  contractingAndPlanningAlignment?: string | null;
  vulnerabilityStatementKind?: string | null;
  feasibilityJustification?: string | null;
  secretaries?: readonly unknown[];
  responsible?: readonly unknown[];
}

export type EtpStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED";

const filled = (v: string | null | undefined) => typeof v === "string" && v.trim() !== "";

/**
 * The ETP step's status on the administration page: PENDING when never saved; COMPLETED when
 * dispensed with its description step complete (justification included), or when every required
 * field of every sub-step is filled (§5); IN_PROGRESS otherwise.
 */
export function etpStepStatus(study: EtpStatusInput | null | undefined): EtpStatus {
  if (!study) return "PENDING";
  const identified =
    filled(study.number) &&
    filled(study.modality) &&
    filled(study.subModality) &&
    allowedSubModalities(study.modality).includes(study.subModality as EtpSubModality) &&
    (!needsServiceKind(study.subModality) || filled(study.serviceKind));
  if (study.isRejectedFromTheProcess === true)
    return identified && filled(study.exemptionJustification) ? "COMPLETED" : "IN_PROGRESS";
  const complete =
    identified &&
    study.isRejectedFromTheProcess === false &&
    filled(study.description) &&
    (study.secretaries?.length ?? 0) > 0 &&
    filled(study.quantityEstimates) &&
    filled(study.estimateContractValue) &&
    filled(study.justification) &&
    filled(study.contractingAndPlanningAlignment) &&
    filled(study.vulnerabilityStatementKind) &&
    filled(study.feasibilityJustification) &&
    (study.responsible?.length ?? 0) > 0;
  return complete ? "COMPLETED" : "IN_PROGRESS";
}

/** 'etp-<process number slug>.pdf'. */
export const etpPdfFileName = (processNumber: string) => processPdfFileName("etp", processNumber);
