import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_PNCP_LOGIN,
  FAKE_PNCP_PASSWORD,
  FAKE_PNCP_USER_ID,
  type FakePncpPublishing,
  startFakePncpPublishing,
} from "./fake-pncp-publishing";

// The fake portal against requests shaped as the "Manual de Integração PNCP" v2.6 shows them (its
// pages are cited by title, with the v2.3.7 section number where there was one). Every refusal below is
// one the manual states; the fake was written from the manual, not from the project's client.

const CNPJ = "10000000000003";
const OTHER_CNPJ = "20000000000001";
const PDF = new Uint8Array(
  Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
);

let portal: FakePncpPublishing;
/** ${BASE_URL} of v2.6 "Acesso ao PNCP": the host's /api/pncp. */
const api = () => `${portal.url}/api/pncp`;
let token: string;

beforeAll(async () => {
  portal = await startFakePncpPublishing({
    units: { [CNPJ]: [{ codigoUnidade: "010203", nomeUnidade: "Secretaria de Administração" }] },
    authorisedCnpjs: [CNPJ],
  });
  token = await login();
});
afterAll(async () => {
  await portal.close();
});

async function login(): Promise<string> {
  const res = await fetch(`${api()}/v1/usuarios/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: FAKE_PNCP_LOGIN, senha: FAKE_PNCP_PASSWORD }),
  });
  return (res.headers.get("authorization") ?? "").replace(/^Bearer /, "");
}

const item = (over: Record<string, unknown> = {}) => ({
  numeroItem: 1,
  materialOuServico: "M",
  tipoBeneficioId: 4,
  incentivoProdutivoBasico: false,
  descricao: "Papel A4",
  quantidade: 100,
  unidadeMedida: "Resma",
  orcamentoSigiloso: false,
  valorUnitarioEstimado: 25.1234,
  valorTotal: 2512.34,
  criterioJulgamentoId: 1,
  itemCategoriaId: 3,
  aplicabilidadeMargemPreferenciaNormal: false,
  aplicabilidadeMargemPreferenciaAdicional: false,
  ...over,
});

const compra = (over: Record<string, unknown> = {}) => ({
  codigoUnidadeCompradora: "010203",
  tipoInstrumentoConvocatorioId: 1,
  modalidadeId: 6,
  modoDisputaId: 1,
  numeroCompra: "60",
  anoCompra: 2026,
  numeroProcesso: "PA 4000/2026",
  objetoCompra: "Aquisição de papel",
  srp: false,
  dataAberturaProposta: "2026-03-02T08:00:00",
  dataEncerramentoProposta: "2026-03-16T09:00:00",
  amparoLegalId: 1,
  itensCompra: [item()],
  ...over,
});

interface Doc {
  name: string;
  bytes: Uint8Array;
  type?: string;
  part?: string;
}
const PDF_DOC: Doc = { name: "edital.pdf", bytes: PDF, type: "application/pdf" };

async function insert(
  body: unknown,
  {
    cnpj = CNPJ,
    doc = PDF_DOC,
    title = "Edital",
    typeId = "2",
    compraPart = "compra",
  }: { cnpj?: string; doc?: Doc; title?: string | null; typeId?: string | null; compraPart?: string } = {},
) {
  const form = new FormData();
  form.append(compraPart, new Blob([JSON.stringify(body)], { type: "application/json" }), "compra.json");
  form.append(doc.part ?? "documento", new Blob([doc.bytes], { type: doc.type ?? "" }), doc.name);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (title !== null) headers["Titulo-Documento"] = title;
  if (typeId !== null) headers["Tipo-Documento-Id"] = typeId;
  return fetch(`${api()}/v1/orgaos/${cnpj}/compras`, { method: "POST", headers, body: form });
}

async function call(method: string, path: string, body?: unknown) {
  return fetch(`${api()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function published(over: Record<string, unknown> = {}): Promise<string> {
  const res = await insert(compra(over));
  expect(res.status).toBe(201);
  return new URL(res.headers.get("location") as string).pathname.replace(/^\/api\/pncp/, "");
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe("login and token (v2.6 'Realizar Login de Usuário', 'Acesso ao PNCP'; v2.3.7 6.1.4)", () => {
  it("answers 200 with the token in the Authorization header after 'Bearer', and no body", async () => {
    const res = await fetch(`${api()}/v1/usuarios/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: FAKE_PNCP_LOGIN, senha: FAKE_PNCP_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("authorization")).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.get("expires")).toBe("3600000");
    expect(await res.text()).toBe("");
  });

  it("refuses a wrong password and a maintenance call without a valid token", async () => {
    const wrong = await fetch(`${api()}/v1/usuarios/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: FAKE_PNCP_LOGIN, senha: "outra" }),
    });
    expect(wrong.status).toBe(401);
    const anonymous = await fetch(`${api()}/v1/orgaos/${CNPJ}/compras/2026/1/itens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[]",
    });
    expect(anonymous.status).toBe(401);
  });

  it("refuses an expired token (valid 1 hour) until the platform logs in again", async () => {
    portal.expireTokens();
    expect((await insert(compra())).status).toBe(401);
    token = await login();
    expect((await insert(compra())).status).toBe(201);
  });
});

describe("unit and authorisation (v2.6 'Inserir Contratação' field 4, 'Acesso ao PNCP', 'Inserir Entes Autorizados')", () => {
  it("lists the órgão's units and finds one by code", async () => {
    const res = await fetch(`${api()}/v1/orgaos/${CNPJ}/unidades`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject([
      { codigoUnidade: "010203", nomeUnidade: "Secretaria de Administração" },
    ]);
    expect((await fetch(`${api()}/v1/orgaos/${CNPJ}/unidades/1`)).status).toBe(404);
  });

  it("refuses a unit that is not registered for the CNPJ (the '1' of every body included)", async () => {
    const res = await insert(compra({ codigoUnidadeCompradora: "1" }));
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("Unidade 1 não cadastrada");
  });

  it("refuses a CNPJ the platform is not authorised for, then accepts it once authorised and its unit included", async () => {
    const refused = await insert(compra(), { cnpj: OTHER_CNPJ });
    expect(refused.status).toBe(422);
    expect(await message(refused)).toContain("não autorizado");

    const entes = await call("POST", `/v1/usuarios/${FAKE_PNCP_USER_ID}/orgaos`, {
      entesAutorizados: [OTHER_CNPJ],
    });
    expect(entes.status).toBe(200);
    const user = (await (await call("GET", `/v1/usuarios?login=${FAKE_PNCP_LOGIN}`)).json()) as {
      entesAutorizados: { cnpj: string }[];
    }[];
    expect(user[0]?.entesAutorizados.map((e) => e.cnpj)).toContain(OTHER_CNPJ);

    const unidade = await call("POST", `/v1/orgaos/${OTHER_CNPJ}/unidades`, {
      codigoIBGE: "3550308",
      codigoUnidade: "77",
      nomeUnidade: "Câmara",
    });
    expect(unidade.status).toBe(201);
    expect((await insert(compra({ codigoUnidadeCompradora: "77" }), { cnpj: OTHER_CNPJ })).status).toBe(201);
  });
});

describe("Inserir Contratação (v2.6; v2.3.7 6.3.1)", () => {
  it("answers 201 with Location and {compraUri, documentoUri}, keeping the compra, the document and the title as sent", async () => {
    const res = await insert(compra({ numeroCompra: "61" }), { title: "Edital de licitação nº 61" });
    expect(res.status).toBe(201);
    const location = res.headers.get("location") as string;
    expect(location).toMatch(new RegExp(`/v1/orgaos/${CNPJ}/compras/2026/\\d+$`));
    expect(await res.json()).toEqual({ compraUri: location, documentoUri: `${location}/arquivos/1` });
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "61");
    // Header values travel in ISO-8859-1 ('Protocolo de Comunicação'): the title arrives unencoded.
    expect(purchase?.documents).toEqual([
      {
        title: "Edital de licitação nº 61",
        typeId: 2,
        fileName: "edital.pdf",
        type: "application/pdf",
        size: PDF.length,
      },
    ]);
  });

  it("publishes a percent-encoded title as it came: the header is read as ISO-8859-1, never decoded", async () => {
    expect((await insert(compra({ numeroCompra: "62" }), { title: "Edital%20n%C2%BA%2062" })).status).toBe(
      201,
    );
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "62");
    expect(purchase?.documents[0]?.title).toBe("Edital%20n%C2%BA%2062");
  });

  it("takes codes sent as numbers or as numeric strings, as the manual's own examples do", async () => {
    const res = await insert(
      compra({ tipoInstrumentoConvocatorioId: "1", modalidadeId: "6", amparoLegalId: "1" }),
    );
    expect(res.status).toBe(201);
  });

  it("refuses the parts and headers the manual requires when missing or misnamed", async () => {
    expect((await insert(compra(), { title: null })).status).toBe(400);
    expect((await insert(compra(), { typeId: null })).status).toBe(400);
    expect((await insert(compra(), { compraPart: "contratacao" })).status).toBe(400);
    expect((await insert(compra(), { doc: { ...PDF_DOC, part: "arquivo" } })).status).toBe(400);
    // Tipo-Documento-Id must be one of the contratação's own types (v2.3.7 5.12: 11 is an ata's).
    expect((await insert(compra(), { typeId: "11" })).status).toBe(422);
  });

  it("refuses required fields missing, wrong types and sizes past the manual's", async () => {
    const { objetoCompra: _, ...withoutObjeto } = compra();
    expect((await insert(withoutObjeto)).status).toBe(400);
    expect((await insert(compra({ srp: "false" }))).status).toBe(400);
    expect((await insert(compra({ numeroCompra: "9".repeat(51) }))).status).toBe(400);
    expect((await insert(compra({ objetoCompra: "x".repeat(5121) }))).status).toBe(400);
    expect((await insert(compra({ objetoCompra: "x".repeat(5120) }))).status).toBe(201);
    expect((await insert(compra({ itensCompra: [] }))).status).toBe(400);
    expect((await insert(compra({ itensCompra: [item({ descricao: "d".repeat(2049) })] }))).status).toBe(400);
    expect((await insert(compra({ itensCompra: [item({ valorUnitarioEstimado: -1 })] }))).status).toBe(400);
    expect((await insert(compra({ itensCompra: [item({ materialOuServico: "X" })] }))).status).toBe(400);
  });

  it("refuses numeroCompra with its year (field 8: 'Número da contratação ... sem o ano')", async () => {
    const res = await insert(compra({ numeroCompra: "PE 60/2026" }));
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("sem o ano");
  });

  it("refuses the proposal dates missing for instrumento 1 or 2 (fields 14-15) and accepts them absent for 3", async () => {
    expect((await insert(compra({ dataAberturaProposta: null }))).status).toBe(422);
    const ato = {
      tipoInstrumentoConvocatorioId: 3,
      modalidadeId: 8,
      modoDisputaId: 5,
      amparoLegalId: 19,
      dataAberturaProposta: null,
      dataEncerramentoProposta: null,
      itensCompra: [item({ criterioJulgamentoId: 7 })],
    };
    expect((await insert(compra(ato))).status).toBe(201);
  });

  it("refuses a presencial modalidade without justificativaPresencial and one over 512 characters (field 19)", async () => {
    const presencial = { modalidadeId: 7 };
    expect((await insert(compra(presencial))).status).toBe(422);
    expect((await insert(compra({ ...presencial, justificativaPresencial: "j".repeat(513) }))).status).toBe(
      400,
    );
    expect(
      (await insert(compra({ ...presencial, justificativaPresencial: "Sem internet no município" }))).status,
    ).toBe(201);
  });

  it("refuses items whose numeroItem is not unique and increasing (17.1)", async () => {
    const res = await insert(compra({ itensCompra: [item(), item()] }));
    expect(res.status).toBe(422);
  });

  it("refuses margem de preferência percentages against their indicators (17.17-17.18)", async () => {
    const missing = item({ aplicabilidadeMargemPreferenciaNormal: true });
    expect((await insert(compra({ itensCompra: [missing] }))).status).toBe(422);
    const stray = item({ percentualMargemPreferenciaNormal: 10 });
    expect((await insert(compra({ itensCompra: [stray] }))).status).toBe(422);
    const applied = item({
      aplicabilidadeMargemPreferenciaNormal: true,
      percentualMargemPreferenciaNormal: 10,
    });
    expect((await insert(compra({ itensCompra: [applied] }))).status).toBe(201);
  });
});

describe("domain codes and conformity (v2.6 'Tabelas de Domínio', 'Regra de conformidade ...'; v2.3.7 5.18, 5.19, 5.22)", () => {
  it("serves the domain tables and the conformity endpoints in the manual's shapes", async () => {
    const modalidades = (await (await fetch(`${api()}/v1/modalidades`)).json()) as {
      id: number;
      nome: string;
    }[];
    expect(modalidades.find((m) => m.id === 6)?.nome).toBe("Pregão - Eletrônico");
    expect((await fetch(`${api()}/v1/modalidades/99`)).status).toBe(404);
    const ok = await fetch(`${api()}/v1/tipo-instrumento-convocatorio-modo-disputa/2/4`);
    expect(await ok.json()).toMatchObject({ tipoInstrumentoConvocatorio: { id: 2 }, modoDisputa: { id: 4 } });
    expect((await fetch(`${api()}/v1/tipo-instrumento-convocatorio-modo-disputa/2/5`)).status).toBe(404);
    expect((await fetch(`${api()}/v1/modalidade-criterio-julgamento/6/1`)).status).toBe(200);
    expect((await fetch(`${api()}/v1/instrumento-convocatorio-modalidade-amparo-legal/6/9/3`)).status).toBe(
      200,
    );
    expect((await fetch(`${api()}/v1/instrumento-convocatorio-modalidade-amparo-legal/6/9/2`)).status).toBe(
      404,
    );
  });

  it("refuses codes outside the tables", async () => {
    expect((await insert(compra({ modalidadeId: 99 }))).status).toBe(422);
    expect((await insert(compra({ itensCompra: [item({ criterioJulgamentoId: 3 })] }))).status).toBe(422);
  });

  it("refuses an inexigibilidade as Aviso de Contratação Direta with modo 'Não se aplica', accepts it as Ato que autoriza", async () => {
    const inexigibilidade = {
      modalidadeId: 9,
      amparoLegalId: 6,
      modoDisputaId: 5,
      itensCompra: [item({ criterioJulgamentoId: 7 })],
    };
    const asAviso = await insert(compra({ ...inexigibilidade, tipoInstrumentoConvocatorioId: 2 }));
    expect(asAviso.status).toBe(422);
    expect(await message(asAviso)).toContain("não estão em conformidade");
    expect((await insert(compra({ ...inexigibilidade, tipoInstrumentoConvocatorioId: 3 }))).status).toBe(201);
  });

  it("refuses an amparo legal of another modalidade and a modo de disputa of another instrumento", async () => {
    expect((await insert(compra({ amparoLegalId: 2 }))).status).toBe(422);
    expect((await insert(compra({ modoDisputaId: 4 }))).status).toBe(422);
  });

  it("refuses a critério de julgamento the modalidade does not take (pregão × maior lance)", async () => {
    const res = await insert(compra({ itensCompra: [item({ criterioJulgamentoId: 5 })] }));
    expect(res.status).toBe(422);
  });

  it("holds a leilão to its rules (fields 13, 17.2-17.4, 17.11, 17.12, 17.14)", async () => {
    const leilaoItem = item({ criterioJulgamentoId: 5, tipoBeneficioId: 5, itemCategoriaId: 2 });
    const leilao = { modalidadeId: 1, amparoLegalId: 4, itensCompra: [leilaoItem] };
    expect((await insert(compra(leilao))).status).toBe(201);
    expect((await insert(compra({ ...leilao, srp: true }))).status).toBe(422);
    expect(
      (await insert(compra({ ...leilao, itensCompra: [{ ...leilaoItem, itemCategoriaId: 3 }] }))).status,
    ).toBe(422);
    expect(
      (await insert(compra({ ...leilao, itensCompra: [{ ...leilaoItem, orcamentoSigiloso: true }] }))).status,
    ).toBe(422);
    expect(
      (await insert(compra({ ...leilao, itensCompra: [{ ...leilaoItem, tipoBeneficioId: 4 }] }))).status,
    ).toBe(422);
    const imovel = { ...leilaoItem, itemCategoriaId: 1 };
    expect((await insert(compra({ ...leilao, itensCompra: [imovel] }))).status).toBe(422);
    const registrado = { ...imovel, codigoRegistroImobiliario: "Matrícula 123" };
    expect((await insert(compra({ ...leilao, itensCompra: [registrado] }))).status).toBe(201);
    // Other modalidades use category 3 (17.12).
    expect((await insert(compra({ itensCompra: [item({ itemCategoriaId: 2 })] }))).status).toBe(422);
  });
});

describe("documents (v2.6 'Inserir Documento a uma Contratação', 'Envio de arquivos pelas APIs de Documento'; v2.3.7 6.3.6, 5.16)", () => {
  const upload = async (path: string, doc: Doc, title = "Termo de Referência", typeId = "4") => {
    const form = new FormData();
    form.append(doc.part ?? "arquivo", new Blob([doc.bytes], { type: doc.type ?? "" }), doc.name);
    return fetch(`${api()}${path}/arquivos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "Titulo-Documento": title, "Tipo-Documento-Id": typeId },
      body: form,
    });
  };

  it("answers 201 with the document's Location and no body", async () => {
    const path = await published({ numeroCompra: "70" });
    const res = await upload(path, { name: "tr.docx", bytes: PDF });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toMatch(/\/arquivos\/2$/);
    expect(await res.text()).toBe("");
  });

  it("refuses a CSV, a file past 30 MB and a part not named 'arquivo'", async () => {
    const path = await published({ numeroCompra: "71" });
    const csv = await upload(path, {
      name: "planilha.csv",
      bytes: new Uint8Array(Buffer.from("a;b\n1;2\n")),
      type: "text/csv",
    });
    expect(csv.status).toBe(422);
    expect(await message(csv)).toContain("Extensão de arquivo não permitida");
    expect(
      (await insert(compra({ numeroCompra: "72" }), { doc: { name: "itens.csv", bytes: PDF } })).status,
    ).toBe(422);
    const big = await upload(path, { name: "grande.pdf", bytes: new Uint8Array(30 * 1024 * 1024 + 1) });
    expect(big.status).toBe(422);
    expect((await upload(path, { name: "tr.pdf", bytes: PDF, part: "documento" })).status).toBe(400);
  });

  it("refuses rectifying a contratação left without an active document", async () => {
    const path = await published({ numeroCompra: "73" });
    expect((await call("DELETE", `${path}/arquivos/1`, { justificativa: "Arquivo errado" })).status).toBe(
      200,
    );
    const res = await call("PATCH", path, { situacaoCompraId: 4, justificativa: "Suspensa" });
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("documento/arquivo ativo");
  });
});

