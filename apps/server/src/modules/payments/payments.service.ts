import {
  brasiliaCivilDate,
  CHARGE_ALREADY_PAID_MESSAGE,
  CHARGE_NOT_FOUND_MESSAGE,
  CHARGE_TOO_LARGE_MESSAGE,
  type ChargeListInput,
  type CivilDate,
  type CreditCreateInput,
  type CreditPlanSaveInput,
  chargeTerms,
  civilDateKey,
  creditPurchase,
  fitsOneCharge,
  formatBRL,
  formatBrasiliaDate,
  formatBrasiliaDateTime,
  formatCivilDateBR,
  formatDigitableLine,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  PLAN_NOT_FOUND_MESSAGE,
  parseCivilDateKey,
  paymentProviderErrorMessage,
  planPrice,
  remainingSubscriptionDays,
  SUPPLIER_ONLY_PAYMENTS_MESSAGE,
  type SubscriptionCreateInput,
  type SubscriptionPlanSaveInput,
  subscriptionInForceUntil,
  subscriptionLastDay,
  subscriptionPeriod,
} from "@certame/domain";
import QRCode from "qrcode";
import type { Clock } from "../../clock/clock";
import type { PaymentsConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderUnavailable,
  WebhookRefused,
} from "../../integrations/payments/payment-provider";
import type { SessionUser } from "../auth/auth.service";
import { renderBoletoPdf } from "./boleto-pdf";
import * as creditRepo from "./credits.repository";
import * as repo from "./payments.repository";

export const AMOUNT_MISMATCH_MESSAGE = "O valor pago não confere com o valor da cobrança.";
export const WEBHOOK_REFUSED_MESSAGE = "Notificação recusada.";

/** The link of a charge's boleto PDF ('Baixar Pdf'). */
export const boletoLink = (chargeId: string) => `/api/app/payments/charge/${chargeId}/boleto`;

type ChargeColumns = {
  chargeId: string | null;
  chargeStatus: string | null;
  method: string | null;
  dueDate: string | null;
  expiresAt: Date | null;
  pixPayload: string | null;
  digitableLine: string | null;
  paidAt: Date | null;
};

export interface PaymentsDeps {
  clock: Clock;
  provider: PaymentProvider;
  mailer: Pick<Mailer, "send">;
  config: PaymentsConfig;
  publicUrl: string;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

/**
 * Subscriptions and single-participation credits (notices-and-accounts §2.15, §3, §4, §7; issue 14):
 * the plans, a purchase (its charge issued by the payment provider), the provider's confirmation
 * (webhook, or platform staff) and the histories. Every state change is one transaction; the e-mails
 * go after the commit. Only the buyer's own supplier ever sees a charge's payment data.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly deps: PaymentsDeps,
  ) {}

  private today(): CivilDate {
    return brasiliaCivilDate(this.deps.clock());
  }

  // ---- plans ----

  /** §7 app/subscription-plan/list: the active plans, with the caller's own price when a supplier. */
  async subscriptionPlans(isSmallBusiness: boolean | null, includeRetired = false) {
    const rows = await repo.listSubscriptionPlans(this.db, !includeRetired);
    return {
      subscriptionPlans: rows.map((p) => ({
        id: p.id,
        title: p.title,
        duration: p.durationMonths,
        largeCompanyPrice: p.largeCompanyPrice,
        smallCompanyPrice: p.smallCompanyPrice,
        price: isSmallBusiness === null ? null : planPrice(p, isSmallBusiness),
        active: p.active,
      })),
    };
  }

  /** §7 app/credit-plan/list. */
  async creditPlans(isSmallBusiness: boolean | null, includeRetired = false) {
    const rows = await repo.listCreditPlans(this.db, !includeRetired);
    return {
      creditPlans: rows.map((p) => ({
        id: p.id,
        title: p.title,
        credits: p.credits,
        largeCompanyPrice: p.largeCompanyPrice,
        smallCompanyPrice: p.smallCompanyPrice,
        price: isSmallBusiness === null ? null : planPrice(p, isSmallBusiness),
        active: p.active,
      })),
    };
  }

