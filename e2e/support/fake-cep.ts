import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A CEP the fake does not know (ViaCEP answers `{"erro": "true"}` for it). */
export const UNKNOWN_CEP = "99999999";

/** A CEP whose lookup finds the service unreachable: the fake drops the connection without an answer. */
export const UNREACHABLE_CEP = "99999990";

/** The address the fake gives a CEP (8 digits), so tests can expect it. */
export function fakeAddress(cep: string) {
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro: `Rua dos Testes ${cep.slice(0, 3)}`,
    complemento: "",
    unidade: "",
    bairro: "Centro",
    localidade: "Exemplo",
    uf: "SP",
    estado: "São Paulo",
    regiao: "Sudeste",
    ibge: "3550308",
    gia: "1004",
    ddd: "11",
    siafi: "7107",
  };
}

/**
 * A ViaCEP-compatible service on 127.0.0.1 (GET /ws/{cep}/json/, the real answer's fields), so the
 * address autocomplete works without the internet: a malformed CEP is a 400 HTML page as ViaCEP
 * answers it, UNKNOWN_CEP is `{"erro": "true"}`, UNREACHABLE_CEP gets its connection reset (the
 * service down, as the server's client meets it), any other 8 digits is fakeAddress(cep).
 */
export async function startFakeCepService(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((request, response) => {
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(request.url ?? "");
    if (!match || !/^\d{8}$/.test(match[1] ?? "")) {
      response.statusCode = 400;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end("<h2>Http 400</h2><h3>Verifique a sua URL (Bad Request)</h3>");
      return;
    }
    const cep = match[1] as string;
    if (cep === UNREACHABLE_CEP) {
      request.socket.destroy();
      return;
    }
    response.setHeader("content-type", "application/json; charset=utf-8");
    response.end(JSON.stringify(cep === UNKNOWN_CEP ? { erro: "true" } : fakeAddress(cep)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server };
}
