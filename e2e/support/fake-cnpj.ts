import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { UNREACHABLE_CEP } from "./fake-cep";

/** The registry gives the CNPJs of this root (randomCnpj(root)) a CEP whose lookup is unreachable. */
export const UNREACHABLE_CEP_CNPJ_ROOT = "99999990";

/** The corporate name the fake registry gives a CNPJ (digits only), so tests can expect it. */
export const fakeCompanyName = (cnpjDigits: string): string => `Fornecedora E2E ${cnpjDigits} Ltda`;

/**
 * A ReceitaWS-compatible registry on 127.0.0.1 (GET /cnpj/{digits}), so the CNPJ autocomplete of the
 * forms works without the internet: any 14-character CNPJ is known, with the name above (and CEP
 * 01001-000, or UNREACHABLE_CEP for the root UNREACHABLE_CEP_CNPJ_ROOT).
 */
export async function startFakeCnpjRegistry(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((request, response) => {
    const match = /^\/cnpj\/([0-9A-Z]{14})$/.exec(request.url ?? "");
    response.setHeader("content-type", "application/json");
    if (!match?.[1]) {
      response.statusCode = 404;
      response.end(JSON.stringify({ status: "ERROR", message: "CNPJ inválido" }));
      return;
    }
    response.end(
      JSON.stringify({
        status: "OK",
        cnpj: match[1],
        nome: fakeCompanyName(match[1]),
        fantasia: "Fornecedora E2E",
        cep: match[1].startsWith(UNREACHABLE_CEP_CNPJ_ROOT)
          ? `${UNREACHABLE_CEP.slice(0, 2)}.${UNREACHABLE_CEP.slice(2, 5)}-${UNREACHABLE_CEP.slice(5)}`
          : "01.001-000",
        telefone: "(11) 3333-4444",
        logradouro: "PRACA DA SE",
        numero: "100",
        bairro: "SE",
        municipio: "SAO PAULO",
        uf: "SP",
        atividade_principal: [{ code: "47.51-2-01", text: "Comércio varejista" }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server };
}
