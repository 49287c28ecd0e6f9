import { createHmac } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_PAYMENT_WEBHOOK_SECRET } from "./run";

/**
 * Tells the platform a charge was paid, as the built-in provider's settlement does: a JSON event
 * signed with HMAC-SHA256 over "timestamp.body" (apps/server/src/integrations/payments/builtin-provider.ts),
 * written here again from the protocol so the test checks it rather than reuses it.
 */
export async function confirmPaymentByWebhook(
  request: APIRequestContext,
  charge: { chargeId: string; amount: number },
  options: { baseUrl?: string; at?: Date } = {},
) {
  const at = options.at ?? new Date();
  const body = JSON.stringify({
    id: `evt_e2e_${charge.chargeId}`,
    type: "charge.paid",
    data: { chargeId: charge.chargeId, amount: charge.amount, paidAt: at.toISOString() },
  });
  // Signed at the server's time: a server on the test clock refuses a signature five minutes off.
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", E2E_PAYMENT_WEBHOOK_SECRET).update(`${t}.${body}`).digest("hex");
  const response = await request.post(`${options.baseUrl ?? ""}/api/public/payments/webhook`, {
    data: body,
    headers: { "content-type": "application/json", "x-certame-signature": `t=${t},v1=${v1}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}
