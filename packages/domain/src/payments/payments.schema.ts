import { DEFAULT_CREDIT_QUANTITY, MIN_CREDIT_QUANTITY, PAYMENT_METHODS } from "../enums/subscription";
import { z } from "../schemas/zod";
import { MAX_CREDIT_QUANTITY } from "./plans";

// The calls of /assinaturas (notices-and-accounts §7 "Subscriptions and credits") and of the staff's
// payments console.

const paymentMethod = z.enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida" }).default("boleto");

export const CREDIT_QUANTITY_MESSAGE = `A quantidade deve ser de ${MIN_CREDIT_QUANTITY} a ${MAX_CREDIT_QUANTITY}.`;

export const subscriptionCreateSchema = z.object({
  subscriptionPlanId: z.uuid("Selecione um plano"),
  paymentMethod,
});
export type SubscriptionCreateInput = z.infer<typeof subscriptionCreateSchema>;

export const creditCreateSchema = z.object({
  creditPlanId: z.uuid("Selecione um plano"),
  quantity: z
    .number({ error: CREDIT_QUANTITY_MESSAGE })
    .int(CREDIT_QUANTITY_MESSAGE)
    .min(MIN_CREDIT_QUANTITY, CREDIT_QUANTITY_MESSAGE)
    .max(MAX_CREDIT_QUANTITY, CREDIT_QUANTITY_MESSAGE)
    .default(DEFAULT_CREDIT_QUANTITY),
  paymentMethod,
});
export type CreditCreateInput = z.infer<typeof creditCreateSchema>;

const price = z
  .number({ error: "Informe o preço" })
  .int("Preço em centavos")
  .min(1, "O preço deve ser maior que zero")
  .max(9_999_999_99, "Preço acima do permitido");

const planFields = {
  title: z
    .string({ error: "Informe o título" })
    .trim()
    .min(1, "Informe o título")
    .max(120, "Título muito longo"),
  largeCompanyPrice: price,
  smallCompanyPrice: price,
  active: z.boolean().default(true),
};

/** Staff: create (no id) or change a periodic plan. */
export const subscriptionPlanSaveSchema = z.object({
  id: z.uuid("Identificador inválido").optional(),
  ...planFields,
  duration: z
    .number({ error: "Informe a duração" })
    .int("Duração em meses")
    .min(1, "A duração deve ser de 1 a 60 meses")
    .max(60, "A duração deve ser de 1 a 60 meses"),
});
export type SubscriptionPlanSaveInput = z.infer<typeof subscriptionPlanSaveSchema>;

/** Staff: create (no id) or change a single-participation plan. */
export const creditPlanSaveSchema = z.object({
  id: z.uuid("Identificador inválido").optional(),
  ...planFields,
  credits: z
    .number({ error: "Informe a quantidade de participações" })
    .int("Número inteiro")
    .min(1, "De 1 a 1000 participações")
    .max(1000, "De 1 a 1000 participações"),
});
export type CreditPlanSaveInput = z.infer<typeof creditPlanSaveSchema>;

export const CHARGE_LIST_STATUSES = ["PENDING", "PAID", "EXPIRED"] as const;

export const chargeListSchema = z.object({
  status: z.enum(CHARGE_LIST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ChargeListInput = z.infer<typeof chargeListSchema>;

export const chargeIdSchema = z.object({ id: z.uuid("Identificador inválido") });

// §8 "Subscriptions and credits".
export const SUBSCRIPTIONS_LOAD_ERROR_TITLE = "Erro ao carregar assinaturas";
export const PLANS_LOAD_ERROR_TITLE = "Erro ao carregar planos";
export const SUBSCRIPTION_CREATE_ERROR_TITLE = "Erro ao criar assinatura";
export const PAYMENT_DATA_ERROR_TITLE = "Erro ao carregar dados de pagamento da assinatura";
export const PAYMENT_DATA_ERROR_MESSAGE =
  "Erro ao carregar dados de pagamento da assinatura, contate o administrador";
export const CODE_COPIED_MESSAGE = "O código foi copiado com sucesso";
/** §8: "a message that the boleto-issuing company has a problem and a support phone number". */
export const paymentProviderErrorMessage = (phone: string) =>
  `A empresa emissora dos boletos está com problemas no momento. Tente novamente mais tarde ou fale com o suporte: ${phone}.`;

export const PLAN_NOT_FOUND_MESSAGE = "Plano não encontrado.";
export const CHARGE_TOO_LARGE_MESSAGE =
  "O valor total passa do limite de uma cobrança: diminua a quantidade.";
export const CHARGE_NOT_FOUND_MESSAGE = "Cobrança não encontrada.";
export const CHARGE_ALREADY_PAID_MESSAGE = "Esta cobrança já foi paga.";
export const SUPPLIER_ONLY_PAYMENTS_MESSAGE = "Somente fornecedores podem contratar planos.";
export const CREDIT_USED_TITLE = "Crédito Utilizado";
export const PAYMENT_MODAL_TITLE = "Forma de pagamento";
export const creditUsedMessage = (date: string, noticeNumber: string) =>
  `Seu crédito foi utilizado no dia ${date} no edital ${noticeNumber}`;