  async saveSubscriptionPlan(input: SubscriptionPlanSaveInput) {
    const saved = await repo.saveSubscriptionPlan(this.db, input.id, {
      title: input.title,
      durationMonths: input.duration,
      largeCompanyPrice: input.largeCompanyPrice,
      smallCompanyPrice: input.smallCompanyPrice,
      active: input.active,
    });
    if (!saved) throw notFound(PLAN_NOT_FOUND_MESSAGE);
    return { id: saved.id };
  }

  async saveCreditPlan(input: CreditPlanSaveInput) {
    const saved = await repo.saveCreditPlan(this.db, input.id, {
      title: input.title,
      credits: input.credits,
      largeCompanyPrice: input.largeCompanyPrice,
      smallCompanyPrice: input.smallCompanyPrice,
      active: input.active,
    });
    if (!saved) throw notFound(PLAN_NOT_FOUND_MESSAGE);
    return { id: saved.id };
  }

  // ---- buying ----

  /** §7 app/subscription/create {subscriptionPlanId, paymentMethod}. */
  async createSubscription(supplierId: string, input: SubscriptionCreateInput) {
    const plan = await repo.findSubscriptionPlan(this.db, input.subscriptionPlanId);
    if (!plan?.active)
      throw badRequest(PLAN_NOT_FOUND_MESSAGE, [
        { property: "subscriptionPlanId", errorMessages: [PLAN_NOT_FOUND_MESSAGE] },
      ]);
    const payer = await this.payer(supplierId);
    const price = planPrice(plan, payer.isSmallBusiness);
    const description = `Assinatura ${plan.title} (${plan.durationMonths} ${plan.durationMonths === 1 ? "mês" : "meses"})`;
    const { charge } = await this.issue(
      payer,
      "SUBSCRIPTION",
      input.paymentMethod,
      price,
      description,
      (tx, chargeId) =>
        repo.insertSubscription(tx, {
          supplierId,
          subscriptionPlanId: plan.id,
          durationMonths: plan.durationMonths,
          price,
          status: "PENDING",
          chargeId,
        }),
    );
    const [row] = (await repo.listSubscriptions(this.db, supplierId)).filter((s) => s.chargeId === charge.id);
    return this.subscriptionView(row as NonNullable<typeof row>);
  }

  /** §7 app/credit/create {creditPlanId, quantity, paymentMethod}. */
  async createCredit(supplierId: string, input: CreditCreateInput) {
    const plan = await repo.findCreditPlan(this.db, input.creditPlanId);
    if (!plan?.active)
      throw badRequest(PLAN_NOT_FOUND_MESSAGE, [
        { property: "creditPlanId", errorMessages: [PLAN_NOT_FOUND_MESSAGE] },
      ]);
    const payer = await this.payer(supplierId);
    if (!fitsOneCharge(plan, input.quantity, payer.isSmallBusiness))
      throw badRequest(CHARGE_TOO_LARGE_MESSAGE, [
        { property: "quantity", errorMessages: [CHARGE_TOO_LARGE_MESSAGE] },
      ]);
    const { amount, price } = creditPurchase(plan, input.quantity, payer.isSmallBusiness);
    const description = `${plan.title} — ${amount} ${amount === 1 ? "participação" : "participações"}`;
    const { charge } = await this.issue(
      payer,
      "CREDIT",
      input.paymentMethod,
      price,
      description,
      (tx, chargeId) =>
        repo.insertCredit(tx, {
          supplierId,
          creditPlanId: plan.id,
          amount,
          price,
          status: "PENDING",
          chargeId,
        }),
    );
    const [row] = (await repo.listCredits(this.db, supplierId)).filter((c) => c.chargeId === charge.id);
    return this.creditView(row as NonNullable<typeof row>);
  }

  private async payer(supplierId: string) {
    const payer = await repo.findPayer(this.db, supplierId);
    if (!payer) throw notFound("Fornecedor não encontrado.");
    return payer;
  }

