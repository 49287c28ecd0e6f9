import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import {
  CATALOGOS,
  CATEGORIAS_ITEM_PCA,
  CATEGORIAS_PROCESSO,
  CLASSIFICACOES_CATALOGO,
  type DomainEntry,
  GERENCIADORA,
  NAO_PARTICIPANTE,
  TIPO_CONTRATO_TERMO_INICIAL,
  TIPOS_CONTRATO,
  TIPOS_DOCUMENTO,
  TIPOS_DOCUMENTO_ATA,
  TIPOS_DOCUMENTO_CONTRATO,
  TIPOS_DOCUMENTO_TERMO,
  TIPOS_PARTE_ENVOLVIDA,
  TIPOS_TERMO_CONTRATO,
} from "./fake-pncp-domain";
import type { FakeDocument, FakePurchase, FakeUnit } from "./fake-pncp-publishing";
import {
  ano,
  booleano,
  checkDocumentHeaders,
  cnpj as cnpjField,
  type DocumentRules,
  data,
  dataHora,
  decimal4,
  filePart,
  inteiro,
  json,
  jsonPart,
  justificativaSchema,
  multipart,
  notFound,
  PortalError,
  parse,
  refuse,
  texto,
  textoOpcional,
  tipoPessoa,
  valor4,
} from "./fake-pncp-shared";

// The fake portal's atas de registro de preços, contratos, termos de contrato and Plano de Contratações
// Anual, written from the "Manual de Integração PNCP" v2.6 (the Read-the-Docs text of
// carlosmgi/Manual-de-Integracao-do-PNCP, docs/source/ata_de_registro_de_preco, contrato_empenho,
// contrato_empenho/termo_de_contrato, plano_de_contratacao, tabelas_de_dominio, recomendacoes_iniciais),
// with v2.3.7 (6.4-6.7, 4.3, 5.9-5.12, 5.20) where v2.6 points elsewhere, and NOT from any client. Pages
// are cited by their v2.6 titles. What the manual leaves open and is chosen here is marked UNCONFIRMED
// and listed in fake-pncp-instruments.test.ts.

type Body = Record<string, unknown>;

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  m: RegExpExecArray,
  raw: Buffer,
  query: URLSearchParams,
) => Promise<void> | void;

