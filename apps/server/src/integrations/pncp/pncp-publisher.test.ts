import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_PNCP_LOGIN,
  FAKE_PNCP_PASSWORD,
  type FakePncpPublishing,
  startFakePncpPublishing,
} from "../../../test/fake-pncp-publishing";
import { HttpPncpPublisher, type PncpCompra, PncpPublishError, purchaseKeyOf } from "./pncp-publisher";

// The publishing client against the local fake of the portal ("Manual de Integração PNCP" v2.3.7):
// what the fake refuses is what the portal's manual marks required, in the manual's shapes.

const CNPJ = "00394460000141";
let portal: FakePncpPublishing;
beforeAll(async () => {
  // The body's unit registered in the portal and the platform authorised for its CNPJ (6.2.6, 6.1.3).
  portal = await startFakePncpPublishing({
    units: { [CNPJ]: [{ codigoUnidade: "1", nomeUnidade: "Secretaria de Administração" }] },
    authorisedCnpjs: [CNPJ],
  });
});
afterAll(() => portal.close());

const compra = (overrides: Partial<PncpCompra> = {}): PncpCompra => ({
  codigoUnidadeCompradora: "1",
  tipoInstrumentoConvocatorioId: 1,
  modalidadeId: 6,
  modoDisputaId: 1,
  numeroCompra: "PE 1",
  anoCompra: 2026,
  numeroProcesso: "PA 1/2026",
  objetoCompra: "Cadeiras",
  srp: false,
  dataAberturaProposta: "2026-03-01T08:00:00",
  dataEncerramentoProposta: "2026-03-10T17:00:00",
  amparoLegalId: 1,
  itensCompra: [
    {
      numeroItem: 1,
      materialOuServico: "M",
      tipoBeneficioId: 4,
      incentivoProdutivoBasico: false,
      descricao: "Cadeira",
      quantidade: 10,
      unidadeMedida: "Unidade",
      valorUnitarioEstimado: 150,
      valorTotal: 1500,
      criterioJulgamentoId: 1,
      orcamentoSigiloso: false,
      itemCategoriaId: 3,
      aplicabilidadeMargemPreferenciaNormal: false,
      aplicabilidadeMargemPreferenciaAdicional: false,
      percentualMargemPreferenciaNormal: null,
      percentualMargemPreferenciaAdicional: null,
    },
  ],
  ...overrides,
});
const file = {
  title: "Edital do Pregão nº 1/2026",
  typeId: 2,
  fileName: "edital.pdf",
  mimeType: "application/pdf",
  bytes: Buffer.from("%PDF-1.4\n%%EOF\n"),
};