  /**
   * Asks the provider for the charge first (nothing is written if it fails: §8 'Erro ao criar
   * assinatura' with the support phone), then records the charge and the purchase in one transaction.
   */
  private async issue<T>(
    payer: NonNullable<Awaited<ReturnType<typeof repo.findPayer>>>,
    purpose: "SUBSCRIPTION" | "CREDIT",
    method: PaymentMethod,
    amount: number,
    description: string,
    insertPurchase: (tx: Tx, chargeId: string) => Promise<T>,
  ) {
    const now = this.deps.clock();
    const terms = chargeTerms(method, now, this.today());
    const chargeId = crypto.randomUUID();
    const sequence = await this.db.transaction((tx) => repo.nextChargeSequence(tx));
    let issued: Awaited<ReturnType<PaymentProvider["createCharge"]>>;
    try {
      issued = await this.deps.provider.createCharge({
        chargeId,
        sequence,
        method,
        amountCents: amount,
        dueDate: civilDateKey(terms.dueDate),
        expiresAt: terms.expiresAt,
        description,
        payer: {
          name: payer.name,
          document: payer.documentNumber,
          email: payer.email,
          address: addressOf(payer),
        },
      });
    } catch (error) {
      this.deps.log.error({ err: error, purpose, method }, "payment provider failed to issue a charge");
      if (error instanceof PaymentProviderUnavailable)
        throw new AppError(503, paymentProviderErrorMessage(this.deps.config.supportPhone));
      throw error;
    }
    const expiresAt = issued.pix?.expiresAt ?? terms.expiresAt;
    const charge = await this.db.transaction(async (tx) => {
      const row = await repo.insertCharge(tx, {
        id: chargeId,
        sequence,
        supplierId: payer.id,
        purpose,
        method,
        provider: this.deps.provider.name,
        providerChargeId: issued.providerChargeId,
        amount,
        description,
        dueDate: issued.boleto?.dueDate ?? civilDateKey(terms.dueDate),
        expiresAt,
        pixPayload: issued.pix?.payload ?? null,
        boletoBarcode: issued.boleto?.barcode ?? null,
        boletoDigitableLine: issued.boleto?.digitableLine ?? null,
        boletoOurNumber: issued.boleto?.ourNumber ?? null,
      });
      await insertPurchase(tx, row.id);
      return row;
    });
    if (payer.email)
      await this.mail(payer.email, () =>
        renderMail(
          "chargeIssued",
          {
            name: payer.contactName ?? payer.name,
            description,
            amount: formatBRL(amount, 2),
            method,
            code: issued.boleto
              ? formatDigitableLine(issued.boleto.digitableLine)
              : (issued.pix?.payload ?? ""),
            payableUntil:
              method === "boleto"
                ? formatCivilDateBR(parseCivilDateKey(charge.dueDate) as CivilDate)
                : formatBrasiliaDateTime(expiresAt),
          },
          this.deps.publicUrl,
        ),
      );
    return { charge };
  }

  // ---- histories ----

  /** §7 app/subscription/list, with §4's remaining days of the subscription in force. */
  async subscriptions(supplierId: string) {
    await repo.expireDueCharges(this.db, this.deps.clock());
    const rows = await repo.listSubscriptions(this.db, supplierId);
    const latest = await repo.latestActiveEndDate(this.db, supplierId);
    const end = latest ? parseCivilDateKey(latest) : null;
    return {
      remainingDays: remainingSubscriptionDays(end, this.today()),
      endDate: latest,
      lastDay: end ? civilDateKey(subscriptionLastDay(end)) : null,
      subscriptions: await Promise.all(rows.map((row) => this.subscriptionView(row))),
    };
  }

  /** §7 app/credit/list, with §4's available credits. */
  async credits(supplierId: string) {
    await repo.expireDueCharges(this.db, this.deps.clock());
    const [rows, available] = await Promise.all([
      repo.listCredits(this.db, supplierId),
      creditRepo.availableCredits(this.db, supplierId),
    ]);
    return {
      availableCredits: available,
      credits: await Promise.all(rows.map((row) => this.creditView(row))),
    };
  }

  private async paymentData(row: ChargeColumns) {
    if (!row.chargeId)
      return { chargeId: null, paymentMethod: null, barCode: null, link: null, pix: null, dueDate: null };
    const pending = row.chargeStatus === "PENDING";
    return {
      chargeId: row.chargeId,
      paymentMethod: row.method,
      chargeStatus: row.chargeStatus,
      dueDate: row.dueDate,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      barCode: row.digitableLine,
      link: row.digitableLine ? boletoLink(row.chargeId) : null,
      // The QR image is drawn only while it can still be paid.
      pix: row.pixPayload
        ? {
            qrCode: row.pixPayload,
            qrCodeUrl: pending ? await QRCode.toDataURL(row.pixPayload, { margin: 1, width: 256 }) : null,
          }
        : null,
    };
  }