/** What fake-pncp-publishing.ts lends the instruments' routes. */
export interface InstrumentContext {
  route(method: string, pattern: string, handler: Handler): void;
  send(res: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void;
  authorise(req: IncomingMessage): void;
  orgaoFor(cnpj: string): void;
  /** The contratação as the portal holds it; undefined when unknown or excluded. */
  purchase(cnpj: string, year: number, sequential: number): FakePurchase | undefined;
  units: Map<string, FakeUnit[]>;
  /** ${BASE_URL}: the host's /api/pncp. */
  base(): string;
}

export interface FakeParty {
  tipoParteEnvolvidaId: number;
  cnpj: string;
  codigoUnidadeCompradora: string;
}

interface Documented {
  /** Active documents by their sequential number (excluded ones removed). */
  documents: Map<number, FakeDocument>;
  documentSequence: number;
}

export interface FakeAtaState {
  numeroAtaRegistroPreco: string;
  anoAta: number;
  dataAssinatura: string;
  dataVigenciaInicio: string;
  dataVigenciaFim: string;
  possibilidadeAdesao: boolean;
  cancelado: boolean;
  dataCancelamento: string | null;
}

export interface FakeAta extends Documented {
  purchase: FakePurchase;
  sequential: number;
  /** "Número de Controle da Ata": the contratação's, "-", the ata's 6 digits. */
  controlNumber: string;
  /** The "ata" part as sent. */
  ata: Body;
  /** The ata after its rectifications. */
  state: FakeAtaState;
  parties: FakeParty[];
  /** "Retificar" (PUT) and "Retificar Parcialmente" (PATCH), as sent. */
  rectifications: Body[];
  deletion: string | null;
}

export interface FakeTerm extends Documented {
  sequential: number;
  termo: Body;
  state: TermoState;
  rectifications: Body[];
  deletion: string | null;
}

export interface FakeContract extends Documented {
  cnpj: string;
  year: number;
  sequential: number;
  /** "Número de Controle do Contrato": CNPJ-2-sequencial/ano. */
  controlNumber: string;
  /** The "contrato" part as sent. */
  contrato: Body;
  /** The contract after its rectifications. */
  state: ContratoState;
  /** The ata it came from (SRP), when any. */
  ata: FakeAta | null;
  rectifications: Body[];
  terms: FakeTerm[];
  deletion: string | null;
}

export interface FakePlan {
  cnpj: string;
  year: number;
  sequential: number;
  /** "Número de Controle do PCA": CNPJ-0-sequencial/ano. */
  controlNumber: string;
  codigoUnidade: string;
  /** The body of "Inserir Plano de Contratações" as sent. */
  plano: Body;
  /** The plan's items now, by number (insertions, rectifications and exclusions applied). */
  items: Map<number, PcaItem>;
  /** "Retificar Parcialmente Item(ns)", as sent, with the item's number. */
  itemRectifications: { itemNumber: number; patch: Body }[];
  deletion: string | null;
}

export interface FakeInstruments {
  atas: FakeAta[];
  contracts: FakeContract[];
  plans: FakePlan[];
}

// ---- field types of these pages ----

const pos = inteiro.pipe(z.number().int().min(1, "deve ser maior que 0 (zero)"));
const naoNegativoInteiro = inteiro.pipe(z.number().int().min(0, "deve ser maior ou igual a 0 (zero)"));
/** Optional Texto that the manual's own examples send as "" (subcontratado, sub-rogado). */
const tipoPessoaOpcional = z.union([tipoPessoa, z.literal("")]).nullish();
/** Decimal (17,4) of the PCA: at most 13 integer digits, 4 decimals, "maior ou igual a zero". */
const decimal17 = valor4.refine((v) => v < 1e13, "no máximo 13 dígitos inteiros (Decimal 17,4)");

// ---- Atas ----

/** "Inserir Ata de Registro de Preço" 12.1-12.3. */
const parteSchema = z.object({
  tipoParteEnvolvidaId: inteiro,
  cnpj: cnpjField,
  codigoUnidadeCompradora: texto(30),
});
/** "Inserir Ata de Registro de Preço" 6-12 (the "ata" part). */
const ataSchema = z.object({
  numeroAtaRegistroPreco: texto(50),
  anoAta: ano,
  dataAssinatura: data,
  dataVigenciaInicio: data,
  dataVigenciaFim: data,
  possibilidadeAdesao: booleano,
  partesEnvolvidas: z.array(parteSchema).min(1, "informe pelo menos a gerenciadora"),
});
/**
 * "Retificar Ata de Registro de Preço" 5-13: the table names the dates dataInicioVigencia and
 * dataFimVigencia; the insertion, the answers and the portal's 2023 OpenAPI (AtaRegistroPrecoAlteracaoDTO)
 * name them dataVigenciaInicio and dataVigenciaFim. Either name is read (UNCONFIRMED which one the
 * portal reads: a client sends both, with the same value).
 */
const ataRetificacaoFields = {
  numeroAtaRegistroPreco: texto(50),
  anoAta: ano,
  dataAssinatura: data,
  dataInicioVigencia: data.nullish(),
  dataVigenciaInicio: data.nullish(),
  dataFimVigencia: data.nullish(),
  dataVigenciaFim: data.nullish(),
  cancelado: booleano.nullish(),
  dataCancelamento: dataHora.nullish(),
  justificativa: texto(255),
  possibilidadeAdesao: booleano,
};
const ataPutSchema = z.object(ataRetificacaoFields);
/** "Retificar Parcialmente Ata de Registro de Preço": only justificativa required. */
const ataPatchSchema = z
  .object(ataRetificacaoFields)
  .partial()
  .extend({ justificativa: texto(255) });
type AtaRetificacao = z.output<typeof ataPatchSchema>;

/** "Inserir Ata de Registro de Preço" 4-5: Titulo-Documento Texto (255), Tipo-Documento-Id. */
const DOCUMENTO_ATA_INSERCAO: DocumentRules = {
  allowed: TIPOS_DOCUMENTO_ATA,
  what: "de ata de registro de preço",
  titleMax: 255,
  typeHeaders: ["tipo-documento-id"],
};
/**
 * "Inserir Documento de uma Ata de Registro de Preço" 5-6 (v2.6 and v2.3.7 6.4.6 alike): Titulo-Documento
 * Texto (50) and the header "Tipo-Documento" — not "-Id" as on every other page. Tipo-Documento is
 * required; Tipo-Documento-Id, when sent too, must agree (UNCONFIRMED: a client sends both).
 */
const DOCUMENTO_ATA: DocumentRules = {
  ...DOCUMENTO_ATA_INSERCAO,
  titleMax: 50,
  typeHeaders: ["tipo-documento", "tipo-documento-id"],
};

// ---- Contratos ----

const contratoFields = {
  cnpjCompra: cnpjField,
  anoCompra: ano,
  sequencialCompra: pos,
  tipoContratoId: inteiro,
  numeroContratoEmpenho: texto(50),
  processo: texto(50),
  categoriaProcessoId: inteiro,
  receita: booleano,
  codigoUnidade: texto(20),
  niFornecedor: texto(30),
  tipoPessoaFornecedor: tipoPessoa,
  nomeRazaoSocialFornecedor: texto(100),
  niFornecedorSubContratado: textoOpcional(30),
  tipoPessoaFornecedorSubContratado: tipoPessoaOpcional,
  nomeRazaoSocialFornecedorSubContratado: textoOpcional(100),
  objetoContrato: texto(5120),
  informacaoComplementar: textoOpcional(5120),
  valorInicial: valor4,
  numeroParcelas: naoNegativoInteiro,
  valorParcela: valor4.nullish(),
  valorGlobal: valor4,
  valorAcumulado: valor4.nullish(),
  dataAssinatura: data,
  dataVigenciaInicio: data,
  dataVigenciaFim: data.nullish(),
  identificadorCipi: textoOpcional(512),
  // "String (8 a 14)" while its own example is 40 characters long: the size is not held.
  urlCipi: z.string().nullish(),
  sequencialAta: pos.nullish(),
  frutoAdesao: booleano,
  temRemanejamento: booleano,
};
/**
 * "Inserir Contratos/Empenhos" 1-34. Since v2.4 (items 2-3, highlighted) the contract carries its
 * document: "O sistema exige o upload de um arquivo anexo ao contrato enviado"; the page's example still
 * shows a JSON body. The fake takes the contratação's and the ata's form: multipart with the JSON part
 * "contrato" and the file part "documento", the title and type as the headers Titulo-Documento and
 * Tipo-Documento-Id or as the fields tituloDocumento and tipoDocumentoId (UNCONFIRMED: the part names and
 * where the title goes; a client sends both headers and fields).
 */
const contratoSchema = z.object({
  ...contratoFields,
  anoContrato: ano,
  tituloDocumento: textoOpcional(255),
  tipoDocumentoId: inteiro.nullish(),
});
/** "Retificar Contrato/Empenho" 4-36: everything again (no anoContrato), sub-rogação, justificativa. */
const contratoPutSchema = z.object({
  ...contratoFields,
  cnpjOrgaoSubRogado: z.union([cnpjField, z.literal("")]).nullish(),
  codigoUnidadeSubRogada: textoOpcional(20),
  justificativa: texto(255),
});
/** "Retificar Parcialmente um Contrato/Empenho": justificativa and at least one other field. */
const contratoPatchSchema = contratoPutSchema.partial().extend({ justificativa: texto(255) });
type ContratoState = Omit<z.output<typeof contratoPutSchema>, "justificativa">;

const DOCUMENTO_CONTRATO_INSERCAO: DocumentRules = {
  allowed: TIPOS_DOCUMENTO_CONTRATO,
  what: "de contrato",
  titleMax: 255,
  typeHeaders: ["tipo-documento-id"],
};
/** "Inserir Documento a um Contrato/Empenho" 4-5: Titulo-Documento Texto (50), Tipo-Documento-Id. */
const DOCUMENTO_CONTRATO: DocumentRules = { ...DOCUMENTO_CONTRATO_INSERCAO, titleMax: 50 };

// ---- Termos de contrato ----

/** "Inserir Termo de Contrato" 4-27. */
const termoFields = {
  tipoTermoContratoId: inteiro,
  numeroTermoContrato: texto(50),
  objetoTermoContrato: texto(5120),
  dataAssinatura: data,
  qualificacaoAcrescimoSupressao: booleano,
  qualificacaoVigencia: booleano,
  qualificacaoFornecedor: booleano,
  qualificacaoReajuste: booleano,
  qualificacaoInformativo: booleano,
  niFornecedor: textoOpcional(30),
  tipoPessoaFornecedor: tipoPessoaOpcional,
  nomeRazaoSocialFornecedor: textoOpcional(255),
  niFornecedorSubContratado: textoOpcional(30),
  tipoPessoaFornecedorSubContratado: tipoPessoaOpcional,
  nomeRazaoSocialFornecedorSubContratado: textoOpcional(255),
  informativoObservacao: textoOpcional(5120),
  fundamentoLegal: textoOpcional(5120),
  // "Valor acrescido ou suprimido": a suppression may be negative.
  valorAcrescido: decimal4.nullish(),
  numeroParcelas: naoNegativoInteiro.nullish(),
  valorParcela: valor4.nullish(),
  valorGlobal: valor4.nullish(),
  prazoAditadoDias: naoNegativoInteiro.nullish(),
  dataVigenciaInicio: data.nullish(),
  dataVigenciaFim: data.nullish(),
};
const termoSchema = z.object(termoFields);
/** "Retificar Termo de Contrato" 5-29: everything again and justificativa. */
const termoPutSchema = z.object({ ...termoFields, justificativa: texto(255) });
type TermoState = z.output<typeof termoSchema>;

/** "Inserir Documento a um Termo de Contrato" 5-6: Titulo-Documento Texto (50), Tipo-Documento-Id. */
const DOCUMENTO_TERMO: DocumentRules = {
  allowed: TIPOS_DOCUMENTO_TERMO,
  what: "de termo de contrato",
  titleMax: 50,
  typeHeaders: ["tipo-documento-id"],
};

// ---- Plano de Contratações Anual ----

/**
 * "Inserir Plano de Contratações" 4.1-4.19 = "Inserir Itens de Plano de Contratação" 4.1-4.19.
 * unidadeFornecimento: "Não" on the first page, "Sim" on the second, required in the portal's 2023
 * OpenAPI (IncluirPlanoContratacaoItemDTO) — required here on both. renovacaoContrato appears only in
 * the first page's example (read, optional).
 */
const pcaItemFields = {
  numeroItem: pos,
  categoriaItemPca: inteiro,
  catalogo: inteiro,
  classificacaoCatalogo: inteiro,
  classificacaoSuperiorCodigo: texto(100),
  classificacaoSuperiorNome: texto(255),
  pdmCodigo: textoOpcional(100),
  pdmDescricao: textoOpcional(255),
  codigoItem: textoOpcional(100),
  descricao: textoOpcional(2048),
  unidadeFornecimento: texto(255),
  quantidade: decimal17,
  valorUnitario: decimal17,
  valorTotal: decimal17,
  valorOrcamentoExercicio: decimal17,
  dataDesejada: data,
  unidadeRequisitante: textoOpcional(255),
  grupoContratacaoCodigo: textoOpcional(100),
  grupoContratacaoNome: textoOpcional(255),
  renovacaoContrato: booleano.nullish(),
};
const pcaItemSchema = z.object(pcaItemFields);
type PcaItem = z.output<typeof pcaItemSchema>;
/** "O serviço requer que seja enviado pelo menos um item e o limite máximo de recebimento é de 1000 itens." */
const itensLimite = z.array(z.unknown()).min(1, "pelo menos um item").max(1000, "no máximo 1000 itens");
const pcaSchema = z.object({ codigoUnidade: texto(20), anoPca: ano, itensPlano: itensLimite });
/** "Retificar Parcialmente Item de Plano de Contratação" 4-23: only justificativa required. */
const pcaItemPatchSchema = pcaItemSchema.partial().extend({ justificativa: texto(255) });
/** "Retificar Parcialmente Itens de um Plano de Contratação": lista (numeroItem required) and justificativa. */
const pcaItensPatchSchema = z.object({ lista: itensLimite, justificativa: texto(255) });
const pcaItemDaListaSchema = pcaItemSchema.partial().extend({ numeroItem: pos });
/** "Excluir Itens de um Plano de Contratação": "Lista de números (únicos)" and justificativa. */
const excluirItensSchema = z.object({
  listaNumerosItens: z
    .array(pos)
    .min(1)
    .refine((l) => new Set(l).size === l.length, "números de itens repetidos"),
  justificativa: texto(255),
});

// ---- helpers ----

const six = (n: number) => String(n).padStart(6, "0");
const exists = (table: DomainEntry[], id: number, what: string) => {
  const e = table.find((x) => x.id === id);
  if (!e) refuse(`${what} ${id} não existe`);
  return e as DomainEntry;
};
const num = (s: string | undefined) => {
  if (!s || !/^\d+$/.test(s)) throw new PortalError(400, "Parâmetro de caminho inválido");
  return Number(s);
};
/** The contratação's srp now: "Retificar Contratação" (PUT/PATCH) may have changed it. */
const srpOf = (p: FakePurchase) => {
  const last = [...p.rectifications].reverse().find((r) => r.srp != null);
  return Boolean(last?.srp ?? p.compra.srp);
};
/** Dates "out of order" (UNCONFIRMED: the manual states no order between the dates; only fim ≥ início). */
const inOrder = (inicio: string | null | undefined, fim: string | null | undefined, what: string) => {
  if (inicio && fim && fim < inicio)
    refuse(`${what}: dataVigenciaFim (${fim}) anterior a dataVigenciaInicio (${inicio})`);
};
const documentList = (owner: Documented, uri: string) =>
  [...owner.documents].map(([sequencialDocumento, d]) => ({
    sequencialDocumento,
    url: `${uri}/arquivos/${sequencialDocumento}`,
    uri: `${uri}/arquivos/${sequencialDocumento}`,
    tipoDocumentoId: d.typeId,
    tipoDocumentoNome: TIPOS_DOCUMENTO.find((t) => t.id === d.typeId)?.nome,
    titulo: d.title,
    dataPublicacaoPncp: "2026-01-01T00:00:00",
  }));
const addDocument = (owner: Documented, doc: { title: string; typeId: number }, file: File) => {
  owner.documentSequence += 1;
  owner.documents.set(owner.documentSequence, {
    ...doc,
    fileName: file.name,
    type: file.type,
    size: file.size,
  });
  return owner.documentSequence;
};

export function registerInstrumentRoutes(ctx: InstrumentContext): FakeInstruments {
  const { route, send, authorise, orgaoFor, units } = ctx;
  const atas: FakeAta[] = [];
  const contracts: FakeContract[] = [];
  const plans: FakePlan[] = [];

  const unitOf = (cnpj: string, codigo: string) => units.get(cnpj)?.find((u) => u.codigoUnidade === codigo);
  const requireUnit = (cnpj: string, codigo: string, where: string) => {
    if (!unitOf(cnpj, codigo)) refuse(`${where}: unidade ${codigo} não cadastrada para o órgão ${cnpj}`);
  };
  const purchaseAt = (cnpj: string, year: number, sequential: number) =>
    ctx.purchase(cnpj, year, sequential) ?? notFound("Contratação não encontrada");
  const compraUri = (p: FakePurchase) =>
    `${ctx.base()}/v1/orgaos/${p.cnpj}/compras/${p.year}/${p.sequential}`;
  const compraControl = (p: FakePurchase) => `${p.cnpj}-1-${six(p.sequential)}/${p.year}`;

  // ================= Atas de Registro de Preço =================

  const activeAtas = (p: FakePurchase) => atas.filter((a) => a.purchase === p && a.deletion === null);
  const ataAt = (p: FakePurchase, sequential: number) =>
    activeAtas(p).find((a) => a.sequential === sequential) ??
    notFound("Ata de registro de preço não encontrada");
  const ataUri = (a: FakeAta) => `${compraUri(a.purchase)}/atas/${a.sequential}`;
  const contractsOf = (a: FakeAta) => contracts.filter((c) => c.ata === a && c.deletion === null);
  const ataJson = (a: FakeAta) => ({
    ...a.state,
    sequencialAta: a.sequential,
    numeroControlePNCP: a.controlNumber,
    numeroControlePNCPCompra: compraControl(a.purchase),
    dataPublicacaoPncp: "2026-01-01T00:00:00",
    orgaoEntidade: { cnpj: a.purchase.cnpj },
    objetoCompra: a.purchase.compra.objetoCompra,
  });
  const ataPath = (req: IncomingMessage, m: RegExpExecArray) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    return ataAt(purchaseAt(cnpj, num(m[2]), num(m[3])), num(m[4]));
  };

