import {
  CODE_COPIED_MESSAGE,
  CREDIT_USED_TITLE,
  PAYMENT_DATA_ERROR_MESSAGE,
  PAYMENT_DATA_ERROR_TITLE,
  PAYMENT_MODAL_TITLE,
  PLANS_LOAD_ERROR_TITLE,
  SUBSCRIPTION_CREATE_ERROR_TITLE,
  SUBSCRIPTIONS_LOAD_ERROR_TITLE,
} from "@certame/domain";

// Texts of /assinaturas (notices-and-accounts §2.15, §8 "Subscriptions and credits"). The section
// names, the modal titles and the §8 messages are the spec's, verbatim; the rest (column names,
// statuses, announcements) is ours, as the spec quotes none.
export const SUBSCRIPTION_TEXTS = {
  title: "Assinaturas",
  publicTitle: "Planos",
  publicDescription: "Conheça os planos para participar dos processos da plataforma.",
  subscriptionHistory: "Histórico de assinaturas",
  remainingDays: "Dias restantes da assinatura",
  creditHistory: "Histórico de créditos",
  availableCredits: "Créditos de participação única",
  periodicPlans: "Planos Periódicos",
  singlePlans: "Plano de Participação única",
  quantity: "Quantidade",
  paymentType: "Tipo de pagamento",
  confirm: "Confirmar assinatura",
  /** Why 'Confirmar assinatura' is disabled (ours: the spec quotes none). */
  choosePlan: "Escolha um plano para confirmar a assinatura.",
  // The tables take their section's name (the e2e suite finds them by it).
  subscriptionsTable: "Histórico de assinaturas",
  creditsTable: "Histórico de créditos",
  paymentModal: PAYMENT_MODAL_TITLE,
  creditUsedTitle: CREDIT_USED_TITLE,
  subscriptionsLoadError: SUBSCRIPTIONS_LOAD_ERROR_TITLE,
  plansLoadError: PLANS_LOAD_ERROR_TITLE,
  createError: SUBSCRIPTION_CREATE_ERROR_TITLE,
  paymentDataErrorTitle: PAYMENT_DATA_ERROR_TITLE,
  paymentDataErrorMessage: PAYMENT_DATA_ERROR_MESSAGE,
  codeCopied: CODE_COPIED_MESSAGE,
  copyFailedTitle: "Erro ao copiar",
  copyFailed: "Não foi possível copiar o código. Selecione-o e copie manualmente.",
  copyCode: "Copiar código",
  downloadPdf: "Baixar Pdf",
  pixQrAlt: "QR Code Pix",
  pixCodeLabel: "Código Pix copia e cola",
  digitableLineLabel: "Linha digitável do boleto",
  noPlans: "Nenhum plano disponível no momento.",
  months: (n: number) => `${n} ${n === 1 ? "mês" : "meses"}`,
  participations: (n: number) => `${n} ${n === 1 ? "participação" : "participações"}`,
  payUntil: (when: string) => `Pague até ${when}`,
  paidAt: (when: string) => `Pago em ${when}`,
  total: (amount: string) => `Total: ${amount}`,
  purchased: (method: "boleto" | "pix") =>
    method === "pix"
      ? "Compra registrada. Pague o Pix para liberar."
      : "Compra registrada. Pague o boleto para liberar.",
  paymentConfirmed: "Pagamento confirmado.",
  columns: {
    plan: "Plano",
    status: "Situação",
    price: "Valor",
    start: "Início",
    /** The last day in force (the server's endDate is exclusive). */
    end: "Válida até",
    created: "Data",
    amount: "Quantidade",
    notice: "Edital",
    actions: "Ações",
  },
} as const;

/** Our labels of a subscription's status (the spec shows none, §4). */
export const SUBSCRIPTION_STATUS_LABELS = {
  PENDING: "Aguardando pagamento",
  ACTIVE: "Ativa",
  ENDED: "Encerrada",
  EXPIRED: "Vencida",
} as const;

/** The charge behind a purchase, as the payment modal tells it. */
export const CHARGE_STATUS_LABELS = {
  PENDING: "Aguardando pagamento",
  PAID: "Pago",
  EXPIRED: "Vencido",
} as const;
