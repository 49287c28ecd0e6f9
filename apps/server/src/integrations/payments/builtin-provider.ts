import { createHmac, timingSafeEqual } from "node:crypto";
import {
  bancoDoBrasilFreeField,
  bancoDoBrasilOurNumber,
  buildBoletoBarcode,
  buildPixBrCode,
  digitableLineFromBarcode,
} from "@certame/domain";
import type { PaymentsConfig } from "../../config";
import {
  type ChargeRequest,
  type IssuedCharge,
  type PaymentEvent,
  type PaymentProvider,
  WebhookRefused,
} from "./payment-provider";

/** The built-in provider's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = "x-certame-signature";
/** A signed call older (or newer) than this is refused: a captured call cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The built-in provider's webhook body. */
export interface BuiltinWebhookBody {
  id: string;
  type: "charge.paid" | "charge.overdue";
  data: { chargeId: string; amount?: number; paidAt?: string };
}

export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Issues charges without a bank in between: a Pix BR Code for the platform's key and a Banco do
 * Brasil-layout boleto under the platform's agreement, each numbered by the charge's sequence. The
 * settlement comes by the signed webhook (from the bank's reconciliation, or a test) or by staff.
 */
export class BuiltinPaymentProvider implements PaymentProvider {
  readonly name = "builtin" as const;
  readonly acknowledgesRefusals = false;

  constructor(private readonly config: PaymentsConfig) {}

  async createCharge(request: ChargeRequest): Promise<IssuedCharge> {
    const providerChargeId = request.chargeId;
    if (request.method === "pix") {
      const payload = buildPixBrCode({
        key: this.config.pixKey,
        amountCents: request.amountCents,
        merchantName: this.config.merchantName,
        merchantCity: this.config.merchantCity,
        txid: `CERTAME${String(request.sequence).padStart(10, "0")}`,
      });
      return { providerChargeId, pix: { payload, expiresAt: request.expiresAt } };
    }
    const freeField = bancoDoBrasilFreeField({
      agreement: this.config.agreement,
      sequence: request.sequence,
      wallet: this.config.wallet,
    });
    const barcode = buildBoletoBarcode({
      bankCode: this.config.bankCode,
      dueDate: request.dueDate,
      amountCents: request.amountCents,
      freeField,
    });
    return {
      providerChargeId,
      boleto: {
        barcode,
        digitableLine: digitableLineFromBarcode(barcode),
        ourNumber: bancoDoBrasilOurNumber(this.config.agreement, request.sequence),
        dueDate: request.dueDate,
      },
    };
  }

  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): PaymentEvent {
    const signature = header(headers, SIGNATURE_HEADER);
    const match = signature?.match(/^t=(\d{1,12}),v1=([0-9a-f]{64})$/);
    if (!match) throw new WebhookRefused("assinatura ausente ou malformada");
    const at = Number(match[1]) * 1000;
    if (Math.abs(now.getTime() - at) > WEBHOOK_TOLERANCE_MS)
      throw new WebhookRefused("assinatura fora do prazo");
    const expected = createHmac("sha256", this.config.webhookSecret)
      .update(`${match[1]}.`)
      .update(rawBody)
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(match[2] as string, "hex")))
      throw new WebhookRefused("assinatura inválida");
    let body: BuiltinWebhookBody;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new WebhookRefused("corpo inválido");
    }
    const chargeId = body?.data?.chargeId;
    if (typeof body?.id !== "string" || !body.id || typeof chargeId !== "string")
      throw new WebhookRefused("evento incompleto");
    if (body.type === "charge.paid") {
      const amount = body.data.amount;
      const paidAt = new Date(body.data.paidAt ?? "");
      if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || Number.isNaN(paidAt.getTime()))
        throw new WebhookRefused("pagamento sem valor ou data");
      return {
        eventId: body.id,
        kind: "PAID",
        providerChargeId: chargeId,
        amountCents: amount as number,
        paidAt,
      };
    }
    if (body.type === "charge.overdue")
      return { eventId: body.id, kind: "OVERDUE", providerChargeId: chargeId };
    return { eventId: body.id, kind: "IGNORED", providerChargeId: chargeId, type: String(body.type) };
  }
}