  private async subscriptionView(row: Awaited<ReturnType<typeof repo.listSubscriptions>>[number]) {
    const end = row.endDate ? parseCivilDateKey(row.endDate) : null;
    // A paid subscription whose period is over reads ENDED (the row stays ACTIVE: it was paid).
    const ended =
      row.status === "ACTIVE" && end !== null && remainingSubscriptionDays(end, this.today()) === 0;
    return {
      id: row.id,
      subscriptionPlan: { title: row.planTitle, duration: row.duration },
      startDate: row.startDate,
      endDate: row.endDate,
      /** The last day in force ('em vigor até'): endDate is exclusive. */
      lastDay: end ? civilDateKey(subscriptionLastDay(end)) : null,
      price: row.price,
      status: ended ? "ENDED" : row.status,
      createdDate: row.createdDate.toISOString(),
      ...(await this.paymentData(row)),
    };
  }

  private async creditView(row: Awaited<ReturnType<typeof repo.listCredits>>[number]) {
    return {
      id: row.id,
      creditPlan: { title: row.planTitle },
      createdDate: row.createdDate.toISOString(),
      amount: row.amount,
      price: row.price,
      status: row.status,
      auction: row.noticeId ? { id: row.noticeId, noticeNumber: row.noticeNumber } : null,
      ...(await this.paymentData(row)),
    };
  }

  /** 'Baixar Pdf': the boleto of the caller's own charge (platform staff may read any). */
  async boletoPdf(user: SessionUser, chargeId: string) {
    const charge = await repo.findCharge(this.db, chargeId);
    const own = charge && user.supplier?.id === charge.supplierId;
    // Another supplier's charge answers as an unknown one: its existence is not told.
    if (!charge || (!own && user.kind !== "ADMIN")) throw notFound(CHARGE_NOT_FOUND_MESSAGE);
    if (!charge.boletoBarcode || !charge.boletoDigitableLine) throw notFound(CHARGE_NOT_FOUND_MESSAGE);
    const payer = await this.payer(charge.supplierId);
    const config = this.deps.config;
    const pdf = await renderBoletoPdf({
      bankCode: charge.boletoBarcode.slice(0, 3),
      bankName: BANK_NAMES[charge.boletoBarcode.slice(0, 3)] ?? "Banco",
      digitableLine: charge.boletoDigitableLine,
      barcode: charge.boletoBarcode,
      beneficiary: { name: config.beneficiaryName, document: config.beneficiaryDocument },
      payer: { name: payer.name, document: payer.documentNumber, address: addressOf(payer) },
      amountCents: charge.amount,
      dueDate: charge.dueDate,
      issueDate: civilDateKey(brasiliaCivilDate(charge.createdDate)),
      documentNumber: String(charge.sequence),
      ourNumber: charge.boletoOurNumber ?? String(charge.sequence),
      description: charge.description,
      instructions: [
        "Não receber após o vencimento.",
        "A compra é liberada na plataforma após a confirmação do pagamento.",
      ],
    });
    return { pdf, fileName: `boleto-${charge.sequence}.pdf` };
  }

  // ---- confirmation ----