describe("rectifications (v2.6 'Retificar Contratação' PUT and 'Retificar Parcialmente' PATCH; v2.3.7 6.3.2-6.3.3)", () => {
  const put = (over: Record<string, unknown> = {}) => ({
    tipoInstrumentoConvocatorioId: 1,
    modalidadeId: 6,
    modoDisputaId: 1,
    numeroCompra: "80",
    numeroProcesso: "PA 4000/2026",
    situacaoCompraId: 1,
    objetoCompra: "Aquisição de papel",
    srp: false,
    dataAberturaProposta: "2026-03-02T08:00:00",
    dataEncerramentoProposta: "2026-03-16T09:00:00",
    amparoLegalId: 1,
    justificativa: "Prazo alterado",
    ...over,
  });

  it("caps objetoCompra and justificativaPresencial at 512 characters on PUT (new in the PUT table)", async () => {
    const path = await published({ numeroCompra: "80", objetoCompra: "o".repeat(600) });
    expect((await call("PUT", path, put({ objetoCompra: "o".repeat(513) }))).status).toBe(400);
    expect((await call("PUT", path, put({ justificativaPresencial: "j".repeat(513) }))).status).toBe(400);
    expect((await call("PUT", path, put({ objetoCompra: "o".repeat(512) }))).status).toBe(200);
  });

  it("requires everything again on PUT, only justificativa on PATCH, and the conformity rules on both", async () => {
    const path = await published({ numeroCompra: "81" });
    const { situacaoCompraId: _, ...withoutSituacao } = put({ numeroCompra: "81" });
    expect((await call("PUT", path, withoutSituacao)).status).toBe(400);
    expect((await call("PATCH", path, { situacaoCompraId: 2 })).status).toBe(400);
    expect((await call("PATCH", path, { situacaoCompraId: 5, justificativa: "x" })).status).toBe(400);
    expect((await call("PATCH", path, { modoDisputaId: 4, justificativa: "x" })).status).toBe(422);
    expect((await call("PATCH", path, { situacaoCompraId: 2, justificativa: "Revogada" })).status).toBe(200);
    expect(portal.purchases.find((p) => p.compra.numeroCompra === "81")?.rectifications).toEqual([
      { situacaoCompraId: 2, justificativa: "Revogada" },
    ]);
  });
});