  /**
   * The parties' rules: "É permitido somente os códigos 1 e 2 ao inserir a ARP" (Inserir Ata 12); "A
   * gerenciadora sempre deverá ser informada" / "deve ser informada no momento da inserção da ata"
   * (Fluxos … ARP, notes); "o órgão e suas unidades precisam estar devidamente cadastrados" (Fluxos,
   * warning). UNCONFIRMED: one gerenciadora, the contratação's own CNPJ ("As partes envolvidas da ARP
   * somente podem ser informadas ao PNCP pela gerenciadora"); the same party twice refused.
   */
  const checkParties = (
    p: FakePurchase,
    parties: FakeParty[],
    existing: FakeParty[],
    insertion: boolean,
    possibilidadeAdesao: boolean,
  ) => {
    const key = (x: FakeParty) => `${x.cnpj}/${x.codigoUnidadeCompradora}/${x.tipoParteEnvolvidaId}`;
    const seen = new Set(existing.map(key));
    parties.forEach((x, n) => {
      const where = `partesEnvolvidas[${n}]`;
      exists(TIPOS_PARTE_ENVOLVIDA, x.tipoParteEnvolvidaId, `${where}: tipo de parte envolvida`);
      if (insertion && x.tipoParteEnvolvidaId === NAO_PARTICIPANTE)
        refuse(`${where}: ao inserir a ata só se informam os tipos 1 (Gerenciadora) e 2 (Participante)`);
      if (!insertion && x.tipoParteEnvolvidaId === GERENCIADORA)
        refuse(`${where}: a gerenciadora é informada na inserção da ata`);
      // UNCONFIRMED: a não participante only where the ata admits adhesion (the PATCH page forbids
      // possibilidadeAdesao true → false while there are não participantes).
      if (x.tipoParteEnvolvidaId === NAO_PARTICIPANTE && !possibilidadeAdesao)
        refuse(`${where}: a ata não permite adesão de não participantes (possibilidadeAdesao false)`);
      if (x.tipoParteEnvolvidaId === GERENCIADORA && x.cnpj !== p.cnpj)
        refuse(`${where}: a gerenciadora é o órgão da contratação (${p.cnpj})`);
      requireUnit(x.cnpj, x.codigoUnidadeCompradora, where);
      if (seen.has(key(x))) refuse(`${where}: parte envolvida repetida`);
      seen.add(key(x));
    });
    if (insertion) {
      const gerenciadoras = parties.filter((x) => x.tipoParteEnvolvidaId === GERENCIADORA).length;
      if (gerenciadoras !== 1) refuse("partesEnvolvidas: informe uma (e só uma) gerenciadora (tipo 1)");
    }
  };

