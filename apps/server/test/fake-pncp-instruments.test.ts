import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_PNCP_LOGIN,
  FAKE_PNCP_PASSWORD,
  type FakePncpPublishing,
  startFakePncpPublishing,
} from "./fake-pncp-publishing";

// The fake portal's atas de registro de preços, contratos, termos de contrato and PCA against requests
// shaped as the "Manual de Integração PNCP" v2.6 shows them (pages cited by their titles; the text read
// is carlosmgi/Manual-de-Integracao-do-PNCP docs/source, with v2.3.7 where v2.6 points elsewhere). Every
// refusal in the first blocks is one the manual states; the last block pins what the manual leaves open
// and the fake had to choose:
//
// UNCONFIRMED (chosen, not stated by the manual):
//  1. Inserir Contrato: multipart with the JSON part "contrato" and the file part "documento"; the
//     document's title and type as the headers Titulo-Documento/Tipo-Documento-Id or the fields
//     tituloDocumento/tipoDocumentoId (v2.4+ lists the fields as required and "exige o upload", while
//     the page's example still posts plain JSON — refused here with 400).
//  2. Inserir Documento de uma Ata: the header "Tipo-Documento" (the page's own name, v2.3.7 and v2.6)
//     is required, Tipo-Documento-Id accepted beside it when equal (a client sends both); Titulo-Documento up to 50 characters there
//     and on the contract's and term's document pages, 255 on the insertions.
//  3. Retificar Ata (PUT/PATCH): the dates read as dataInicioVigencia/dataFimVigencia (the page's table)
//     or dataVigenciaInicio/dataVigenciaFim (the insertion's names, the answer's, the 2023 OpenAPI's);
//     both sent must agree.
//  4. The ata's parties: exactly one gerenciadora, the contratação's own CNPJ; a party twice refused; a
//     não participante only where possibilidadeAdesao is true; the gerenciadora cannot be excluded;
//     possibilidadeAdesao true → false refused on PUT as on PATCH.
//  5. Dates out of order (dataVigenciaFim before dataVigenciaInicio) refused, 422, on atas, contracts and
//     terms; no other order between dates (signature, cancelation, the plan's year) is held.
//  6. Amounts with a fifth decimal refused (400) on these pages (the portal may round instead); the
//     contract's and term's amounts and installments below zero refused (stated only for the PCA's
//     "maior ou igual a zero"), the term's valorAcrescido may be negative (a suppression).
//  7. Contract types 6, 9, 10, 11 (v2.3.7: revoked by Portaria Conjunta MGI/MF/CGU 33/2023) refused.
//  8. A contract whose contratação is not in the portal: 422 (the reference is in the body, not the URL).
//  9. Status codes where a page is silent or odd: ata insertion 201 (the table says "200 Created"), ata
//     rectification 200 with the ata, contract and term rectification 201 + Location (as their pages
//     say), term exclusion 200 (the page says "201 Created"), PCA insertion 201 (the page: "200
//     Created"), PCA items 201 with their URIs; errors in the Spring shape the contratação side uses.
// 10. PCA: unidadeFornecimento required on both insertions (the first page says "Não", the second "Sim",
//     the 2023 OpenAPI requires it); one plan per unit and year; a patched item keeps the URL's number;
//     the plan's control number sequential per CNPJ and year.

const GERENCIADORA = "10000000000003";
const PARTICIPANTE = "20000000000001";
const CARONA = "30000000000009";
const ALHEIO = "40000000000007";
const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"));

let portal: FakePncpPublishing;
const api = () => `${portal.url}/api/pncp`;
let token: string;