  /**
   * The provider's webhook: authenticated by the provider (signature, timestamp), then applied once.
   * A refused call is logged and answered 403; a different amount or an unknown charge 400/404 and
   * logged; a redelivered event changes nothing.
   */
  async webhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer) {
    let event: PaymentEvent;
    try {
      event = this.deps.provider.parseWebhook(headers, rawBody, this.deps.clock());
    } catch (error) {
      if (!(error instanceof WebhookRefused)) throw error;
      this.deps.log.warn({ reason: error.message, bytes: rawBody.length }, "payment webhook refused");
      throw forbidden(WEBHOOK_REFUSED_MESSAGE);
    }
    if (event.kind === "IGNORED") {
      // Money going back is for people to look at: the platform does not undo a purchase by itself.
      if (/REFUND|CHARGEBACK/.test(event.type))
        this.deps.log.warn(
          { type: event.type, providerChargeId: event.providerChargeId },
          "payment refunded or disputed",
        );
      return { received: true };
    }
    const outcome = await this.db.transaction(async (tx) => {
      const charge = await repo.lockChargeByProviderId(tx, this.deps.provider.name, event.providerChargeId);
      if (!charge) return { refused: "unknown charge" as const };
      // Checked before anything is written: a refused event leaves no trace but the log.
      if (event.kind === "PAID" && event.amountCents !== charge.amount)
        return { refused: "amount" as const, charge };
      const fresh = await repo.recordEvent(tx, {
        provider: this.deps.provider.name,
        eventId: event.eventId,
        kind: event.kind,
        chargeId: charge.id,
        outcome: "APPLIED",
      });
      if (!fresh) return { duplicate: true as const };
      if (event.kind === "OVERDUE") {
        await repo.expireDueCharges(tx, this.deps.clock(), charge.id);
        return { applied: false as const };
      }
      const applied = await this.applyPayment(tx, charge, event.paidAt, "WEBHOOK", null);
      // A second payment of a settled charge (paid twice, or settled by staff and then paid).
      if (!applied)
        this.deps.log.warn(
          { chargeId: charge.id, eventId: event.eventId },
          "payment for a charge already paid",
        );
      return { applied, charge };
    });
    if ("refused" in outcome) {
      this.deps.log.warn(
        { reason: outcome.refused, eventId: event.eventId, providerChargeId: event.providerChargeId },
        "payment webhook not applied",
      );
      // Never applied; answered 200 to a provider that would otherwise stall its queue on it.
      if (this.deps.provider.acknowledgesRefusals) return { received: true, applied: false };
      // No event row was written: a corrected delivery of the same event can still apply.
      if (outcome.refused === "unknown charge") throw notFound(CHARGE_NOT_FOUND_MESSAGE);
      throw badRequest(AMOUNT_MISMATCH_MESSAGE, [
        { property: "amount", errorMessages: [AMOUNT_MISMATCH_MESSAGE] },
      ]);
    }
    if ("applied" in outcome && outcome.applied && outcome.charge)
      await this.mailConfirmation(outcome.charge.id);
    return { received: true };
  }

  /** 'Marcar como pago' in the staff console: the charge's full amount, now. */
  async markPaid(staff: SessionUser, chargeId: string) {
    const found = await repo.findCharge(this.db, chargeId);
    if (!found) throw notFound(CHARGE_NOT_FOUND_MESSAGE);
    if (found.status === "PAID") throw conflict(CHARGE_ALREADY_PAID_MESSAGE);
    // The provider first, so the charge cannot also be paid there; its failure changes nothing here.
    if (this.deps.provider.settleManually && found.providerChargeId)
      try {
        await this.deps.provider.settleManually(
          found.providerChargeId,
          found.amount,
          civilDateKey(this.today()),
        );
      } catch (error) {
        this.deps.log.error({ err: error, chargeId }, "payment provider refused the manual settlement");
        if (error instanceof PaymentProviderUnavailable)
          throw new AppError(503, paymentProviderErrorMessage(this.deps.config.supportPhone));
        throw error;
      }
    const charge = await this.db.transaction(async (tx) => {
      const row = await repo.lockCharge(tx, chargeId);
      if (!row) throw notFound(CHARGE_NOT_FOUND_MESSAGE);
      if (row.status === "PAID") throw conflict(CHARGE_ALREADY_PAID_MESSAGE);
      await this.applyPayment(tx, row, this.deps.clock(), "STAFF", staff.id);
      return row;
    });
    await this.mailConfirmation(charge.id);
    return { id: charge.id, status: "PAID" };
  }

  /**
   * Settles a locked charge: PAID, and its purchase takes effect — the subscription's period starts
   * (after the one in force, when renewing) and the supplier's in-force cache moves; the credits
   * become CONFIRMED. A charge paid after it expired is honoured all the same: the money arrived.
   * False when it was already paid.
   */
  private async applyPayment(
    tx: Tx,
    charge: repo.ChargeRow,
    paidAt: Date,
    by: "WEBHOOK" | "STAFF",
    userId: string | null,
  ): Promise<boolean> {
    if (charge.status === "PAID") return false;
    await repo.lockSupplier(tx, charge.supplierId);
    await repo.markChargePaid(tx, charge.id, {
      paidAt,
      paidAmount: charge.amount,
      confirmedBy: by,
      confirmedByUserId: userId,
    });
    if (charge.purpose === "SUBSCRIPTION") {
      const subscription = await repo.findSubscriptionByCharge(tx, charge.id);
      if (!subscription) throw new Error(`charge ${charge.id} without its subscription`);
      const current = await repo.currentSubscriptionEnd(tx, charge.supplierId);
      const period = subscriptionPeriod({
        today: this.today(),
        durationMonths: subscription.durationMonths,
        currentEndDate: current ? parseCivilDateKey(current) : null,
      });
      await repo.activateSubscription(
        tx,
        subscription.id,
        civilDateKey(period.startDate),
        civilDateKey(period.endDate),
      );
      await repo.setSubscriptionEnd(tx, charge.supplierId, subscriptionInForceUntil(period.endDate));
    } else {
      const credit = await repo.findCreditByCharge(tx, charge.id);
      if (!credit) throw new Error(`charge ${charge.id} without its credit`);
      await repo.confirmCredit(tx, credit.id);
    }
    return true;
  }

  private async mailConfirmation(chargeId: string) {
    const charge = await repo.findCharge(this.db, chargeId);
    if (!charge) return;
    const payer = await repo.findPayer(this.db, charge.supplierId);
    if (!payer?.email) return;
    let result: string;
    if (charge.purpose === "SUBSCRIPTION") {
      const subscription = await repo.findSubscriptionByCharge(this.db, charge.id);
      const end = subscription?.endDate ? parseCivilDateKey(subscription.endDate) : null;
      result = end
        ? `Sua assinatura está em vigor até ${formatCivilDateBR(subscriptionLastDay(end))}.`
        : "Sua assinatura está em vigor.";
    } else {
      const credit = await repo.findCreditByCharge(this.db, charge.id);
      const n = credit?.amount ?? 0;
      result = `${n} ${n === 1 ? "crédito de participação única foi liberado" : "créditos de participação única foram liberados"} para você.`;
    }
    await this.mail(payer.email, () =>
      renderMail(
        "paymentConfirmed",
        {
          name: payer.contactName ?? payer.name,
          description: `${charge.description} (${PAYMENT_METHOD_LABELS[charge.method]})`,
          amount: formatBRL(charge.amount, 2),
          paidAt: formatBrasiliaDate(charge.paidAt ?? this.deps.clock()),
          result,
        },
        this.deps.publicUrl,
      ),
    );
  }

  /** After the commit: a mail failure is logged, never undoes what was recorded. */
  private async mail(to: string, render: () => { subject: string; text: string; html: string }) {
    try {
      await this.deps.mailer.send({ to, ...render() });
    } catch (error) {
      this.deps.log.error({ err: error }, "payment e-mail not sent");
    }
  }

  // ---- the staff console ----

  async charges(input: ChargeListInput) {
    await repo.expireDueCharges(this.db, this.deps.clock());
    const { rows, total } = await repo.listCharges(this.db, input);
    return {
      total,
      charges: rows.map((r) => ({
        ...r,
        expiresAt: r.expiresAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
        createdDate: r.createdDate.toISOString(),
      })),
    };
  }

  /** Only a supplier buys, and only for itself. */
  static requireBuyingSupplier(user: SessionUser): string {
    if (user.kind !== "SUPPLIER" || !user.supplier) throw forbidden(SUPPLIER_ONLY_PAYMENTS_MESSAGE);
    return user.supplier.id;
  }
}

const BANK_NAMES: Record<string, string> = { "001": "Banco do Brasil S.A.", "461": "Asaas I.P. S.A." };

function addressOf(p: {
  street: string | null;
  number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}): string | null {
  const line = [
    p.street && [p.street, p.number].filter(Boolean).join(", "),
    p.district,
    p.city && [p.city, p.state].filter(Boolean).join("/"),
  ]
    .filter(Boolean)
    .join(" — ");
  return line ? (p.postalCode ? `${line} — CEP ${p.postalCode}` : line) : null;
}