  // "Inserir Ata de Registro de Preço": multipart, parts "ata" (JSON) and "documento"; 201 + Location.
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas", async (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const p = purchaseAt(cnpj, num(m[2]), num(m[3]));
    const doc = checkDocumentHeaders(req, DOCUMENTO_ATA_INSERCAO);
    const form = await multipart(raw, req);
    const body = await jsonPart(form, "ata");
    const file = filePart(form, "documento");
    const a = parse(ataSchema, body);
    // Fluxos … ARP, "Publicação de contrato (não SRP)": "Por não se tratar de uma contratação com
    // indicação de Sistema de Registro de Preços (SRP), a Ata de Registro de Preços (ARP) não deverá ser
    // enviada."
    if (!srpOf(p)) refuse("A contratação não é SRP (srp false): ata de registro de preço não se aplica");
    inOrder(a.dataVigenciaInicio, a.dataVigenciaFim, "Ata");
    const parties = a.partesEnvolvidas;
    checkParties(p, parties, [], true, a.possibilidadeAdesao);
    const sequential = atas.filter((x) => x.purchase === p).length + 1;
    const { partesEnvolvidas: _, ...state } = a;
    const ata: FakeAta = {
      purchase: p,
      sequential,
      controlNumber: `${compraControl(p)}-${six(sequential)}`,
      ata: body as Body,
      state: { ...state, cancelado: false, dataCancelamento: null },
      parties: [...parties],
      documents: new Map(),
      documentSequence: 0,
      rectifications: [],
      deletion: null,
    };
    addDocument(ata, doc, file);
    atas.push(ata);
    send(res, 201, undefined, { location: ataUri(ata) });
  });

  // "Consultar Atas de Registro de preço por Compra", "Consultar Ata de Registro de Preço".
  route("GET", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas", (_req, res, m) =>
    send(res, 200, activeAtas(purchaseAt(m[1] as string, num(m[2]), num(m[3]))).map(ataJson)),
  );
  route("GET", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}", (_req, res, m) =>
    send(res, 200, ataJson(ataAt(purchaseAt(m[1] as string, num(m[2]), num(m[3])), num(m[4])))),
  );

  const rectifyAta = (put: boolean) =>
    ((req, res, m, raw) => {
      const a = ataPath(req, m);
      const body = json(raw, req) as Body;
      const r: AtaRetificacao = parse(put ? ataPutSchema : ataPatchSchema, body);
      const pick = (x: string | null | undefined, y: string | null | undefined, names: string) => {
        if (x && y && x !== y) throw new PortalError(400, `${names} informam datas diferentes`);
        return x ?? y;
      };
      const inicio = pick(
        r.dataInicioVigencia,
        r.dataVigenciaInicio,
        "dataInicioVigencia e dataVigenciaInicio",
      );
      const fim = pick(r.dataFimVigencia, r.dataVigenciaFim, "dataFimVigencia e dataVigenciaFim");
      if (put && (!inicio || !fim))
        throw new PortalError(400, "dataInicioVigencia e dataFimVigencia são obrigatórias");
      const next: FakeAtaState = {
        numeroAtaRegistroPreco: r.numeroAtaRegistroPreco ?? a.state.numeroAtaRegistroPreco,
        anoAta: r.anoAta ?? a.state.anoAta,
        dataAssinatura: r.dataAssinatura ?? a.state.dataAssinatura,
        dataVigenciaInicio: inicio ?? a.state.dataVigenciaInicio,
        dataVigenciaFim: fim ?? a.state.dataVigenciaFim,
        possibilidadeAdesao: r.possibilidadeAdesao ?? a.state.possibilidadeAdesao,
        // "cancelado ... se omitido, assume valor 'Falso'" (PUT); PATCH keeps what was there.
        cancelado: r.cancelado ?? (put ? false : a.state.cancelado),
        dataCancelamento: r.dataCancelamento ?? (put ? null : a.state.dataCancelamento),
      };
      // "dataCancelamento: Informar ... caso o indicador de cancelamento seja verdadeiro".
      if (next.cancelado && !next.dataCancelamento)
        refuse("dataCancelamento é obrigatória quando cancelado é true");
      inOrder(next.dataVigenciaInicio, next.dataVigenciaFim, "Ata");
      // "Retificar Parcialmente Ata", Attention: no true → false "quando a mesma possuir órgãos não
      // participantes e/ou contratos de não participantes vinculados" (held on PUT too, UNCONFIRMED).
      if (a.state.possibilidadeAdesao && !next.possibilidadeAdesao) {
        const naoParticipantes = a.parties.some((x) => x.tipoParteEnvolvidaId === NAO_PARTICIPANTE);
        const adesoes = contractsOf(a).some((c) => c.state.frutoAdesao);
        if (naoParticipantes || adesoes)
          refuse(
            "possibilidadeAdesao não pode passar de true para false: a ata tem órgãos não participantes ou contratos de adesão",
          );
      }
      a.state = next;
      a.rectifications.push(body);
      send(res, 200, ataJson(a));
    }) satisfies Handler;
  // "Retificar Ata de Registro de Preço" (PUT) and "Retificar Parcialmente" (PATCH): 200 with the ata.
  route("PUT", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}", rectifyAta(true));
  route("PATCH", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}", rectifyAta(false));

  // "Excluir Ata de Registro de Preço": "Não será permitida a exclusão da Ata quando a mesma possuir
  // órgãos não participantes e/ou contratos vinculados." 204.
  route("DELETE", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}", (req, res, m, raw) => {
    const a = ataPath(req, m);
    const { justificativa } = parse(justificativaSchema, json(raw, req));
    if (a.parties.some((x) => x.tipoParteEnvolvidaId === NAO_PARTICIPANTE))
      refuse("A ata possui órgãos não participantes: exclusão não permitida");
    if (contractsOf(a).length > 0) refuse("A ata possui contratos vinculados: exclusão não permitida");
    a.deletion = justificativa;
    send(res, 204);
  });

  // "Inserir Documento de uma Ata" (part "arquivo"; 201 + Location), its listing and exclusion (204).
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/arquivos", async (req, res, m, raw) => {
    const a = ataPath(req, m);
    const doc = checkDocumentHeaders(req, DOCUMENTO_ATA);
    const file = filePart(await multipart(raw, req), "arquivo");
    const sequential = addDocument(a, doc, file);
    send(res, 201, undefined, { location: `${ataUri(a)}/arquivos/${sequential}` });
  });
  route("GET", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/arquivos", (_req, res, m) => {
    const a = ataAt(purchaseAt(m[1] as string, num(m[2]), num(m[3])), num(m[4]));
    send(res, 200, documentList(a, ataUri(a)));
  });
  route("DELETE", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/arquivos/{doc}", (req, res, m, raw) => {
    const a = ataPath(req, m);
    parse(justificativaSchema, json(raw, req));
    if (!a.documents.delete(num(m[5]))) notFound("Documento não encontrado");
    send(res, 204);
  });

  // "Inserir Parte Envolvida na Ata de Registro de Preço" (a JSON list; 201).
  route("POST", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/partesenvolvidas", (req, res, m, raw) => {
    const a = ataPath(req, m);
    const list = parse(z.array(parteSchema).min(1, "pelo menos uma parte envolvida"), json(raw, req));
    checkParties(a.purchase, list, a.parties, false, a.state.possibilidadeAdesao);
    a.parties.push(...list);
    send(res, 201, undefined, { location: `${ataUri(a)}/partesenvolvidas` });
  });
  // "Consultar Partes Envolvidas em Ata de Registro de Preço".
  route("GET", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/partesenvolvidas", (_req, res, m) => {
    const a = ataAt(purchaseAt(m[1] as string, num(m[2]), num(m[3])), num(m[4]));
    const rows = a.parties.map((x) => ({
      tipoParteEnvolvida: {
        id: x.tipoParteEnvolvidaId,
        nome: TIPOS_PARTE_ENVOLVIDA.find((t) => t.id === x.tipoParteEnvolvidaId)?.nome,
      },
      orgao: { cnpj: x.cnpj },
      unidade: {
        codigo: x.codigoUnidadeCompradora,
        nomeUnidade: unitOf(x.cnpj, x.codigoUnidadeCompradora)?.nomeUnidade,
      },
    }));
    send(res, 200, {
      data: rows,
      totalRegistros: rows.length,
      totalPaginas: 1,
      numeroPagina: 1,
      paginasRestantes: 0,
      empty: rows.length === 0,
    });
  });
  // "Excluir Parte Envolvida em Ata": "não poderá ser excluída caso exista contrato vinculado a ela".
  route(
    "DELETE",
    "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/partesenvolvidas/{orgao}/{unidade}/{tipo}",
    (req, res, m, raw) => {
      const a = ataPath(req, m);
      parse(justificativaSchema, json(raw, req));
      const [orgao, unidade, tipo] = [m[5] as string, decodeURIComponent(m[6] as string), num(m[7])];
      const i = a.parties.findIndex(
        (x) => x.cnpj === orgao && x.codigoUnidadeCompradora === unidade && x.tipoParteEnvolvidaId === tipo,
      );
      if (i < 0) notFound("Parte envolvida não encontrada");
      // UNCONFIRMED: the gerenciadora stays ("sempre deverá ser informada").
      if (tipo === GERENCIADORA) refuse("A gerenciadora não pode ser excluída da ata");
      const linked = contractsOf(a).some(
        (c) =>
          c.cnpj === orgao &&
          c.state.codigoUnidade === unidade &&
          c.state.frutoAdesao === (tipo === NAO_PARTICIPANTE),
      );
      if (linked) refuse("Existe contrato vinculado a esta parte envolvida na ata");
      a.parties.splice(i, 1);
      send(res, 204);
    },
  );

  // "Consultar Contratos de Ata de Registro de Preço".
  route("GET", "/v1/orgaos/{cnpj}/compras/{ano}/{seq}/atas/{ata}/contratos", (_req, res, m) => {
    const a = ataAt(purchaseAt(m[1] as string, num(m[2]), num(m[3])), num(m[4]));
    const rows = contractsOf(a).map((c) => ({
      numeroControle: c.controlNumber,
      sequencialContrato: c.sequential,
      frutoAdesao: c.state.frutoAdesao,
      orgaoEntidade: { cnpj: c.cnpj },
      unidadeExecutora: { codigo: c.state.codigoUnidade },
      numeroContratoEmpenho: c.state.numeroContratoEmpenho,
      anoContrato: c.year,
      objetoContrato: c.state.objetoContrato,
      dataAssinatura: c.state.dataAssinatura,
      dataVigenciaInicio: c.state.dataVigenciaInicio,
      dataVigenciaFim: c.state.dataVigenciaFim,
      valorGlobal: c.state.valorGlobal,
    }));
    send(res, 200, {
      data: rows,
      totalRegistros: rows.length,
      totalPaginas: 1,
      numeroPagina: 1,
      paginasRestantes: 0,
      empty: rows.length === 0,
    });
  });

  // ================= Contratos/Empenhos =================

  const contractUri = (c: FakeContract) =>
    `${ctx.base()}/v1/orgaos/${c.cnpj}/contratos/${c.year}/${c.sequential}`;
  const contractAt = (cnpj: string, year: number, sequential: number) =>
    contracts.find(
      (c) => c.cnpj === cnpj && c.year === year && c.sequential === sequential && c.deletion === null,
    ) ?? notFound("Contrato/empenho não encontrado");
  const contractPath = (req: IncomingMessage, m: RegExpExecArray) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    return contractAt(cnpj, num(m[2]), num(m[3]));
  };

  /**
   * The contract's rules, on insertion and on rectification alike ("não é possível a inclusão ou
   * retificação …"). Answers the ata it comes from.
   */
  const checkContract = (cnpj: string, c: ContratoState): FakeAta | null => {
    const tipo = exists(TIPOS_CONTRATO, c.tipoContratoId, "Tipo de contrato");
    // UNCONFIRMED: the types v2.3.7 marks "Revogado pelo art. 40 da Portaria Conjunta MGI/MF/CGU Nº 33/2023".
    if (tipo.statusAtivo === false) refuse(`Tipo de contrato ${c.tipoContratoId} (${tipo.nome}) revogado`);
    exists(CATEGORIAS_PROCESSO, c.categoriaProcessoId, "Categoria do processo");
    // Field 13: "a unidade deverá estar cadastrada para o órgão".
    requireUnit(cnpj, c.codigoUnidade, "codigoUnidade");
    // Field 29: "opcional apenas para contrato do tipo igual a 1".
    if (!c.dataVigenciaFim && c.tipoContratoId !== TIPO_CONTRATO_TERMO_INICIAL)
      refuse("dataVigenciaFim é obrigatória (opcional apenas para o tipo de contrato 1)");
    inOrder(c.dataVigenciaInicio, c.dataVigenciaFim, "Contrato");
    // "Retificar Contrato/Empenho" 14: "Obrigatório caso ocorra sub-rogação do órgão".
    if (c.cnpjOrgaoSubRogado && !c.codigoUnidadeSubRogada)
      refuse("codigoUnidadeSubRogada é obrigatório quando há sub-rogação (cnpjOrgaoSubRogado)");
    // Fields 4-6: the contratação must be in the portal (UNCONFIRMED: 422, the reference is in the body).
    const p = ctx.purchase(c.cnpjCompra, c.anoCompra, c.sequencialCompra);
    if (!p)
      refuse(
        `Contratação ${c.cnpjCompra}-1-${six(c.sequencialCompra)}/${c.anoCompra} não encontrada no PNCP`,
      );
    const compra = p as FakePurchase;
    if (!srpOf(compra)) {
      // Field 32: "informar este campo apenas quando o contrato estiver vinculado a uma contratação do
      // tipo SRP. Nos demais casos, o campo deve ser suprimido."; Fluxos, não SRP: "frutoAdesao": false.
      if (c.sequencialAta != null)
        refuse("sequencialAta só se informa para contratação SRP: suprima o campo");
      if (c.frutoAdesao) refuse("frutoAdesao true só se aplica a contratação SRP (adesão a ata)");
      return null;
    }
    // "Regra para permissão de inclusão ou retificação de contrato oriundos de contratações no SRP"
    // (v2.3.7 5.20): "não permitirá ... que não possua pelo menos uma Ata de Registro de Preço publicada".
    if (activeAtas(compra).length === 0)
      refuse("Contratação SRP sem ata de registro de preço publicada no PNCP: contrato não permitido");
    if (c.sequencialAta == null) refuse("sequencialAta é obrigatório para contrato de contratação SRP");
    const ata = activeAtas(compra).find((a) => a.sequential === c.sequencialAta);
    if (!ata) refuse(`Ata ${c.sequencialAta} não publicada na contratação`);
    const a = ata as FakeAta;
    // Fluxos … ARP: "O contrato somente poderá ser inserido no PNCP caso o CNPJ e o codigoUnidade do
    // órgão contratante constem como Parte Envolvida na ARP informada"; for a não participante also
    // "o campo possibilidadeAdesao seja true na ARP"; participante → frutoAdesao false, não participante
    // → frutoAdesao true.
    const roles = a.parties
      .filter((x) => x.cnpj === cnpj && x.codigoUnidadeCompradora === c.codigoUnidade)
      .map((x) => x.tipoParteEnvolvidaId);
    if (roles.length === 0)
      refuse(`O órgão ${cnpj}, unidade ${c.codigoUnidade}, não é parte envolvida da ata ${a.controlNumber}`);
    if (c.frutoAdesao) {
      if (!a.state.possibilidadeAdesao)
        refuse(`A ata ${a.controlNumber} não permite adesão (possibilidadeAdesao false)`);
      if (!roles.includes(NAO_PARTICIPANTE))
        refuse(
          `O órgão ${cnpj} não consta como não participante (tipo 3) da ata: contrato de adesão não permitido`,
        );
    } else if (!roles.some((r) => r !== NAO_PARTICIPANTE)) {
      refuse(`O órgão ${cnpj} consta só como não participante da ata: informe frutoAdesao true`);
    }
    return a;
  };

  /** Title and type of the contract's document: headers and/or the fields tituloDocumento/tipoDocumentoId. */
  const contractDocument = (req: IncomingMessage, body: z.output<typeof contratoSchema>) => {
    const fields = {
      title: body.tituloDocumento?.trim() || undefined,
      typeId: body.tipoDocumentoId ?? undefined,
    };
    if (req.headers["titulo-documento"] !== undefined || req.headers["tipo-documento-id"] !== undefined) {
      const doc = checkDocumentHeaders(req, DOCUMENTO_CONTRATO_INSERCAO);
      if ((fields.title && fields.title !== doc.title) || (fields.typeId && fields.typeId !== doc.typeId))
        throw new PortalError(
          400,
          "tituloDocumento/tipoDocumentoId diferem de Titulo-Documento/Tipo-Documento-Id",
        );
      return doc;
    }
    if (!fields.title) throw new PortalError(400, "tituloDocumento é obrigatório");
    if (fields.typeId === undefined) throw new PortalError(400, "tipoDocumentoId é obrigatório");
    if (!TIPOS_DOCUMENTO.some((t) => t.id === fields.typeId))
      refuse(`Tipo de documento ${fields.typeId} não existe`);
    if (!TIPOS_DOCUMENTO_CONTRATO.has(fields.typeId))
      refuse(`Tipo de documento ${fields.typeId} não é um documento de contrato`);
    return { title: fields.title, typeId: fields.typeId };
  };

  // "Inserir Contratos/Empenhos": 201 + Location …/contratos/{anoContrato}/{sequencial}, no body.
  route("POST", "/v1/orgaos/{cnpj}/contratos", async (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    if (!String(req.headers["content-type"] ?? "").startsWith("multipart/form-data"))
      throw new PortalError(
        400,
        "O contrato exige o upload de um arquivo anexo: multipart/form-data com as partes 'contrato' (JSON) e 'documento' (arquivo)",
      );
    const form = await multipart(raw, req);
    const body = await jsonPart(form, "contrato");
    const file = filePart(form, "documento");
    const c = parse(contratoSchema, body);
    const doc = contractDocument(req, c);
    const { anoContrato, tituloDocumento: _t, tipoDocumentoId: _d, ...state } = c;
    const ata = checkContract(cnpj, state);
    // "O número PNCP será gerado sequencialmente com 6 dígitos e reiniciado a cada mudança de ano."
    const sequential = contracts.filter((x) => x.cnpj === cnpj && x.year === anoContrato).length + 1;
    const contract: FakeContract = {
      cnpj,
      year: anoContrato,
      sequential,
      controlNumber: `${cnpj}-2-${six(sequential)}/${anoContrato}`,
      contrato: body as Body,
      state,
      ata,
      documents: new Map(),
      documentSequence: 0,
      rectifications: [],
      terms: [],
      deletion: null,
    };
    addDocument(contract, doc, file);
    contracts.push(contract);
    send(res, 201, undefined, { location: contractUri(contract) });
  });

  // "Consultar Contrato/Empenho" (the control numbers among its fields).
  route("GET", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}", (_req, res, m) => {
    const c = contractAt(m[1] as string, num(m[2]), num(m[3]));
    const p = ctx.purchase(c.state.cnpjCompra, c.state.anoCompra, c.state.sequencialCompra);
    send(res, 200, {
      ...c.state,
      numeroControlePNCP: c.controlNumber,
      sequencialContrato: c.sequential,
      anoContrato: c.year,
      numeroControlePNCPCompra: p ? compraControl(p) : null,
      numeroControlePncpAta: c.ata?.controlNumber ?? null,
      numeroRetificacao: c.rectifications.length,
    });
  });

  const rectifyContract = (put: boolean) =>
    ((req, res, m, raw) => {
      const c = contractPath(req, m);
      const body = json(raw, req) as Body;
      if (put) {
        const { justificativa: _, ...state } = parse(contratoPutSchema, body);
        c.ata = checkContract(c.cnpj, state);
        c.state = state;
      } else {
        const { justificativa: _, ...patch } = parse(contratoPatchSchema, body);
        // "Além da justificativa, pelo menos um dos campos … deve ser enviado para retificação."
        if (Object.values(patch).every((v) => v === undefined))
          throw new PortalError(400, "Informe, além da justificativa, pelo menos um campo a retificar");
        const merged = {
          ...c.state,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        };
        c.ata = checkContract(c.cnpj, merged as ContratoState);
        c.state = merged as ContratoState;
      }
      c.rectifications.push(body);
      // The pages answer 201 with the contract's Location.
      send(res, 201, undefined, { location: contractUri(c) });
    }) satisfies Handler;
  // "Retificar Contrato/Empenho" (PUT) and "Retificar Parcialmente um Contrato/Empenho" (PATCH).
  route("PUT", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}", rectifyContract(true));
  route("PATCH", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}", rectifyContract(false));

  // "Excluir Contrato/Empenho": "Não será possível excluir o Contrato com Termo ativo." 200.
  route("DELETE", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}", (req, res, m, raw) => {
    const c = contractPath(req, m);
    const { justificativa } = parse(justificativaSchema, json(raw, req));
    if (c.terms.some((t) => t.deletion === null)) refuse("Não é possível excluir o contrato com termo ativo");
    c.deletion = justificativa;
    send(res, 200);
  });

  // "Inserir Documento a um Contrato/Empenho" (part "arquivo"; 201 + Location), listing, exclusion (200).
  route("POST", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/arquivos", async (req, res, m, raw) => {
    const c = contractPath(req, m);
    const doc = checkDocumentHeaders(req, DOCUMENTO_CONTRATO);
    const file = filePart(await multipart(raw, req), "arquivo");
    const sequential = addDocument(c, doc, file);
    send(res, 201, undefined, { location: `${contractUri(c)}/arquivos/${sequential}` });
  });
  route("GET", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/arquivos", (_req, res, m) => {
    const c = contractAt(m[1] as string, num(m[2]), num(m[3]));
    send(res, 200, documentList(c, contractUri(c)));
  });
  route("DELETE", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/arquivos/{doc}", (req, res, m, raw) => {
    const c = contractPath(req, m);
    parse(justificativaSchema, json(raw, req));
    if (!c.documents.delete(num(m[4]))) notFound("Documento não encontrado");
    send(res, 200);
  });

  // ================= Termos de Contrato =================

  const termUri = (c: FakeContract, t: FakeTerm) => `${contractUri(c)}/termos/${t.sequential}`;
  const termAt = (c: FakeContract, sequential: number) =>
    c.terms.find((t) => t.sequential === sequential && t.deletion === null) ??
    notFound("Termo de contrato não encontrado");
  const checkTerm = (t: TermoState) => {
    exists(TIPOS_TERMO_CONTRATO, t.tipoTermoContratoId, "Tipo de termo de contrato");
    inOrder(t.dataVigenciaInicio, t.dataVigenciaFim, "Termo de contrato");
  };

  // "Inserir Termo de Contrato" (JSON; 201 + Location …/termos/{sequencial}).
  route("POST", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos", (req, res, m, raw) => {
    const c = contractPath(req, m);
    const body = json(raw, req) as Body;
    const t = parse(termoSchema, body);
    checkTerm(t);
    const term: FakeTerm = {
      sequential: c.terms.length + 1,
      termo: body,
      state: t,
      rectifications: [],
      documents: new Map(),
      documentSequence: 0,
      deletion: null,
    };
    c.terms.push(term);
    send(res, 201, undefined, { location: termUri(c, term) });
  });
  // "Consultar Todos os Termos de um Contrato", "Consultar um Termo de Contrato".
  route("GET", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos", (_req, res, m) => {
    const c = contractAt(m[1] as string, num(m[2]), num(m[3]));
    send(
      res,
      200,
      c.terms
        .filter((t) => t.deletion === null)
        .map((t) => ({ ...t.state, sequencialTermoContrato: t.sequential })),
    );
  });
  route("GET", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}", (_req, res, m) => {
    const t = termAt(contractAt(m[1] as string, num(m[2]), num(m[3])), num(m[4]));
    send(res, 200, { ...t.state, sequencialTermoContrato: t.sequential });
  });
  // "Retificar Termo de Contrato" (PUT; everything again): 201 + Location, as the page answers.
  route("PUT", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}", (req, res, m, raw) => {
    const c = contractPath(req, m);
    const t = termAt(c, num(m[4]));
    const body = json(raw, req) as Body;
    const { justificativa: _, ...state } = parse(termoPutSchema, body);
    checkTerm(state);
    t.state = state;
    t.rectifications.push(body);
    send(res, 201, undefined, { location: termUri(c, t) });
  });
  // "Excluir Termo de Contrato" (justificativa; UNCONFIRMED 200: the page lists "201 Created").
  route("DELETE", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}", (req, res, m, raw) => {
    const c = contractPath(req, m);
    const t = termAt(c, num(m[4]));
    t.deletion = parse(justificativaSchema, json(raw, req)).justificativa;
    send(res, 200);
  });
  // "Inserir Documento a um Termo de Contrato" (POST, though the page's table says GET), listing, exclusion.
  route(
    "POST",
    "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}/arquivos",
    async (req, res, m, raw) => {
      const c = contractPath(req, m);
      const t = termAt(c, num(m[4]));
      const doc = checkDocumentHeaders(req, DOCUMENTO_TERMO);
      const file = filePart(await multipart(raw, req), "arquivo");
      const sequential = addDocument(t, doc, file);
      send(res, 201, undefined, { location: `${termUri(c, t)}/arquivos/${sequential}` });
    },
  );
  route("GET", "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}/arquivos", (_req, res, m) => {
    const c = contractAt(m[1] as string, num(m[2]), num(m[3]));
    const t = termAt(c, num(m[4]));
    send(res, 200, documentList(t, termUri(c, t)));
  });
  route(
    "DELETE",
    "/v1/orgaos/{cnpj}/contratos/{ano}/{seq}/termos/{termo}/arquivos/{doc}",
    (req, res, m, raw) => {
      const c = contractPath(req, m);
      const t = termAt(c, num(m[4]));
      parse(justificativaSchema, json(raw, req));
      if (!t.documents.delete(num(m[5]))) notFound("Documento não encontrado");
      send(res, 200);
    },
  );

  // ================= Plano de Contratações Anual =================

  const planUri = (p: FakePlan) => `${ctx.base()}/v1/orgaos/${p.cnpj}/pca/${p.year}/${p.sequential}`;
  const planAt = (cnpj: string, year: number, sequential: number) =>
    plans.find(
      (p) => p.cnpj === cnpj && p.year === year && p.sequential === sequential && p.deletion === null,
    ) ?? notFound("Plano de contratações não encontrado");
  const planPath = (req: IncomingMessage, m: RegExpExecArray) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    return planAt(cnpj, num(m[2]), num(m[3]));
  };
  /** The item's codes: "Categoria de Item", "Catálogos" and classificacaoCatalogo's "1 - Material; 2 - Serviço". */
  const checkPcaItem = (i: PcaItem, where: string) => {
    exists(CATEGORIAS_ITEM_PCA, i.categoriaItemPca, `${where}: categoria do item`);
    exists(CATALOGOS, i.catalogo, `${where}: catálogo`);
    exists(CLASSIFICACOES_CATALOGO, i.classificacaoCatalogo, `${where}: classificação do catálogo`);
  };
  /** 4.1 "Número do item no Plano (único e sequencial crescente)". */
  const parseNewItems = (list: unknown[], taken: Set<number>, where: string) => {
    const items = list.map((x) => parse(pcaItemSchema, x));
    items.forEach((i, n) => {
      const at = `${where}[${n}]`;
      if (taken.has(i.numeroItem)) refuse(`${at}: item ${i.numeroItem} já existe no plano`);
      if (n > 0 && i.numeroItem <= (items[n - 1]?.numeroItem ?? 0))
        refuse(`${at}: numeroItem deve ser único e crescente`);
      checkPcaItem(i, at);
    });
    return items;
  };

  // "Inserir Plano de Contratações": 201 + Location …/pca/{anoPca}/{sequencial}.
  route("POST", "/v1/orgaos/{cnpj}/pca", (req, res, m, raw) => {
    authorise(req);
    const cnpj = m[1] as string;
    orgaoFor(cnpj);
    const body = json(raw, req) as Body;
    const plano = parse(pcaSchema, body);
    // 2: "Unidade deverá estar cadastrada para o órgão".
    requireUnit(cnpj, plano.codigoUnidade, "codigoUnidade");
    // UNCONFIRMED: one plan per unit and year ("um plano de contratações de um ano de uma respectiva unidade").
    if (
      plans.some(
        (p) =>
          p.cnpj === cnpj &&
          p.year === plano.anoPca &&
          p.codigoUnidade === plano.codigoUnidade &&
          p.deletion === null,
      )
    )
      refuse(`A unidade ${plano.codigoUnidade} já tem plano de contratações para ${plano.anoPca}`);
    const items = parseNewItems(plano.itensPlano, new Set(), "itensPlano");
    const sequential = plans.filter((p) => p.cnpj === cnpj && p.year === plano.anoPca).length + 1;
    const plan: FakePlan = {
      cnpj,
      year: plano.anoPca,
      sequential,
      controlNumber: `${cnpj}-0-${six(sequential)}/${plano.anoPca}`,
      codigoUnidade: plano.codigoUnidade,
      plano: body,
      items: new Map(items.map((i) => [i.numeroItem, i])),
      itemRectifications: [],
      deletion: null,
    };
    plans.push(plan);
    send(res, 201, undefined, { location: planUri(plan) });
  });

  // "Consultar Plano de Contratação Consolidado (… de uma Unidade e Ano)".
  route("GET", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/consolidado", (_req, res, m) => {
    const p = planAt(m[1] as string, num(m[2]), num(m[3]));
    const items = [...p.items.values()];
    send(res, 200, {
      cnpj: p.cnpj,
      codigoUnidade: p.codigoUnidade,
      nomeUnidade: unitOf(p.cnpj, p.codigoUnidade)?.nomeUnidade,
      anoPca: p.year,
      numeroControlePNCP: p.controlNumber,
      quantidade: items.length,
      valorTotal: Math.round(items.reduce((s, i) => s + i.valorTotal, 0) * 10_000) / 10_000,
    });
  });
  // "Excluir Plano de Contratações" (justificativa; 200).
  route("DELETE", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}", (req, res, m, raw) => {
    const p = planPath(req, m);
    p.deletion = parse(justificativaSchema, json(raw, req)).justificativa;
    send(res, 200);
  });

  // "Consultar Itens do Plano de Contratações de uma Unidade e Ano" (optional filter "categoria").
  route("GET", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens", (_req, res, m, _raw, q) => {
    const p = planAt(m[1] as string, num(m[2]), num(m[3]));
    const categoria = q.get("categoria");
    send(
      res,
      200,
      [...p.items.values()]
        .filter((i) => categoria === null || i.categoriaItemPca === Number(categoria))
        .map(({ categoriaItemPca, catalogo, classificacaoCatalogo, ...i }) => ({
          ...i,
          cnpj: p.cnpj,
          codigoUnidade: p.codigoUnidade,
          anoPca: p.year,
          sequencialPca: p.sequential,
          categoriaItemPcaId: categoriaItemPca,
          categoriaItemPcaNome: CATEGORIAS_ITEM_PCA.find((c) => c.id === categoriaItemPca)?.nome,
          catalogoId: catalogo,
          nomeCatalogo: CATALOGOS.find((c) => c.id === catalogo)?.nome,
          classificacaoCatalogoId: String(classificacaoCatalogo),
          nomeClassificacao: CLASSIFICACOES_CATALOGO.find((c) => c.id === classificacaoCatalogo)?.nome,
        })),
    );
  });
  // "Inserir Itens de Plano de Contratação": 201 with the items' URIs.
  route("POST", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens", (req, res, m, raw) => {
    const p = planPath(req, m);
    const list = parse(itensLimite, json(raw, req));
    const items = parseNewItems(list, new Set(p.items.keys()), "");
    for (const i of items) p.items.set(i.numeroItem, i);
    send(
      res,
      201,
      items.map((i) => `${planUri(p)}/itens/${i.numeroItem}`),
    );
  });
  const patchItem = (p: FakePlan, n: number, patch: Body, where: string) => {
    const current = p.items.get(n) ?? notFound(`Item ${n} não encontrado no plano`);
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([k, v]) => v !== undefined && k !== "justificativa"),
    );
    const merged = parse(pcaItemSchema, { ...current, ...changes });
    checkPcaItem(merged, where);
    return merged;
  };
  // "Retificar Parcialmente Item de Plano de Contratação" (PATCH; justificativa required; 200).
  route("PATCH", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens/{item}", (req, res, m, raw) => {
    const p = planPath(req, m);
    const n = num(m[4]);
    const body = json(raw, req) as Body;
    const patch = parse(pcaItemPatchSchema, body);
    // UNCONFIRMED: the item keeps its number (the URL's).
    if (patch.numeroItem !== undefined && patch.numeroItem !== n)
      throw new PortalError(400, "numeroItem difere do item da URL");
    const merged = patchItem(p, n, patch, `item ${n}`);
    p.items.set(n, merged);
    p.itemRectifications.push({ itemNumber: n, patch: body });
    send(res, 200);
  });
  // "Retificar Parcialmente Itens de um Plano de Contratação" ({lista, justificativa}; 200).
  route("PATCH", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens", (req, res, m, raw) => {
    const p = planPath(req, m);
    const body = json(raw, req) as Body;
    const { lista } = parse(pcaItensPatchSchema, body);
    const patches = lista.map((x) => parse(pcaItemDaListaSchema, x));
    const merged = patches.map((x, n) => patchItem(p, x.numeroItem, x, `lista[${n}]`));
    merged.forEach((i, n) => {
      p.items.set(i.numeroItem, i);
      p.itemRectifications.push({ itemNumber: i.numeroItem, patch: lista[n] as Body });
    });
    send(res, 200);
  });
  // "Excluir Item de Plano de Contratação" and "Excluir Itens de um Plano de Contratação" (200).
  route("DELETE", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens/{item}", (req, res, m, raw) => {
    const p = planPath(req, m);
    parse(justificativaSchema, json(raw, req));
    if (!p.items.delete(num(m[4]))) notFound(`Item ${m[4]} não encontrado no plano`);
    send(res, 200);
  });
  route("DELETE", "/v1/orgaos/{cnpj}/pca/{ano}/{seq}/itens", (req, res, m, raw) => {
    const p = planPath(req, m);
    const { listaNumerosItens } = parse(excluirItensSchema, json(raw, req));
    const missing = listaNumerosItens.filter((n) => !p.items.has(n));
    if (missing.length > 0) notFound(`Itens não encontrados no plano: ${missing.join(", ")}`);
    for (const n of listaNumerosItens) p.items.delete(n);
    send(res, 200);
  });

  return { atas, contracts, plans };
}