describe("items (v2.6 'Inserir Itens', 'Retificar Item', 'Retificar parcialmente um Item'; v2.3.7 6.3.10-6.3.12)", () => {
  it("inserts items after publication with 201 and the items' URIs, refusing a number already used", async () => {
    const path = await published({ numeroCompra: "90" });
    const res = await call("POST", `${path}/itens`, [item({ numeroItem: 2 }), item({ numeroItem: 3 })]);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([`${api()}${path}/itens/2`, `${api()}${path}/itens/3`]);
    expect((await call("POST", `${path}/itens`, [item({ numeroItem: 2 })])).status).toBe(422);
    expect(
      (
        await call("POST", `${path}/itens`, [
          item({ numeroItem: 4, informacaoComplementar: "i".repeat(4097) }),
        ])
      ).status,
    ).toBe(400);
  });

  it("rectifies an item (PUT needs situação, categoria and justificativa) and patches it partially", async () => {
    const path = await published({ numeroCompra: "91" });
    expect((await call("PUT", `${path}/itens/1`, item())).status).toBe(400);
    const full = item({ situacaoCompraItemId: 1, justificativa: "Quantidade corrigida", quantidade: 120 });
    expect((await call("PUT", `${path}/itens/1`, full)).status).toBe(200);
    expect((await call("PATCH", `${path}/itens/1`, { situacaoCompraItemId: 4 })).status).toBe(200);
    expect((await call("PATCH", `${path}/itens/1`, { situacaoCompraItemId: 9 })).status).toBe(400);
    expect((await call("PATCH", `${path}/itens/1`, { criterioJulgamentoId: 5 })).status).toBe(422);
    expect((await call("PATCH", `${path}/itens/7`, { situacaoCompraItemId: 4 })).status).toBe(404);
  });
});

