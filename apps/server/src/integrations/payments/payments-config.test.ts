import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

describe("payment settings (README 'Configuração')", () => {
  it("uses the built-in provider with a random webhook secret outside production", () => {
    const a = loadConfig({}).payments;
    const b = loadConfig({}).payments;
    expect(a.provider).toBe("builtin");
    expect(a.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.webhookSecret).not.toBe(b.webhookSecret);
  });

  it("refuses to start in production without a webhook secret, and Asaas without its key and token", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(
      "PAYMENT_WEBHOOK_SECRET é obrigatório em produção.",
    );
    expect(
      loadConfig({ APP_ENV: "production", PAYMENT_WEBHOOK_SECRET: "segredo" }).payments.webhookSecret,
    ).toBe("segredo");
    expect(() => loadConfig({ PAYMENT_PROVIDER: "asaas" })).toThrow("ASAAS_API_KEY");
    expect(
      loadConfig({ PAYMENT_PROVIDER: "asaas", ASAAS_API_KEY: "k", ASAAS_WEBHOOK_TOKEN: "t" }).payments
        .provider,
    ).toBe("asaas");
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow("PAYMENT_PROVIDER inválido");
  });

  it("refuses a malformed agreement, bank or beneficiary CNPJ", () => {
    expect(() => loadConfig({ BOLETO_AGREEMENT: "12345" })).toThrow("BOLETO_AGREEMENT inválido");
    expect(() => loadConfig({ BOLETO_BANK_CODE: "1" })).toThrow("BOLETO_BANK_CODE inválido");
    expect(() => loadConfig({ PAYMENT_BENEFICIARY_CNPJ: "11.222.333/0001-81" })).toThrow(
      "PAYMENT_BENEFICIARY_CNPJ inválido",
    );
  });
});