describe("HttpPncpPublisher (manual 6.1.4, 6.3.1, 6.3.6, 6.3.12, 6.3.15)", () => {
  it("logs in, sends the multipart contracting and reads the sequential from compraUri", async () => {
    const publisher = new HttpPncpPublisher(portal.url, {
      login: FAKE_PNCP_LOGIN,
      password: FAKE_PNCP_PASSWORD,
    });
    const answer = await publisher.createPurchase(CNPJ, compra(), file);
    expect(answer).toMatchObject({ cnpj: CNPJ, year: 2026, sequential: expect.any(Number) });
    const stored = portal.purchases.find((p) => p.sequential === answer.sequential && p.year === 2026);
    // The accented title travels percent-encoded in its Latin-1 header and is read back whole.
    expect(stored?.documents).toEqual([
      {
        title: file.title,
        typeId: 2,
        fileName: "edital.pdf",
        type: "application/pdf",
        size: file.bytes.length,
      },
    ]);
    const doc = await publisher.addDocument(answer, { ...file, title: "Termo de referência", typeId: 4 });
    expect(doc.uri).toMatch(/\/arquivos\/2$/);
    // One login for both calls: the token is kept.
    expect(portal.calls.filter((c) => c.startsWith("POST /v1/usuarios/login"))).toHaveLength(1);
  });

  it("reports the portal's refusal of a payload without a required field, naming it", async () => {
    const publisher = new HttpPncpPublisher(portal.url, {
      login: FAKE_PNCP_LOGIN,
      password: FAKE_PNCP_PASSWORD,
    });
    const error = await publisher
      .createPurchase(
        CNPJ,
        compra({ dataAberturaProposta: undefined, dataEncerramentoProposta: undefined }),
        file,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PncpPublishError);
    expect((error as PncpPublishError).status).toBe(422);
    expect((error as PncpPublishError).message).toContain("dataAberturaProposta");
  });

  it("fails the login with wrong credentials (401) and sends nothing", async () => {
    const before = portal.purchases.length;
    const publisher = new HttpPncpPublisher(portal.url, { login: FAKE_PNCP_LOGIN, password: "errada" });
    const error = await publisher.createPurchase(CNPJ, compra(), file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PncpPublishError);
    expect((error as PncpPublishError).status).toBe(401);
    expect(portal.purchases).toHaveLength(before);
  });

  it("sends Titulo-Documento as the plain title, accents in Latin-1, not percent-encoded (6.3.6 item 4)", async () => {
    const sent: string[] = [];
    const publisher = new HttpPncpPublisher(
      portal.url,
      { login: FAKE_PNCP_LOGIN, password: FAKE_PNCP_PASSWORD },
      {
        fetch: (url, init) => {
          const title = (init?.headers as Record<string, string> | undefined)?.["Titulo-Documento"];
          if (title !== undefined) sent.push(title);
          return fetch(url, init);
        },
      },
    );
    const key = await publisher.createPurchase(CNPJ, compra({ numeroCompra: "PE 4" }), file);
    await publisher.addDocument(key, { ...file, title: "Termo de referência — Anexo I" });
    expect(sent).toEqual(["Edital do Pregão nº 1/2026", "Termo de referência - Anexo I"]);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 4");
    expect(purchase?.documents.map((d) => d.title)).toEqual(sent);
  });

  it("logs in again once when the token has expired", async () => {
    const publisher = new HttpPncpPublisher(portal.url, {
      login: FAKE_PNCP_LOGIN,
      password: FAKE_PNCP_PASSWORD,
    });
    const first = await publisher.createPurchase(CNPJ, compra({ numeroCompra: "PE 2" }), file);
    const logins = () => portal.calls.filter((c) => c.startsWith("POST /v1/usuarios/login")).length;
    const before = logins();
    portal.expireTokens();
    await publisher.addDocument(first, file);
    expect(logins()).toBe(before + 1);
    expect(portal.calls.at(-3)).toMatch(/\/arquivos 401$/);
  });

  it("sends an item's result (6.3.15) and its situation (6.3.12); the portal refuses what the manual forbids", async () => {
    const publisher = new HttpPncpPublisher(portal.url, {
      login: FAKE_PNCP_LOGIN,
      password: FAKE_PNCP_PASSWORD,
    });
    const key = await publisher.createPurchase(CNPJ, compra({ numeroCompra: "PE 3" }), file);
    const result = {
      quantidadeHomologada: 10,
      valorUnitarioHomologado: 140.5,
      valorTotalHomologado: 1405,
      tipoPessoaId: "PJ" as const,
      niFornecedor: "56789012000100",
      nomeRazaoSocialFornecedor: "Souza Comércio de Informática EPP",
      porteFornecedorId: 5,
      codigoPais: "BRA",
      indicadorSubcontratacao: false,
      dataResultado: "2026-03-20",
      aplicacaoMargemPreferencia: false,
      aplicacaoBeneficioMeEpp: false,
      aplicacaoCriterioDesempate: false,
      percentualDesconto: 0,
    };
    const refused = (promise: Promise<unknown>) =>
      promise.catch((e: unknown) => (e as PncpPublishError).status);
    // No percentualDesconto (required since v2.6, "Inserir Resultado do Item" item 8): refused as
    // malformed. (The manual states no rule tying valorTotalHomologado to quantity × unit.)
    const { percentualDesconto: _percent, ...withoutPercent } = result;
    expect(await refused(publisher.addItemResult(key, 1, withoutPercent as typeof result))).toBe(400);
    expect((await publisher.addItemResult(key, 1, result)).uri).toMatch(/\/itens\/1\/resultados\/1$/);
    // One result per supplier and item.
    expect(await refused(publisher.addItemResult(key, 1, result))).toBe(422);
    await publisher.updateItem(key, 1, { situacaoCompraItemId: 5, justificativa: "Item fracassado." });
    // A situation outside §5.6 (1–5): malformed.
    expect(await refused(publisher.updateItem(key, 1, { situacaoCompraItemId: 9, justificativa: "x" }))).toBe(
      400,
    );
    expect(await refused(publisher.updateItem(key, 2, { situacaoCompraItemId: 4, justificativa: "x" }))).toBe(
      404,
    );
    const stored = portal.purchases.find((p) => p.sequential === key.sequential && p.year === key.year);
    expect(stored?.results).toEqual([{ itemNumber: 1, result }]);
    expect(stored?.itemPatches).toEqual([
      { itemNumber: 1, patch: { situacaoCompraItemId: 5, justificativa: "Item fracassado." } },
    ]);
  });

  it("gives up an unreachable portal with a message, no status", async () => {
    const publisher = new HttpPncpPublisher("http://127.0.0.1:9", { login: "x", password: "y" });
    const error = await publisher.createPurchase(CNPJ, compra(), file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PncpPublishError);
    expect((error as PncpPublishError).status).toBeUndefined();
    expect((error as PncpPublishError).message).toContain("inacessível");
  });

  it("reads the contracting's key from its address", () => {
    expect(
      purchaseKeyOf(CNPJ, "https://treina.pncp.gov.br/api/pncp/v1/orgaos/00394460000141/compras/2022/17"),
    ).toEqual({
      cnpj: CNPJ,
      year: 2022,
      sequential: 17,
    });
    expect(() => purchaseKeyOf(CNPJ, "")).toThrow(PncpPublishError);
  });
});