describe("results (v2.6 'Inserir Resultado do Item', 'Retificar Resultado do Item'; v2.3.7 6.3.15-6.3.16)", () => {
  const result = (over: Record<string, unknown> = {}) => ({
    quantidadeHomologada: 100,
    valorUnitarioHomologado: 20.5,
    valorTotalHomologado: 2050,
    percentualDesconto: 0,
    tipoPessoaId: "PJ",
    niFornecedor: "10000000000010",
    nomeRazaoSocialFornecedor: "Papelaria Ltda",
    porteFornecedorId: 1,
    codigoPais: "BRA",
    indicadorSubcontratacao: false,
    dataResultado: "2026-04-01",
    aplicacaoMargemPreferencia: false,
    aplicacaoBeneficioMeEpp: true,
    aplicacaoCriterioDesempate: false,
    ...over,
  });

  it("requires percentualDesconto on insertion since v2.6, for every critério", async () => {
    const path = await published({ numeroCompra: "95" });
    const { percentualDesconto: _, ...without } = result();
    const res = await call("POST", `${path}/itens/1/resultados`, without);
    expect(res.status).toBe(400);
    expect(await message(res)).toContain("percentualDesconto");
  });

  it("answers 201 with the result's Location and refuses the same supplier and order twice", async () => {
    const path = await published({ numeroCompra: "96" });
    const res = await call("POST", `${path}/itens/1/resultados`, result());
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${path}/itens/1/resultados/1`);
    expect((await call("POST", `${path}/itens/1/resultados`, result())).status).toBe(422);
    expect(
      (await call("POST", `${path}/itens/1/resultados`, result({ niFornecedor: "10000000000020" }))).status,
    ).toBe(201);
  });

  it("refuses the conditional fields missing and the codes outside their tables", async () => {
    const path = await published({ numeroCompra: "97" });
    const post = (over: Record<string, unknown>) => call("POST", `${path}/itens/1/resultados`, result(over));
    expect((await post({ aplicacaoMargemPreferencia: true })).status).toBe(422);
    expect((await post({ aplicacaoCriterioDesempate: true })).status).toBe(422);
    expect((await post({ porteFornecedorId: 6 })).status).toBe(400);
    expect((await post({ tipoPessoaId: "PX" })).status).toBe(400);
    expect((await post({ naturezaJuridicaId: 9999 })).status).toBe(422);
    expect((await post({ nomeRazaoSocialFornecedor: "n".repeat(101) })).status).toBe(400);
    expect((await post({ dataResultado: "01/04/2026" })).status).toBe(400);
  });

  it("rectifies a result with its situação and justificativa (PUT), percentualDesconto optional there", async () => {
    const path = await published({ numeroCompra: "98" });
    expect((await call("POST", `${path}/itens/1/resultados`, result())).status).toBe(201);
    const { percentualDesconto: _, ...rest } = result();
    expect((await call("PUT", `${path}/itens/1/resultados/1`, rest)).status).toBe(400);
    const cancel = { ...rest, situacaoCompraItemResultadoId: 2, justificativa: "Recurso provido" };
    expect((await call("PUT", `${path}/itens/1/resultados/1`, cancel)).status).toBe(200);
    expect((await call("PUT", `${path}/itens/1/resultados/2`, cancel)).status).toBe(404);
  });
});

describe("errors and failure injection", () => {
  it("answers errors as {timestamp, status, error, message, path} and honours failNext", async () => {
    portal.failNext(1, 503);
    const res = await insert(compra());
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: 503,
      path: `/api/pncp/v1/orgaos/${CNPJ}/compras`,
      message: expect.any(String),
    });
    expect((await insert(compra({ numeroCompra: "99" }))).status).toBe(201);
    // Calls are recorded relative to ${BASE_URL} (https://pncp.gov.br/api/pncp).
    expect(portal.calls.at(-1)).toBe(`POST /v1/orgaos/${CNPJ}/compras 201`);
  });
});
