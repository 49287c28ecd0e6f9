import type { PaymentsConfig } from "../../config";
import { AsaasPaymentProvider } from "./asaas-provider";
import { BuiltinPaymentProvider } from "./builtin-provider";
import type { PaymentProvider } from "./payment-provider";

/** PAYMENT_PROVIDER's provider (README "Pagamentos"): the built-in issuer, or Asaas's API. */
export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  if (config.provider === "asaas")
    return new AsaasPaymentProvider({
      baseUrl: config.asaasBaseUrl,
      apiKey: config.asaasApiKey as string,
      webhookToken: config.asaasWebhookToken as string,
    });
  return new BuiltinPaymentProvider(config);
}