beforeAll(async () => {
  portal = await startFakePncpPublishing({
    units: {
      [GERENCIADORA]: [{ codigoUnidade: "1", nomeUnidade: "Secretaria de Administração" }],
      [PARTICIPANTE]: [{ codigoUnidade: "2", nomeUnidade: "Secretaria de Saúde" }],
      [CARONA]: [{ codigoUnidade: "3", nomeUnidade: "Câmara Municipal" }],
    },
    authorisedCnpjs: [GERENCIADORA, PARTICIPANTE, CARONA],
  });
  const res = await fetch(`${api()}/v1/usuarios/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: FAKE_PNCP_LOGIN, senha: FAKE_PNCP_PASSWORD }),
  });
  token = (res.headers.get("authorization") ?? "").replace(/^Bearer /, "");
});
afterAll(async () => {
  await portal.close();
});

// ---- requests ----

const pathOf = (res: Response) =>
  new URL(res.headers.get("location") as string).pathname.replace(/^\/api\/pncp/, "");

async function call(method: string, path: string, body?: unknown) {
  return fetch(`${api()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

interface Upload {
  headers?: Record<string, string>;
  jsonPart?: string;
  filePart?: string;
  fileName?: string;
}
async function multipartCall(path: string, json: unknown, upload: Upload = {}) {
  const form = new FormData();
  if (json !== undefined)
    form.append(
      upload.jsonPart ?? "contrato",
      new Blob([JSON.stringify(json)], { type: "application/json" }),
      "dados.json",
    );
  form.append(
    upload.filePart ?? "documento",
    new Blob([PDF], { type: "application/pdf" }),
    upload.fileName ?? "doc.pdf",
  );
  return fetch(`${api()}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...upload.headers },
    body: form,
  });
}

let compraNumber = 0;
/** A contratação published by the gerenciadora ("Inserir Contratação"): its path. */
async function compra(srp: boolean): Promise<string> {
  compraNumber += 1;
  const body = {
    codigoUnidadeCompradora: "1",
    tipoInstrumentoConvocatorioId: 1,
    modalidadeId: 6,
    modoDisputaId: 1,
    numeroCompra: String(compraNumber),
    anoCompra: 2026,
    numeroProcesso: `PA ${compraNumber}/2026`,
    objetoCompra: "Registro de preços de papel",
    srp,
    dataAberturaProposta: "2026-03-02T08:00:00",
    dataEncerramentoProposta: "2026-03-16T09:00:00",
    amparoLegalId: 1,
    itensCompra: [
      {
        numeroItem: 1,
        materialOuServico: "M",
        tipoBeneficioId: 4,
        incentivoProdutivoBasico: false,
        descricao: "Papel A4",
        quantidade: 100,
        unidadeMedida: "Resma",
        orcamentoSigiloso: false,
        valorUnitarioEstimado: 25,
        valorTotal: 2500,
        criterioJulgamentoId: 1,
        itemCategoriaId: 3,
        aplicabilidadeMargemPreferenciaNormal: false,
        aplicabilidadeMargemPreferenciaAdicional: false,
      },
    ],
  };
  const res = await multipartCall(`/v1/orgaos/${GERENCIADORA}/compras`, body, {
    jsonPart: "compra",
    headers: { "Titulo-Documento": "Edital", "Tipo-Documento-Id": "2" },
  });
  expect(res.status).toBe(201);
  return pathOf(res);
}

const parte = (tipoParteEnvolvidaId: number, cnpj: string, codigoUnidadeCompradora: string) => ({
  tipoParteEnvolvidaId,
  cnpj,
  codigoUnidadeCompradora,
});

const ataBody = (over: Record<string, unknown> = {}) => ({
  numeroAtaRegistroPreco: "7",
  anoAta: 2026,
  dataAssinatura: "2026-04-10",
  dataVigenciaInicio: "2026-04-11",
  dataVigenciaFim: "2027-04-10",
  possibilidadeAdesao: true,
  partesEnvolvidas: [parte(1, GERENCIADORA, "1"), parte(2, PARTICIPANTE, "2")],
  ...over,
});

const ATA_HEADERS = { "Titulo-Documento": "Ata de registro de preços nº 7/2026", "Tipo-Documento-Id": "11" };
async function insertAta(compraPath: string, body: unknown = ataBody(), upload: Upload = {}) {
  return multipartCall(`${compraPath}/atas`, body, { jsonPart: "ata", headers: ATA_HEADERS, ...upload });
}
async function ata(compraPath: string, over: Record<string, unknown> = {}): Promise<string> {
  const res = await insertAta(compraPath, ataBody(over));
  expect(res.status).toBe(201);
  return pathOf(res);
}

/** Path parts of a contratação's path: /v1/orgaos/{cnpj}/compras/{ano}/{seq}. */
const compraRef = (compraPath: string) => {
  const [, , , cnpj, , ano, seq] = compraPath.split("/");
  return { cnpjCompra: cnpj, anoCompra: Number(ano), sequencialCompra: Number(seq) };
};

const contratoBody = (compraPath: string, over: Record<string, unknown> = {}) => ({
  ...compraRef(compraPath),
  tipoContratoId: 1,
  numeroContratoEmpenho: "12",
  anoContrato: 2026,
  processo: "PA 12/2026",
  categoriaProcessoId: 2,
  receita: false,
  codigoUnidade: "1",
  niFornecedor: "10000000000010",
  tipoPessoaFornecedor: "PJ",
  nomeRazaoSocialFornecedor: "Papelaria Ltda",
  objetoContrato: "Fornecimento de papel A4",
  valorInicial: 2050.1234,
  numeroParcelas: 1,
  valorGlobal: 2050.1234,
  dataAssinatura: "2026-05-04",
  dataVigenciaInicio: "2026-05-05",
  dataVigenciaFim: "2027-05-04",
  frutoAdesao: false,
  temRemanejamento: false,
  ...over,
});
const CONTRATO_HEADERS = { "Titulo-Documento": "Contrato nº 12/2026", "Tipo-Documento-Id": "12" };
async function insertContract(cnpj: string, body: unknown, upload: Upload = {}) {
  return multipartCall(`/v1/orgaos/${cnpj}/contratos`, body, { headers: CONTRATO_HEADERS, ...upload });
}
async function contract(compraPath: string, over: Record<string, unknown> = {}, cnpj = GERENCIADORA) {
  const res = await insertContract(cnpj, contratoBody(compraPath, over));
  expect(res.status).toBe(201);
  return pathOf(res);
}

/** The ata the fake holds at a path …/compras/{ano}/{seq}/atas/{n}. */
const ataAt = (path: string) =>
  portal.atas.find(
    (a) =>
      `/v1/orgaos/${a.purchase.cnpj}/compras/${a.purchase.year}/${a.purchase.sequential}/atas/${a.sequential}` ===
      path,
  );

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

/** The refusal's status and the words its message must name. */
async function expectRefusal(res: Response | Promise<Response>, status: number, text: string) {
  const answer = await res;
  expect(answer.status).toBe(status);
  expect(await message(answer)).toContain(text);
}

// ---- the manual's rules ----

describe("Inserir Ata de Registro de Preço (v2.6; v2.3.7 6.4.1; Composição do Número de Controle)", () => {
  it("answers 201 with the ata's Location and no body; the control number is the contratação's plus the ata's 6 digits", async () => {
    const compraPath = await compra(true);
    const res = await insertAta(compraPath);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${compraPath}/atas/1`);
    expect(await res.text()).toBe("");
    const seq = Number(compraPath.split("/").at(-1));
    const control = `${GERENCIADORA}-1-${String(seq).padStart(6, "0")}/2026-000001`;
    expect(control).toMatch(/^\d{14}-1-\d{6}\/\d{4}-\d{6}$/);
    const saved = portal.atas.at(-1);
    expect(saved?.controlNumber).toBe(control);
    expect(saved?.parties).toHaveLength(2);
    expect([...(saved?.documents.values() ?? [])]).toEqual([
      {
        title: "Ata de registro de preços nº 7/2026",
        typeId: 11,
        fileName: "doc.pdf",
        type: "application/pdf",
        size: PDF.length,
      },
    ]);
    const read = (await (await fetch(`${api()}${compraPath}/atas/1`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ numeroControlePNCP: control, sequencialAta: 1, possibilidadeAdesao: true });
  });

  it("refuses an ata for a contratação that is not SRP (Fluxos … ARP: 'a ARP não deverá ser enviada') or not in the portal", async () => {
    const naoSrp = await compra(false);
    const refused = await insertAta(naoSrp);
    expect(refused.status).toBe(422);
    expect(await message(refused)).toContain("não é SRP");
    expect((await insertAta(`/v1/orgaos/${GERENCIADORA}/compras/2026/999`)).status).toBe(404);
  });

  it("refuses missing fields and impossible dates (400), and a vigência ending before it starts (422)", async () => {
    const compraPath = await compra(true);
    const { possibilidadeAdesao: _, ...semAdesao } = ataBody();
    expect((await insertAta(compraPath, semAdesao)).status).toBe(400);
    expect((await insertAta(compraPath, ataBody({ partesEnvolvidas: [] }))).status).toBe(400);
    expect((await insertAta(compraPath, ataBody({ numeroAtaRegistroPreco: "n".repeat(51) }))).status).toBe(
      400,
    );
    expect((await insertAta(compraPath, ataBody({ dataVigenciaFim: "2027-02-30" }))).status).toBe(400);
    expect((await insertAta(compraPath, ataBody({ anoAta: 26 }))).status).toBe(400);
    const fora = await insertAta(compraPath, ataBody({ dataVigenciaFim: "2026-04-01" }));
    expect(fora.status).toBe(422);
    expect(await message(fora)).toContain("dataVigenciaFim");
  });

  it("refuses the parties the manual forbids: a não participante on insertion, no gerenciadora, a unit not registered", async () => {
    const compraPath = await compra(true);
    const naoParticipante = ataBody({
      partesEnvolvidas: [parte(1, GERENCIADORA, "1"), parte(3, CARONA, "3")],
    });
    const refused = await insertAta(compraPath, naoParticipante);
    expect(refused.status).toBe(422);
    expect(await message(refused)).toContain("tipos 1 (Gerenciadora) e 2 (Participante)");
    await expectRefusal(
      insertAta(compraPath, ataBody({ partesEnvolvidas: [parte(2, PARTICIPANTE, "2")] })),
      422,
      "gerenciadora",
    );
    const semUnidade = ataBody({ partesEnvolvidas: [parte(1, GERENCIADORA, "1"), parte(2, ALHEIO, "9")] });
    await expectRefusal(
      insertAta(compraPath, semUnidade),
      422,
      `unidade 9 não cadastrada para o órgão ${ALHEIO}`,
    );
    await expectRefusal(
      insertAta(compraPath, ataBody({ partesEnvolvidas: [parte(4, GERENCIADORA, "1")] })),
      422,
      "tipo de parte envolvida 4 não existe",
    );
  });

  it("requires the parts 'ata' and 'documento', the document headers and an ata's document type", async () => {
    const compraPath = await compra(true);
    expect((await insertAta(compraPath, ataBody(), { jsonPart: "compra" })).status).toBe(400);
    expect((await insertAta(compraPath, ataBody(), { filePart: "arquivo" })).status).toBe(400);
    expect((await insertAta(compraPath, ataBody(), { headers: { "Tipo-Documento-Id": "11" } })).status).toBe(
      400,
    );
    const edital = await insertAta(compraPath, ataBody(), {
      headers: { "Titulo-Documento": "Edital", "Tipo-Documento-Id": "2" },
    });
    expect(edital.status).toBe(422);
    expect(await message(edital)).toContain("não é um documento de ata");
    expect((await insertAta(compraPath, ataBody(), { fileName: "ata.csv" })).status).toBe(422);
    const json = await fetch(`${api()}${compraPath}/atas`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...ATA_HEADERS },
      body: JSON.stringify(ataBody()),
    });
    expect(json.status).toBe(415);
  });
});

