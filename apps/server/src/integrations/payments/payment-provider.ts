import type { PaymentMethod } from "@certame/domain";

/** Who pays a charge, as the provider needs it on the boleto and in its own customer records. */
export interface ChargePayer {
  name: string;
  /** CNPJ or CPF, digits only. */
  document: string;
  email: string | null;
  address: string | null;
}

/** What the platform asks a provider to charge (one subscription or one credit purchase). */
export interface ChargeRequest {
  /** The platform's charge id (uuid): the provider's external reference. */
  chargeId: string;
  /** A number unique per charge (the charges' serial): the boleto's "nosso número" and the Pix txid. */
  sequence: number;
  method: PaymentMethod;
  amountCents: number;
  /** Boleto due date (Brasília civil date, YYYY-MM-DD). */
  dueDate: string;
  /** When an unpaid Pix stops being payable. */
  expiresAt: Date;
  description: string;
  payer: ChargePayer;
}

/** What the payer needs to pay: the Pix copy-and-paste code, or the boleto's numbers. */
export interface IssuedCharge {
  /** The provider's id of the charge (the built-in provider uses the platform's id). */
  providerChargeId: string;
  pix?: { payload: string; expiresAt: Date };
  boleto?: { barcode: string; digitableLine: string; ourNumber: string; dueDate: string };
}

/**
 * A verified notification from the provider. PAID carries the amount the provider says was paid
 * (checked against the charge before anything changes); OVERDUE marks an unpaid charge expired;
 * IGNORED is an event the platform does not act on (acknowledged all the same).
 */
export type PaymentEvent =
  | { eventId: string; kind: "PAID"; providerChargeId: string; amountCents: number; paidAt: Date }
  | { eventId: string; kind: "OVERDUE"; providerChargeId: string }
  | { eventId: string; kind: "IGNORED"; providerChargeId: string | null; type: string };

/** The provider refused the call or could not be reached: the purchase is not recorded. */
export class PaymentProviderUnavailable extends Error {}

/** A webhook call that is not the provider's (signature, age, shape): refused, logged, never applied. */
export class WebhookRefused extends Error {}

/**
 * The payment provider (DESIGN §1 src/integrations): issues charges and authenticates its webhook
 * calls. The built-in provider issues the Pix BR Code and the FEBRABAN boleto itself; the Asaas
 * adapter asks Asaas's API for them.
 */
export interface PaymentProvider {
  readonly name: "builtin" | "asaas";
  /**
   * Whether a notification the platform does not apply (unknown charge, other amount) is still
   * answered 200: Asaas pauses its whole webhook queue after repeated non-200 answers, so one stray
   * event would hold back every later confirmation.
   */
  readonly acknowledgesRefusals: boolean;
  createCharge(request: ChargeRequest): Promise<IssuedCharge>;
  /** Authenticates and reads one webhook call; throws WebhookRefused when it is not genuine. */
  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): PaymentEvent;
  /**
   * Platform staff settled the charge by hand ('Marcar como pago'): tell the provider, so that the
   * charge cannot be paid a second time there. Absent when the provider keeps no charge of its own.
   */
  settleManually?(providerChargeId: string, amountCents: number, paidOn: string): Promise<void>;
}