describe("Retificar, Retificar Parcialmente and Excluir Ata de Registro de Preço (v2.6; v2.3.7 6.4.2-6.4.3)", () => {
  const put = (over: Record<string, unknown> = {}) => ({
    numeroAtaRegistroPreco: "7",
    anoAta: 2026,
    dataAssinatura: "2026-04-10",
    dataInicioVigencia: "2026-04-11",
    dataFimVigencia: "2027-04-10",
    possibilidadeAdesao: true,
    justificativa: "Número corrigido",
    ...over,
  });

  it("rectifies with everything again (PUT) and answers 200 with the ata; PATCH needs only justificativa", async () => {
    const ataPath = await ata(await compra(true));
    const res = await call("PUT", ataPath, put({ numeroAtaRegistroPreco: "8" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ numeroAtaRegistroPreco: "8", dataVigenciaFim: "2027-04-10" });
    const { justificativa: _, ...semJustificativa } = put();
    expect((await call("PUT", ataPath, semJustificativa)).status).toBe(400);
    const { possibilidadeAdesao: __, ...semAdesao } = put();
    expect((await call("PUT", ataPath, semAdesao)).status).toBe(400);
    expect((await call("PATCH", ataPath, { possibilidadeAdesao: false })).status).toBe(400);
    expect(
      (await call("PATCH", ataPath, { possibilidadeAdesao: false, justificativa: "Sem adesões" })).status,
    ).toBe(200);
    expect(ataAt(ataPath)?.state).toMatchObject({ numeroAtaRegistroPreco: "8", possibilidadeAdesao: false });
    expect(ataAt(ataPath)?.rectifications).toHaveLength(2);
  });

  it("cancels only with dataCancelamento ('caso o indicador de cancelamento seja verdadeiro')", async () => {
    const ataPath = await ata(await compra(true));
    expect((await call("PATCH", ataPath, { cancelado: true, justificativa: "Cancelada" })).status).toBe(422);
    const ok = await call("PATCH", ataPath, {
      cancelado: true,
      dataCancelamento: "2026-06-01T12:00:00",
      justificativa: "Cancelada",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ cancelado: true, dataCancelamento: "2026-06-01T12:00:00" });
  });

  it("refuses possibilidadeAdesao true → false while the ata has não participantes (Retificar Parcialmente, Attention)", async () => {
    const ataPath = await ata(await compra(true));
    expect((await call("POST", `${ataPath}/partesenvolvidas`, [parte(3, CARONA, "3")])).status).toBe(201);
    const res = await call("PATCH", ataPath, { possibilidadeAdesao: false, justificativa: "Sem adesões" });
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("não participantes");
  });

  it("refuses excluding an ata with não participantes or contracts (Excluir Ata), answers 204 otherwise", async () => {
    const compraPath = await compra(true);
    const comContrato = await ata(compraPath);
    await contract(compraPath, { sequencialAta: 1 });
    const refused = await call("DELETE", comContrato, { justificativa: "Erro" });
    expect(refused.status).toBe(422);
    expect(await message(refused)).toContain("contratos vinculados");

    const comCarona = await ata(await compra(true));
    await call("POST", `${comCarona}/partesenvolvidas`, [parte(3, CARONA, "3")]);
    expect((await call("DELETE", comCarona, { justificativa: "Erro" })).status).toBe(422);

    const livre = await ata(await compra(true));
    expect((await call("DELETE", livre, {})).status).toBe(400);
    const deleted = await call("DELETE", livre, { justificativa: "Enviada em duplicidade" });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${api()}${livre}`)).status).toBe(404);
  });
});

describe("Partes envolvidas of an ata (v2.6 'Inserir/Excluir/Consultar Parte(s) Envolvida(s)', 'Fluxos … ARP')", () => {
  it("adds participants and não participantes later, lists them, and refuses a gerenciadora added later", async () => {
    const ataPath = await ata(await compra(true), { partesEnvolvidas: [parte(1, GERENCIADORA, "1")] });
    const added = await call("POST", `${ataPath}/partesenvolvidas`, [
      parte(2, PARTICIPANTE, "2"),
      parte(3, CARONA, "3"),
    ]);
    expect(added.status).toBe(201);
    const list = (await (await fetch(`${api()}${ataPath}/partesenvolvidas`)).json()) as {
      data: { tipoParteEnvolvida: { id: number }; orgao: { cnpj: string } }[];
      totalRegistros: number;
    };
    expect(list.totalRegistros).toBe(3);
    expect(list.data.map((p) => [p.tipoParteEnvolvida.id, p.orgao.cnpj])).toEqual([
      [1, GERENCIADORA],
      [2, PARTICIPANTE],
      [3, CARONA],
    ]);
    expect((await call("POST", `${ataPath}/partesenvolvidas`, [parte(1, PARTICIPANTE, "2")])).status).toBe(
      422,
    );
    expect((await call("POST", `${ataPath}/partesenvolvidas`, [parte(2, ALHEIO, "9")])).status).toBe(422);
  });

  it("refuses excluding a party that has a contract in the ata ('não poderá ser excluída caso exista contrato vinculado')", async () => {
    const compraPath = await compra(true);
    const ataPath = await ata(compraPath);
    await contract(compraPath, { sequencialAta: 1, codigoUnidade: "2" }, PARTICIPANTE);
    const linked = await call("DELETE", `${ataPath}/partesenvolvidas/${PARTICIPANTE}/2/2`, {
      justificativa: "Saiu",
    });
    expect(linked.status).toBe(422);
    await call("POST", `${ataPath}/partesenvolvidas`, [parte(3, CARONA, "3")]);
    expect(
      (await call("DELETE", `${ataPath}/partesenvolvidas/${CARONA}/3/3`, { justificativa: "Desistiu" }))
        .status,
    ).toBe(204);
    expect(
      (await call("DELETE", `${ataPath}/partesenvolvidas/${CARONA}/3/3`, { justificativa: "Desistiu" }))
        .status,
    ).toBe(404);
  });
});

describe("Documents of an ata (v2.6 'Inserir/Excluir/Consultar … Documento(s) de uma Ata'; v2.3.7 6.4.6-6.4.8)", () => {
  const upload = (ataPath: string, headers: Record<string, string>, part = "arquivo") => {
    const form = new FormData();
    form.append(part, new Blob([PDF], { type: "application/pdf" }), "ata-assinada.pdf");
    return fetch(`${api()}${ataPath}/arquivos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: form,
    });
  };

  it("inserts with Titulo-Documento (up to 50) and Tipo-Documento, lists and excludes (204)", async () => {
    const ataPath = await ata(await compra(true));
    const res = await upload(ataPath, { "Titulo-Documento": "Ata assinada", "Tipo-Documento": "11" });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${ataPath}/arquivos/2`);
    const list = (await (await fetch(`${api()}${ataPath}/arquivos`)).json()) as {
      sequencialDocumento: number;
      tipoDocumentoId: number;
      titulo: string;
    }[];
    expect(list.map((d) => [d.sequencialDocumento, d.tipoDocumentoId, d.titulo])).toEqual([
      [1, 11, "Ata de registro de preços nº 7/2026"],
      [2, 11, "Ata assinada"],
    ]);
    expect((await call("DELETE", `${ataPath}/arquivos/2`, { justificativa: "Versão errada" })).status).toBe(
      204,
    );
    expect((await call("DELETE", `${ataPath}/arquivos/2`, { justificativa: "Versão errada" })).status).toBe(
      404,
    );
  });

  it("refuses a title over 50 characters, a missing type header, a contract's type and a part not named 'arquivo'", async () => {
    const ataPath = await ata(await compra(true));
    expect(
      (await upload(ataPath, { "Titulo-Documento": "t".repeat(51), "Tipo-Documento": "11" })).status,
    ).toBe(400);
    expect((await upload(ataPath, { "Titulo-Documento": "Ata" })).status).toBe(400);
    expect((await upload(ataPath, { "Titulo-Documento": "Ata", "Tipo-Documento": "12" })).status).toBe(422);
    expect(
      (await upload(ataPath, { "Titulo-Documento": "Ata", "Tipo-Documento": "11" }, "documento")).status,
    ).toBe(400);
  });
});

describe("Inserir Contratos/Empenhos (v2.6; v2.3.7 6.4.1-6.5.1, 5.20; 'Fluxos … ARP')", () => {
  it("answers 201 with Location …/contratos/{anoContrato}/{sequencial}; the control number is CNPJ-2-sequencial/ano", async () => {
    const compraPath = await compra(false);
    const res = await insertContract(
      GERENCIADORA,
      contratoBody(compraPath, { numeroContratoEmpenho: "100" }),
    );
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("");
    const location = res.headers.get("location") as string;
    expect(location).toMatch(new RegExp(`/v1/orgaos/${GERENCIADORA}/contratos/2026/\\d+$`));
    const saved = portal.contracts.find((c) => c.state.numeroContratoEmpenho === "100");
    expect(saved?.controlNumber).toBe(`${GERENCIADORA}-2-${String(saved?.sequential).padStart(6, "0")}/2026`);
    expect(saved?.documents.size).toBe(1);
    const read = (await (await fetch(location)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ numeroControlePNCP: saved?.controlNumber, numeroControlePncpAta: null });
  });

  it("requires the document since v2.4 ('O sistema exige o upload de um arquivo anexo ao contrato enviado')", async () => {
    const compraPath = await compra(false);
    const json = await call("POST", `/v1/orgaos/${GERENCIADORA}/contratos`, contratoBody(compraPath));
    expect(json.status).toBe(400);
    expect(await message(json)).toContain("upload");
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath), { headers: {} })).status).toBe(400);
    expect(
      (await insertContract(GERENCIADORA, contratoBody(compraPath), { filePart: "arquivo" })).status,
    ).toBe(400);
    const edital = await insertContract(GERENCIADORA, contratoBody(compraPath), {
      headers: { "Titulo-Documento": "Edital", "Tipo-Documento-Id": "2" },
    });
    expect(edital.status).toBe(422);
  });

  it("refuses missing fields, sizes past the manual's, codes outside the tables and a unit not registered", async () => {
    const compraPath = await compra(false);
    const post = (over: Record<string, unknown>) =>
      insertContract(GERENCIADORA, contratoBody(compraPath, over));
    const { objetoContrato: _, ...semObjeto } = contratoBody(compraPath);
    expect((await insertContract(GERENCIADORA, semObjeto)).status).toBe(400);
    const { frutoAdesao: __, ...semFruto } = contratoBody(compraPath);
    expect((await insertContract(GERENCIADORA, semFruto)).status).toBe(400);
    expect((await post({ nomeRazaoSocialFornecedor: "n".repeat(101) })).status).toBe(400);
    expect((await post({ numeroContratoEmpenho: "9".repeat(51) })).status).toBe(400);
    expect((await post({ tipoPessoaFornecedor: "PX" })).status).toBe(400);
    expect((await post({ receita: "false" })).status).toBe(400);
    expect((await post({ dataAssinatura: "04/05/2026" })).status).toBe(400);
    expect((await post({ tipoContratoId: 99 })).status).toBe(422);
    expect((await post({ categoriaProcessoId: 12 })).status).toBe(422);
    const unidade = await post({ codigoUnidade: "77" });
    expect(unidade.status).toBe(422);
    expect(await message(unidade)).toContain("não cadastrada");
    expect((await insertContract(ALHEIO, contratoBody(compraPath))).status).toBe(422);
  });

  it("requires dataVigenciaFim except for type 1 ('opcional apenas para contrato do tipo igual a 1')", async () => {
    const compraPath = await compra(false);
    const semFim = { dataVigenciaFim: null };
    await expectRefusal(
      insertContract(GERENCIADORA, contratoBody(compraPath, { ...semFim, tipoContratoId: 8 })),
      422,
      "dataVigenciaFim é obrigatória",
    );
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath, semFim))).status).toBe(201);
  });

  it("refuses sequencialAta and frutoAdesao on a contratação that is not SRP ('o campo deve ser suprimido')", async () => {
    const compraPath = await compra(false);
    const comAta = await insertContract(GERENCIADORA, contratoBody(compraPath, { sequencialAta: 1 }));
    expect(comAta.status).toBe(422);
    expect(await message(comAta)).toContain("suprima");
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath, { frutoAdesao: true }))).status).toBe(
      422,
    );
  });

  it("refuses a contract of an SRP contratação without an ata in the portal (v2.3.7 5.20) and without sequencialAta", async () => {
    const compraPath = await compra(true);
    const semAta = await insertContract(GERENCIADORA, contratoBody(compraPath, { sequencialAta: 1 }));
    expect(semAta.status).toBe(422);
    expect(await message(semAta)).toContain("sem ata de registro de preço publicada");
    await ata(compraPath);
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath))).status).toBe(422);
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath, { sequencialAta: 2 }))).status).toBe(
      422,
    );
    expect((await insertContract(GERENCIADORA, contratoBody(compraPath, { sequencialAta: 1 }))).status).toBe(
      201,
    );
  });

  it("takes a contract only from a party of the ata: the gerenciadora and participants with frutoAdesao false, a não participante with true", async () => {
    const compraPath = await compra(true);
    const ataPath = await ata(compraPath);
    const fromAta = { sequencialAta: 1 };
    // Participante (tipo 2), its own CNPJ and unit.
    expect(
      (await insertContract(PARTICIPANTE, contratoBody(compraPath, { ...fromAta, codigoUnidade: "2" })))
        .status,
    ).toBe(201);
    // The carona before it is a party of the ata.
    const carona = contratoBody(compraPath, { ...fromAta, codigoUnidade: "3", frutoAdesao: true });
    const antes = await insertContract(CARONA, carona);
    expect(antes.status).toBe(422);
    expect(await message(antes)).toContain("não é parte envolvida");
    expect((await call("POST", `${ataPath}/partesenvolvidas`, [parte(3, CARONA, "3")])).status).toBe(201);
    // As não participante: frutoAdesao must be true.
    await expectRefusal(
      insertContract(CARONA, { ...carona, frutoAdesao: false }),
      422,
      "informe frutoAdesao true",
    );
    const depois = await insertContract(CARONA, carona);
    expect(depois.status).toBe(201);
    const control = ataAt(ataPath)?.controlNumber;
    expect(portal.contracts.find((c) => c.cnpj === CARONA)?.ata?.controlNumber).toBe(control);
    const read = (await (await fetch(depois.headers.get("location") as string)).json()) as Record<
      string,
      unknown
    >;
    expect(read).toMatchObject({ numeroControlePncpAta: control, frutoAdesao: true });
    // A participant claiming an adhesion.
    expect(
      (
        await insertContract(
          PARTICIPANTE,
          contratoBody(compraPath, { ...fromAta, codigoUnidade: "2", frutoAdesao: true }),
        )
      ).status,
    ).toBe(422);
    const listed = (await (await fetch(`${api()}${ataPath}/contratos`)).json()) as {
      data: { frutoAdesao: boolean }[];
    };
    expect(listed.data.map((c) => c.frutoAdesao)).toEqual([false, true]);
  });

  it("refuses an adhesion to an ata that does not admit it (possibilidadeAdesao false: no não participante, no carona contract)", async () => {
    const compraPath = await compra(true);
    const ataPath = await ata(compraPath, { possibilidadeAdesao: false });
    await expectRefusal(
      call("POST", `${ataPath}/partesenvolvidas`, [parte(3, CARONA, "3")]),
      422,
      "não permite adesão",
    );
    const carona = contratoBody(compraPath, { sequencialAta: 1, codigoUnidade: "3", frutoAdesao: true });
    await expectRefusal(insertContract(CARONA, carona), 422, "não é parte envolvida");
  });
});

describe("Retificar, Retificar Parcialmente and Excluir Contrato/Empenho; its documents (v2.6; v2.3.7 6.5.2-6.5.5)", () => {
  const putBody = (compraPath: string, over: Record<string, unknown> = {}) => {
    const { anoContrato: _, ...rest } = contratoBody(compraPath);
    return { ...rest, justificativa: "Valor corrigido", ...over };
  };

  it("rectifies with everything again (PUT) or some fields (PATCH), 201 with the contract's Location", async () => {
    const compraPath = await compra(false);
    const path = await contract(compraPath);
    const res = await call("PUT", path, putBody(compraPath, { valorGlobal: 3000 }));
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${path}`);
    const { justificativa: _, ...semJustificativa } = putBody(compraPath);
    expect((await call("PUT", path, semJustificativa)).status).toBe(400);
    expect((await call("PATCH", path, { justificativa: "Nada" })).status).toBe(400);
    expect((await call("PATCH", path, { valorGlobal: 3500, justificativa: "Reajuste" })).status).toBe(201);
    expect((await call("PATCH", path, { tipoContratoId: 99, justificativa: "Tipo" })).status).toBe(422);
    const read = (await (await fetch(`${api()}${path}`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ valorGlobal: 3500, numeroRetificacao: 2 });
  });

  it("holds the SRP rules on rectification too ('inclusão ou retificação') and the sub-rogação's unit", async () => {
    const compraPath = await compra(false);
    const path = await contract(compraPath);
    expect((await call("PATCH", path, { sequencialAta: 1, justificativa: "Ata" })).status).toBe(422);
    expect(
      (await call("PATCH", path, { cnpjOrgaoSubRogado: PARTICIPANTE, justificativa: "Sub-rogado" })).status,
    ).toBe(422);
  });

  it("refuses excluding a contract with an active term ('Não será possível excluir o Contrato com Termo ativo')", async () => {
    const compraPath = await compra(false);
    const path = await contract(compraPath);
    expect((await call("POST", `${path}/termos`, termoBody())).status).toBe(201);
    expect((await call("DELETE", path, { justificativa: "Erro" })).status).toBe(422);
    expect((await call("DELETE", `${path}/termos/1`, { justificativa: "Erro" })).status).toBe(200);
    expect((await call("DELETE", path, { justificativa: "Erro" })).status).toBe(200);
    expect((await fetch(`${api()}${path}`)).status).toBe(404);
  });

  it("takes the contract's documents (Titulo-Documento up to 50, a contract's types), lists and excludes them", async () => {
    const path = await contract(await compra(false));
    const upload = (headers: Record<string, string>) => {
      const form = new FormData();
      form.append("arquivo", new Blob([PDF], { type: "application/pdf" }), "empenho.pdf");
      return fetch(`${api()}${path}/arquivos`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...headers },
        body: form,
      });
    };
    const res = await upload({ "Titulo-Documento": "Nota de empenho", "Tipo-Documento-Id": "17" });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${path}/arquivos/2`);
    expect((await upload({ "Titulo-Documento": "t".repeat(51), "Tipo-Documento-Id": "17" })).status).toBe(
      400,
    );
    expect((await upload({ "Titulo-Documento": "Ata", "Tipo-Documento-Id": "11" })).status).toBe(422);
    const list = (await (await fetch(`${api()}${path}/arquivos`)).json()) as { tipoDocumentoNome: string }[];
    expect(list.map((d) => d.tipoDocumentoNome)).toEqual(["Contrato", "Nota de Empenho"]);
    expect((await call("DELETE", `${path}/arquivos/2`, { justificativa: "Duplicado" })).status).toBe(200);
  });
});

const termoBody = (over: Record<string, unknown> = {}) => ({
  tipoTermoContratoId: 2,
  numeroTermoContrato: "1",
  objetoTermoContrato: "Primeiro termo aditivo: acréscimo de 25 %",
  dataAssinatura: "2026-08-01",
  qualificacaoAcrescimoSupressao: true,
  qualificacaoVigencia: false,
  qualificacaoFornecedor: false,
  qualificacaoReajuste: false,
  qualificacaoInformativo: false,
  fundamentoLegal: "Lei 14.133/2021, art. 125",
  valorAcrescido: 512.5309,
  valorGlobal: 2562.6543,
  ...over,
});

describe("Termos de contrato (v2.6 'Inserir/Retificar/Excluir Termo de Contrato', its documents; v2.3.7 6.6)", () => {
  it("inserts a term (201, Location …/termos/{sequencial}), rectifies it (PUT) and lists it", async () => {
    const path = await contract(await compra(false));
    const res = await call("POST", `${path}/termos`, termoBody());
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${path}/termos/1`);
    expect((await call("PUT", `${path}/termos/1`, termoBody())).status).toBe(400);
    const put = await call(
      "PUT",
      `${path}/termos/1`,
      termoBody({ valorAcrescido: 500, justificativa: "Valor" }),
    );
    expect(put.status).toBe(201);
    const list = (await (await fetch(`${api()}${path}/termos`)).json()) as {
      sequencialTermoContrato: number;
      valorAcrescido: number;
    }[];
    expect(list).toMatchObject([{ sequencialTermoContrato: 1, valorAcrescido: 500 }]);
  });

  it("refuses a type outside the table, a missing qualificação, 5 decimals, a vigência out of order and an unknown contract", async () => {
    const path = await contract(await compra(false));
    await expectRefusal(
      call("POST", `${path}/termos`, termoBody({ tipoTermoContratoId: 4 })),
      422,
      "Tipo de termo de contrato 4 não existe",
    );
    const { qualificacaoReajuste: _, ...semReajuste } = termoBody();
    expect((await call("POST", `${path}/termos`, semReajuste)).status).toBe(400);
    expect((await call("POST", `${path}/termos`, termoBody({ valorAcrescido: 1.23456 }))).status).toBe(400);
    expect((await call("POST", `${path}/termos`, termoBody({ numeroTermoContrato: "" }))).status).toBe(400);
    const fora = termoBody({ dataVigenciaInicio: "2027-05-05", dataVigenciaFim: "2027-01-01" });
    expect((await call("POST", `${path}/termos`, fora)).status).toBe(422);
    expect(
      (await call("POST", `/v1/orgaos/${GERENCIADORA}/contratos/2026/999/termos`, termoBody())).status,
    ).toBe(404);
  });

  it("takes a suppression as a negative valorAcrescido ('Valor acrescido ou suprimido')", async () => {
    const path = await contract(await compra(false));
    expect((await call("POST", `${path}/termos`, termoBody({ valorAcrescido: -100 }))).status).toBe(201);
  });

  it("takes the term's documents (a term's types: 13-16) and excludes them", async () => {
    const path = await contract(await compra(false));
    await call("POST", `${path}/termos`, termoBody());
    const upload = (typeId: string) => {
      const form = new FormData();
      form.append("arquivo", new Blob([PDF], { type: "application/pdf" }), "aditivo.pdf");
      return fetch(`${api()}${path}/termos/1/arquivos`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "Titulo-Documento": "Termo aditivo 1",
          "Tipo-Documento-Id": typeId,
        },
        body: form,
      });
    };
    const res = await upload("14");
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${api()}${path}/termos/1/arquivos/1`);
    expect((await upload("12")).status).toBe(422);
    expect((await (await fetch(`${api()}${path}/termos/1/arquivos`)).json()) as unknown[]).toHaveLength(1);
    expect((await call("DELETE", `${path}/termos/1/arquivos/1`, { justificativa: "Errado" })).status).toBe(
      200,
    );
  });
});

const pcaItem = (over: Record<string, unknown> = {}) => ({
  numeroItem: 1,
  categoriaItemPca: 1,
  catalogo: 1,
  classificacaoCatalogo: 1,
  classificacaoSuperiorCodigo: "7510",
  classificacaoSuperiorNome: "Artigos para escritório",
  codigoItem: "468205",
  descricao: "Apontador de lápis",
  unidadeFornecimento: "Caixa 100 unidades",
  quantidade: 500,
  valorUnitario: 50,
  valorTotal: 25000,
  valorOrcamentoExercicio: 25000,
  dataDesejada: "2026-05-15",
  unidadeRequisitante: "Departamento Administrativo",
  ...over,
});

describe("Plano de Contratações Anual (v2.6 'Inserir Plano de Contratações', its items; v2.3.7 6.7)", () => {
  let plano = 2026;
  /** Each plan in its own year: one plan per unit and year (UNCONFIRMED choice 10). */
  const insertPlan = (over: Record<string, unknown> = {}, cnpj = GERENCIADORA) => {
    plano += 1;
    return call("POST", `/v1/orgaos/${cnpj}/pca`, {
      codigoUnidade: "1",
      anoPca: plano,
      itensPlano: [pcaItem(), pcaItem({ numeroItem: 2, categoriaItemPca: 2, classificacaoCatalogo: 2 })],
      ...over,
    });
  };

  it("answers 201 with Location …/pca/{ano}/{sequencial}; the control number is CNPJ-0-sequencial/ano", async () => {
    const res = await insertPlan();
    expect(res.status).toBe(201);
    const path = pathOf(res);
    expect(path).toBe(`/v1/orgaos/${GERENCIADORA}/pca/${plano}/1`);
    const consolidado = (await (await fetch(`${api()}${path}/consolidado`)).json()) as Record<
      string,
      unknown
    >;
    expect(consolidado).toMatchObject({
      numeroControlePNCP: `${GERENCIADORA}-0-000001/${plano}`,
      codigoUnidade: "1",
      quantidade: 2,
      valorTotal: 50000,
    });
    const itens = (await (await fetch(`${api()}${path}/itens?categoria=2`)).json()) as Record<
      string,
      unknown
    >[];
    expect(itens).toMatchObject([{ numeroItem: 2, categoriaItemPcaId: 2, categoriaItemPcaNome: "Serviço" }]);
  });

  it("takes codes as numeric strings, as the page's example sends them", async () => {
    const item = pcaItem({ categoriaItemPca: "1", catalogo: "1", classificacaoCatalogo: "1" });
    expect((await insertPlan({ itensPlano: [item] })).status).toBe(201);
  });

  it("refuses no items and more than 1000 ('pelo menos um item … máximo de 1000 itens'), numbers not unique and increasing", async () => {
    expect((await insertPlan({ itensPlano: [] })).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => pcaItem({ numeroItem: i + 1 }));
    expect((await insertPlan({ itensPlano: many })).status).toBe(400);
    expect((await insertPlan({ itensPlano: [pcaItem(), pcaItem()] })).status).toBe(422);
  });

  it("refuses codes outside 'Categoria de Item', 'Catálogos' and classificacaoCatalogo 1-2, and values below zero", async () => {
    await expectRefusal(
      insertPlan({ itensPlano: [pcaItem({ categoriaItemPca: 9 })] }),
      422,
      "categoria do item 9",
    );
    await expectRefusal(insertPlan({ itensPlano: [pcaItem({ catalogo: 3 })] }), 422, "catálogo 3 não existe");
    await expectRefusal(
      insertPlan({ itensPlano: [pcaItem({ classificacaoCatalogo: 3 })] }),
      422,
      "classificação do catálogo 3",
    );
    expect((await insertPlan({ itensPlano: [pcaItem({ quantidade: -1 })] })).status).toBe(400);
    expect((await insertPlan({ itensPlano: [pcaItem({ valorOrcamentoExercicio: 1e13 })] })).status).toBe(400);
    const { dataDesejada: _, ...semData } = pcaItem();
    expect((await insertPlan({ itensPlano: [semData] })).status).toBe(400);
    const { classificacaoSuperiorCodigo: __, ...semClasse } = pcaItem();
    expect((await insertPlan({ itensPlano: [semClasse] })).status).toBe(400);
    expect((await insertPlan({ itensPlano: [pcaItem({ descricao: "d".repeat(2049) })] })).status).toBe(400);
  });

  it("refuses a unit not registered for the órgão ('Unidade deverá estar cadastrada para o órgão')", async () => {
    const res = await insertPlan({ codigoUnidade: "99" });
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("não cadastrada");
  });

  it("inserts items (201 with their URIs), patches one or many (justificativa required), excludes one or many", async () => {
    const path = pathOf(await insertPlan());
    expect((await call("POST", `${path}/itens`, [pcaItem({ numeroItem: 2 })])).status).toBe(422);
    const added = await call("POST", `${path}/itens`, [
      pcaItem({ numeroItem: 3 }),
      pcaItem({ numeroItem: 4 }),
    ]);
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual([`${api()}${path}/itens/3`, `${api()}${path}/itens/4`]);

    expect((await call("PATCH", `${path}/itens/1`, { quantidade: 600 })).status).toBe(400);
    expect(
      (await call("PATCH", `${path}/itens/1`, { categoriaItemPca: 9, justificativa: "Categoria" })).status,
    ).toBe(422);
    expect(
      (await call("PATCH", `${path}/itens/1`, { quantidade: 600, justificativa: "Demanda" })).status,
    ).toBe(200);
    expect((await call("PATCH", `${path}/itens/9`, { quantidade: 1, justificativa: "x" })).status).toBe(404);
    const lista = {
      lista: [
        { numeroItem: 3, valorUnitario: 40 },
        { numeroItem: 4, dataDesejada: "2026-09-01" },
      ],
    };
    expect((await call("PATCH", `${path}/itens`, lista)).status).toBe(400);
    expect((await call("PATCH", `${path}/itens`, { ...lista, justificativa: "Preços" })).status).toBe(200);
    const plan = portal.plans.find((p) => `/v1/orgaos/${p.cnpj}/pca/${p.year}/${p.sequential}` === path);
    expect(plan?.items.get(1)?.quantidade).toBe(600);
    expect(plan?.items.get(3)?.valorUnitario).toBe(40);

    expect((await call("DELETE", `${path}/itens/4`, { justificativa: "Desistência" })).status).toBe(200);
    expect(
      (await call("DELETE", `${path}/itens`, { listaNumerosItens: [1, 9], justificativa: "x" })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `${path}/itens`, { listaNumerosItens: [1, 1], justificativa: "x" })).status,
    ).toBe(400);
    expect(
      (await call("DELETE", `${path}/itens`, { listaNumerosItens: [1, 3], justificativa: "Revisão" })).status,
    ).toBe(200);
    expect([...(plan?.items.keys() ?? [])]).toEqual([2]);
  });

  it("excludes the plan (justificativa; 200), after which it is not found", async () => {
    const path = pathOf(await insertPlan());
    expect((await call("DELETE", path, {})).status).toBe(400);
    expect((await call("DELETE", path, { justificativa: "Plano refeito" })).status).toBe(200);
    expect((await fetch(`${api()}${path}/consolidado`)).status).toBe(404);
  });

  it("requires the token (401) and the platform's authorisation for the CNPJ (422)", async () => {
    const anonymous = await fetch(`${api()}/v1/orgaos/${GERENCIADORA}/pca`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ codigoUnidade: "1", anoPca: 2026, itensPlano: [pcaItem()] }),
    });
    expect(anonymous.status).toBe(401);
    expect((await insertPlan({}, ALHEIO)).status).toBe(422);
  });
});

describe("domain tables of these instruments (v2.6 'Consultar Tipos de Contrato', 'Consultar Categorias de Item', 'Consultar Catálogos')", () => {
  it("serves the contract types with the revoked ones inactive, the item categories and the catalogues", async () => {
    const tipos = (await (await fetch(`${api()}/v1/tipos-contratos?statusAtivo=true`)).json()) as {
      id: number;
    }[];
    expect(tipos.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 7, 8, 12]);
    expect(await (await fetch(`${api()}/v1/tipos-contratos/6`)).json()).toMatchObject({
      nome: "Convênio",
      statusAtivo: false,
    });
    expect(await (await fetch(`${api()}/v1/categoriaItemPcas/8`)).json()).toMatchObject({
      nome: "Obras e Serviços de Engenharia",
    });
    expect(await (await fetch(`${api()}/v1/catalogos/1`)).json()).toMatchObject({ nome: "CNBS" });
    expect((await fetch(`${api()}/v1/catalogos/3`)).status).toBe(404);
  });
});

// ---- what the manual leaves open (see UNCONFIRMED at the top) ----

describe("UNCONFIRMED choices, pinned", () => {
  it("1: the contract's title and type may come as fields instead of headers; both sent must agree", async () => {
    const compraPath = await compra(false);
    const fields = contratoBody(compraPath, { tituloDocumento: "Contrato nº 12/2026", tipoDocumentoId: 12 });
    expect((await insertContract(GERENCIADORA, fields, { headers: {} })).status).toBe(201);
    expect((await insertContract(GERENCIADORA, { ...fields, tipoDocumentoId: 17 })).status).toBe(400);
    expect((await insertContract(GERENCIADORA, fields)).status).toBe(201);
  });

  it("2: the ata's document insertion reads Tipo-Documento, and Tipo-Documento-Id beside it must agree", async () => {
    const ataPath = await ata(await compra(true));
    const upload = (headers: Record<string, string>) => {
      const form = new FormData();
      form.append("arquivo", new Blob([PDF], { type: "application/pdf" }), "ata.pdf");
      return fetch(`${api()}${ataPath}/arquivos`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "Titulo-Documento": "Ata", ...headers },
        body: form,
      });
    };
    expect((await upload({ "Tipo-Documento": "11", "Tipo-Documento-Id": "11" })).status).toBe(201);
    expect((await upload({ "Tipo-Documento": "11", "Tipo-Documento-Id": "16" })).status).toBe(400);
    expect((await upload({ "Tipo-Documento-Id": "11" })).status).toBe(400);
  });

  it("3: the ata's rectification reads either name of the vigência's dates; different values refused", async () => {
    const ataPath = await ata(await compra(true));
    const base = {
      numeroAtaRegistroPreco: "7",
      anoAta: 2026,
      dataAssinatura: "2026-04-10",
      possibilidadeAdesao: true,
      justificativa: "Datas",
    };
    const insercao = { ...base, dataVigenciaInicio: "2026-04-12", dataVigenciaFim: "2027-04-11" };
    expect((await call("PUT", ataPath, insercao)).status).toBe(200);
    const ambos = { ...insercao, dataInicioVigencia: "2026-04-12", dataFimVigencia: "2027-04-11" };
    expect((await call("PUT", ataPath, ambos)).status).toBe(200);
    expect((await call("PUT", ataPath, { ...ambos, dataFimVigencia: "2027-04-12" })).status).toBe(400);
    expect((await call("PUT", ataPath, base)).status).toBe(400);
  });

  it("4: one gerenciadora, the contratação's own CNPJ; a party twice; the gerenciadora not excluded", async () => {
    const compraPath = await compra(true);
    const duas = ataBody({ partesEnvolvidas: [parte(1, GERENCIADORA, "1"), parte(1, GERENCIADORA, "1")] });
    await expectRefusal(insertAta(compraPath, duas), 422, "parte envolvida repetida");
    expect(
      (await insertAta(compraPath, ataBody({ partesEnvolvidas: [parte(1, PARTICIPANTE, "2")] }))).status,
    ).toBe(422);
    const ataPath = await ata(compraPath);
    expect((await call("POST", `${ataPath}/partesenvolvidas`, [parte(2, PARTICIPANTE, "2")])).status).toBe(
      422,
    );
    expect(
      (await call("DELETE", `${ataPath}/partesenvolvidas/${GERENCIADORA}/1/1`, { justificativa: "x" }))
        .status,
    ).toBe(422);
  });

  it("5-7: dates out of order, a fifth decimal and a revoked contract type refused", async () => {
    const compraPath = await compra(false);
    const post = (over: Record<string, unknown>) =>
      insertContract(GERENCIADORA, contratoBody(compraPath, over));
    expect((await post({ dataVigenciaFim: "2026-05-01" })).status).toBe(422);
    await expectRefusal(
      post({ valorGlobal: 2050.12345 }),
      400,
      "valorGlobal: precisão máxima de 4 dígitos decimais",
    );
    await expectRefusal(post({ tipoContratoId: 6 }), 422, "revogado");
  });

  it("8: a contract for a contratação that is not in the portal is 422", async () => {
    const compraPath = await compra(false);
    const res = await insertContract(GERENCIADORA, contratoBody(compraPath, { sequencialCompra: 999 }));
    expect(res.status).toBe(422);
    expect(await message(res)).toContain("não encontrada no PNCP");
  });

  it("10: one plan per unit and year; a patched item keeps the URL's number", async () => {
    const body = { codigoUnidade: "2", anoPca: 2040, itensPlano: [pcaItem()] };
    const first = await call("POST", `/v1/orgaos/${PARTICIPANTE}/pca`, body);
    expect(first.status).toBe(201);
    await expectRefusal(
      call("POST", `/v1/orgaos/${PARTICIPANTE}/pca`, body),
      422,
      "já tem plano de contratações",
    );
    const path = pathOf(first);
    expect((await call("PATCH", `${path}/itens/1`, { numeroItem: 2, justificativa: "x" })).status).toBe(400);
  });
});
