// The portal's domain tables and conformity rules, as the fake PNCP serves and enforces them.
//
// Sources (the manual v2.6 no longer prints the tables: it points to the portal's domain endpoints,
// "Tabelas de Domínio" > each table > "Consultar ..."; the codes below are the ones its sources print):
// - "Manual de Integração PNCP" v2.3.7 section 5 (5.5 situação da contratação, 5.6 situação do item,
//   5.7 tipo de benefício, 5.8 situação do resultado, 5.12 tipo de documento, 5.13 natureza jurídica,
//   5.14 porte, 5.16 extensões de arquivo) — the same texts as v2.6's "Tabelas de Domínio" pages.
// - "Manual das APIs de Consultas PNCP" v1.0 section 5 (5.1 instrumento convocatório with the
//   modalidades each one serves, 5.2 modalidade, 5.3 modo de disputa, 5.4 critério de julgamento,
//   5.15 amparo legal).
// - The conformity tables themselves live only on the portal (v2.6 "Regra de conformidade ..." pages,
//   v2.3.7 5.18, 5.19, 5.22). Where a source states the rule it is cited; the rest is derived from the
//   tables' own descriptions or from Lei 14.133/2021 and marked UNCONFIRMED. Every table is
//   replaceable through startFakePncpPublishing's options.

export interface DomainEntry {
  id: number;
  nome: string;
  descricao?: string;
  /** The portal's statusAtivo; absent = active. */
  statusAtivo?: boolean;
}

const entries = (rows: [number, string, string?][]): DomainEntry[] =>
  rows.map(([id, nome, descricao]) => ({ id, nome, ...(descricao ? { descricao } : {}) }));

/** Manual de Consultas v1.0 5.1 (the description says which modalidades each one serves). */
export const INSTRUMENTOS = entries([
  [
    1,
    "Edital",
    "Instrumento convocatório utilizado no diálogo competitivo, concurso, concorrência, pregão, manifestação de interesse, pré-qualificação e credenciamento.",
  ],
  [2, "Aviso de Contratação Direta", "Instrumento convocatório utilizado na Dispensa com Disputa."],
  [
    3,
    "Ato que autoriza a Contratação Direta",
    "Instrumento convocatório utilizado na Dispensa sem Disputa ou na Inexigibilidade.",
  ],
]);

/** Manual de Consultas v1.0 5.2. */
export const MODALIDADES = entries([
  [1, "Leilão - Eletrônico"],
  [2, "Diálogo Competitivo"],
  [3, "Concurso"],
  [4, "Concorrência - Eletrônica"],
  [5, "Concorrência - Presencial"],
  [6, "Pregão - Eletrônico"],
  [7, "Pregão - Presencial"],
  [8, "Dispensa de Licitação"],
  [9, "Inexigibilidade"],
  [10, "Manifestação de Interesse"],
  [11, "Pré-qualificação"],
  [12, "Credenciamento"],
  [13, "Leilão - Presencial"],
]);

/** Leilão (v2.6 "Inserir Contratação" fields 13, 17.2-17.4, 17.11, 17.12 name it). */
export const LEILAO = new Set([1, 13]);
/** "Obrigatório para as modalidades de contratação presencial" (v2.6 Inserir Contratação field 19). */
export const PRESENCIAIS = new Set([5, 7, 13]);

/** Manual de Consultas v1.0 5.3. */
export const MODOS_DISPUTA = entries([
  [1, "Aberto"],
  [2, "Fechado"],
  [3, "Aberto-Fechado"],
  [4, "Dispensa Com Disputa"],
  [5, "Não se aplica"],
  [6, "Fechado-Aberto"],
]);

/** Manual de Consultas v1.0 5.4 (there is no code 3). */
export const CRITERIOS = entries([
  [1, "Menor preço"],
  [2, "Maior desconto"],
  [4, "Técnica e preço"],
  [5, "Maior lance"],
  [6, "Maior retorno econômico"],
  [7, "Não se aplica"],
  [8, "Melhor técnica"],
  [9, "Conteúdo artístico"],
]);
export const MAIOR_DESCONTO = 2;

/** Manual de Consultas v1.0 5.15 (tipo 1, contratação). */
const AMPARO_NAMES: [number, string][] = [
  [1, "Art. 28, I"],
  [2, "Art. 28, II"],
  [3, "Art. 28, III"],
  [4, "Art. 28, IV"],
  [5, "Art. 28, V"],
  [6, "Art. 74, I"],
  [7, "Art. 74, II"],
  [8, "Art. 74, III, a"],
  [9, "Art. 74, III, b"],
  [10, "Art. 74, III, c"],
  [11, "Art. 74, III, d"],
  [12, "Art. 74, III, e"],
  [13, "Art. 74, III, f"],
  [14, "Art. 74, III, g"],
  [15, "Art. 74, III, h"],
  [16, "Art. 74, IV"],
  [17, "Art. 74, V"],
  [18, "Art. 75, I"],
  [19, "Art. 75, II"],
  [20, "Art. 75, III, a"],
  [21, "Art. 75, III, b"],
  [22, "Art. 75, IV, a"],
  [23, "Art. 75, IV, b"],
  [24, "Art. 75, IV, c"],
  [25, "Art. 75, IV, d"],
  [26, "Art. 75, IV, e"],
  [27, "Art. 75, IV, f"],
  [28, "Art. 75, IV, g"],
  [29, "Art. 75, IV, h"],
  [30, "Art. 75, IV, i"],
  [31, "Art. 75, IV, j"],
  [32, "Art. 75, IV, k"],
  [33, "Art. 75, IV, l"],
  [34, "Art. 75, IV, m"],
  [35, "Art. 75, V"],
  [36, "Art. 75, VI"],
  [37, "Art. 75, VII"],
  [38, "Art. 75, VIII"],
  [39, "Art. 75, IX"],
  [40, "Art. 75, X"],
  [41, "Art. 75, XI"],
  [42, "Art. 75, XII"],
  [43, "Art. 75, XIII"],
  [44, "Art. 75, XIV"],
  [45, "Art. 75, XV"],
  [46, "Art. 75, XVI"],
  [47, "Art. 78, I"],
  [48, "Art. 78, II"],
  [49, "Art. 78, III"],
  [50, "Art. 74, caput"],
  [60, "Art. 75, XVII"],
  [61, "Art. 76, I, a"],
  [62, "Art. 76, I, b"],
  [63, "Art. 76, I, c"],
  [64, "Art. 76, I, d"],
  [65, "Art. 76, I, e"],
  [66, "Art. 76, I, f"],
  [67, "Art. 76, I, g"],
  [68, "Art. 76, I, h"],
  [69, "Art. 76, I, i"],
  [70, "Art. 76, I, j"],
  [71, "Art. 76, II, a"],
  [72, "Art. 76, II, b"],
  [73, "Art. 76, II, c"],
  [74, "Art. 76, II, d"],
  [75, "Art. 76, II, e"],
  [76, "Art. 76, II, f"],
  [77, "Art. 75, XVIII"],
  [140, "Art. 79, I"],
  [141, "Art. 79, II"],
  [142, "Art. 79, III"],
];
/**
 * The portal's later codes of other acts (its table at pncp.gov.br/app/entidades-dominio, as
 * docs/decisions.md "Amparo legal" reads it; 84, 85, 102–104, 125, 137 and 140–142 also so grouped by
 * an independent copy of that table) — UNCONFIRMED against the portal one by one.
 */
const OTHER_ACTS: [number, string][] = [
  [78, "Lei 14.628/2023 (dispensa)"],
  ...Array.from({ length: 18 }, (_, i): [number, string] => [84 + i, `Lei 13.303/2016, art. 29, ${i + 1}`]),
  [102, "Lei 13.303/2016, art. 30, caput (inexigibilidade)"],
  [103, "Lei 13.303/2016, art. 30, caput (credenciamento)"],
  [104, "Lei 13.303/2016, art. 30, I"],
  ...Array.from({ length: 7 }, (_, i): [number, string] => [
    105 + i,
    `Lei 13.303/2016, art. 30, II, ${"abcdefg"[i]}`,
  ]),
  [125, "Regulamento interno de licitações e contratos das estatais (credenciamento)"],
  [126, "Lei 12.850/2013 (dispensa)"],
  [127, "Lei 12.850/2013 (dispensa)"],
  [137, "Lei 13.979/2020, art. 4º"],
  [138, "Lei 11.947/2009, art. 14, § 1º"],
  [139, "Lei 11.947/2009 (dispensa)"],
];
export const AMPAROS: DomainEntry[] = [
  ...AMPARO_NAMES.map(([id, art]) => ({ id, nome: `Lei 14.133/2021, ${art}` })),
  ...OTHER_ACTS.map(([id, nome]) => ({ id, nome })),
];

/** v2.3.7 5.12 / v2.6 "Tipo de Documento": the contratação's own types (16 = outros documentos). */
export const TIPOS_DOCUMENTO = entries([
  [1, "Aviso de Contratação Direta"],
  [2, "Edital"],
  [3, "Minuta do Contrato"],
  [4, "Termo de Referência"],
  [5, "Anteprojeto"],
  [6, "Projeto Básico"],
  [7, "Estudo Técnico Preliminar"],
  [8, "Projeto Executivo"],
  [9, "Mapa de Riscos"],
  [10, "DFD"],
  [11, "Ata de Registro de Preço"],
  [12, "Contrato"],
  [13, "Termo de Rescisão"],
  [14, "Termo Aditivo"],
  [15, "Termo de Apostilamento"],
  [16, "Outros Documentos"],
  [17, "Nota de Empenho"],
  [18, "Relatório Final de Contrato"],
  [19, "Minuta de Ata de Registro de Preços"],
  [20, "Ato que autoriza a Contratação Direta"],
]);
/** v2.3.7 5.12 "Tipos de documentos da contratação" (+ 16 for "outros documentos do processo"). */
export const TIPOS_DOCUMENTO_CONTRATACAO = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 19, 20]);

/**
 * v2.6 Inserir Contratação 17.12 itemCategoriaId: 1 Bens Imóveis, 2 Bens Móveis (leilão), 3 Não se
 * aplica. Not the portal's "Categoria de Item" table (/v1/categoriaItemPcas): that one is
 * CATEGORIAS_ITEM_PCA below.
 */
export const CATEGORIAS_ITEM = entries([
  [1, "Bens Imóveis"],
  [2, "Bens Móveis"],
  [3, "Não se aplica"],
]);

// ---- atas, contratos, termos and the PCA (issue 36) ----
// Sources: the v2.6 pages "Inserir Ata de Registro de Preço", "Fluxos de Inclusão de Contratos fruto de
// Ata de Registro de Preços (ARP) no PNCP", "Tipo de Termo de Contrato", "Categoria do Processo",
// "Inserir Plano de Contratações", "Consultar Itens do Plano de Contratações de uma Unidade e Ano"; where
// v2.6 only points to pncp.gov.br/app/entidades-dominio ("Tipo de Contrato", "Categoria de Item
// (Plano de Contratações e Contratações)", "Catálogos ..."), the "Manual das APIs de Consultas PNCP"
// v1.0 (5.9, 5.15 "Categoria do Item do Plano de Contratações") and v2.3.7 5.9.

/** Consultas v1.0 5.9 = v2.3.7 5.9 "Tipo de Contrato"; 6, 9, 10, 11 "Revogado pelo art. 40 da
 * Portaria Conjunta MGI/MF/CGU Nº 33/2023" (v2.3.7), served inactive and refused. */
export const TIPOS_CONTRATO: DomainEntry[] = entries([
  [1, "Contrato (termo inicial)", "Acordo formal recíproco de vontades firmado entre as partes"],
  [2, "Comodato", "Contrato de concessão de uso gratuito de bem móvel ou imóvel"],
  [3, "Arrendamento", "Contrato de cessão de um bem por um determinado período mediante pagamento"],
  [
    4,
    "Concessão",
    "Contrato firmado com empresa privada para execução de serviço público sendo remunerada por tarifa",
  ],
  [
    5,
    "Termo de Adesão",
    "Contrato em que uma das partes estipula todas as cláusulas sem a outra parte poder modificá-las",
  ],
  [6, "Convênio", "Acordos firmados entre as partes buscando a realização de um objetivo em comum"],
  [7, "Empenho", "É uma promessa de pagamento por parte do Estado para um fim específico"],
  [8, "Outros", "Outros tipos de contratos que não os listados"],
  [9, "Termo de Execução Descentralizada (TED)"],
  [10, "Acordo de Cooperação Técnica (ACT)"],
  [11, "Termo de Compromisso"],
  [
    12,
    "Carta Contrato",
    "Documento que formaliza e ratifica acordo entre duas ou mais partes nas hipóteses em que a lei dispensa a celebração de um contrato",
  ],
]).map((e) => ([6, 9, 10, 11].includes(e.id) ? { ...e, statusAtivo: false } : e));
/** "dataVigenciaFim ... opcional apenas para contrato do tipo igual a 1" (v2.6 Inserir Contrato 29). */
export const TIPO_CONTRATO_TERMO_INICIAL = 1;

/** v2.6 "Tipo de Termo de Contrato" (tipoTermoContratoId). */
export const TIPOS_TERMO_CONTRATO = entries([
  [1, "Termo de Rescisão", "Encerramento é antes da data final do contrato."],
  [
    2,
    "Termo Aditivo",
    "Atualiza o contrato como um todo, podendo prorrogar, reajustar, acrescer, suprimir, alterar cláusulas e reajustar.",
  ],
  [3, "Termo de Apostilamento", "Atualiza o valor do contrato."],
]);

/** v2.6 "Categoria do Processo" (categoriaProcessoId). */
export const CATEGORIAS_PROCESSO = entries([
  [1, "Cessão"],
  [2, "Compras"],
  [3, "Informática (TIC)"],
  [4, "Internacional"],
  [5, "Locação Imóveis"],
  [6, "Mão de Obra"],
  [7, "Obras"],
  [8, "Serviços"],
  [9, "Serviços de Engenharia"],
  [10, "Serviços de Saúde"],
  [11, "Alienação de bens móveis/imóveis"],
]);

/**
 * Consultas v1.0 5.15 "Categoria do Item do Plano de Contratações" — the table v2.6 calls "Categoria de
 * Item (Plano de Contratações e Contratações)", served at /v1/categoriaItemPcas ("Consultar Categorias de
 * Item"); the PCA's categoriaItemPca and the contratação item's categoriaItemCatalogoId.
 */
export const CATEGORIAS_ITEM_PCA = entries([
  [1, "Material"],
  [2, "Serviço"],
  [3, "Obras"],
  [4, "Serviços de Engenharia"],
  [5, "Soluções de TIC"],
  [6, "Locação de Imóveis"],
  [7, "Alienação/Concessão/Permissão"],
  [8, "Obras e Serviços de Engenharia"],
]);

/** v2.6 "Consultar Itens do Plano de Contratações de uma Unidade e Ano" 1.28: "1 - CNBS (Catálogo
 * Nacional de Bens e Serviços); 2 - Outros" (the PCA's catalogo, the item's catalogoId). */
export const CATALOGOS = entries([
  [1, "CNBS", "Catálogo Nacional de Bens e Serviços"],
  [2, "Outros"],
]);

/** v2.6 "Inserir Plano de Contratações" 4.4 classificacaoCatalogo: "1 - Material; 2 - Serviço". */
export const CLASSIFICACOES_CATALOGO = entries([
  [1, "Material"],
  [2, "Serviço"],
]);

/** v2.6 "Inserir Ata de Registro de Preço" 12.1 tipoParteEnvolvidaId. */
export const TIPOS_PARTE_ENVOLVIDA = entries([
  [1, "Gerenciadora"],
  [2, "Participante"],
  [3, "Não Participante"],
]);
export const GERENCIADORA = 1;
export const NAO_PARTICIPANTE = 3;

/** v2.3.7 5.12 "Tipos de documentos da ata de registro de preço" (11) and 16 for other documents. */
export const TIPOS_DOCUMENTO_ATA = new Set([11, 16]);
/** v2.3.7 5.12 "Tipos de documentos de contrato" (12-15, 17, 18) and 16 for other documents. */
export const TIPOS_DOCUMENTO_CONTRATO = new Set([12, 13, 14, 15, 16, 17, 18]);
/** The same group's term documents: 13 rescisão, 14 aditivo, 15 apostilamento, 16 others. */
export const TIPOS_DOCUMENTO_TERMO = new Set([13, 14, 15, 16]);

/** v2.3.7 5.13 / v2.6 "Natureza Jurídica" (the codes; names left out). */
export const NATUREZAS_JURIDICAS = new Set(
  (
    "0000 1015 1023 1031 1040 1058 1066 1074 1082 1104 1112 1120 1139 1147 1155 1163 1171 1180 1198 " +
    "1210 1228 1236 1244 1252 1260 1279 1287 1295 1309 1317 1325 1333 1341 2011 2038 2046 2054 2062 " +
    "2070 2089 2097 2100 2127 2135 2143 2151 2160 2178 2194 2216 2224 2232 2240 2259 2267 2275 2283 " +
    "2291 2305 2313 2321 2330 2348 2356 3034 3069 3077 3085 3107 3115 3131 3204 3212 3220 3239 3247 " +
    "3255 3263 3271 3280 3298 3301 3328 3999 4014 4090 4120 5010 5029 5037 8885"
  )
    .split(" ")
    .map(Number),
);

/** v2.6 "Envio de arquivos pelas APIs de Documento" (v2.3.7 5.16): the accepted extensions. */
export const EXTENSOES_DOCUMENTO = new Set(
  "pdf txt rtf doc docx xls xlsx odt ods sxw zip 7z rar dwg dwt dxf dwf dwfx svg sldprt sldasm dgn ifc skp 3ds dae obj rfa rte".split(
    " ",
  ),
);
/** Same section: "O tamanho máximo aceito, por arquivo enviado, é de 30 MB". */
export const MAX_DOCUMENTO_BYTES = 30 * 1024 * 1024;

export interface ConformityTables {
  /** Instrumento convocatório × modalidade (half of v2.6 "instrumento × modalidade × amparo legal"). */
  instrumentoModalidades: Record<number, number[]>;
  /** Amparo legal × modalidade (the other half of the same rule). */
  amparoModalidades: Record<number, number[]>;
  /** v2.6 "Regra de conformidade entre Instrumento Convocatório e Modo de Disputa" (v2.3.7 5.19). */
  instrumentoModos: Record<number, number[]>;
  /** v2.6 "Regra de conformidade entre Modalidade de Contratação e Critério de Julgamento" (5.22). */
  modalidadeCriterios: Record<number, number[]>;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const amparoModalidades: Record<number, number[]> = {
  // Art. 28 I pregão, II concorrência, III concurso, IV leilão, V diálogo competitivo.
  1: [6, 7],
  2: [4, 5],
  3: [3],
  4: [1, 13],
  5: [2],
  // Art. 74 inexigibilidade, IV included ("objetos que devam ou possam ser contratados por meio de
  // credenciamento" is a hypothesis of inexigibilidade, art. 74; manual v2.2.1 §5.15 lists 6–17 and 50
  // under inexigibilidade); Lei 13.303 art. 30 (102, 104–111).
  ...Object.fromEntries([...range(6, 17), 50, 102, ...range(104, 111)].map((id) => [id, [9]])),
  // Art. 75 dispensa, art. 76 alienações dispensadas; Lei 14.628, Lei 13.303 art. 29, Lei 12.850,
  // Lei 13.979, Lei 11.947.
  ...Object.fromEntries(
    [...range(18, 46), ...range(60, 78), ...range(84, 101), 126, 127, 137, 138, 139].map((id) => [id, [8]]),
  ),
  // Art. 78 procedimentos auxiliares: I credenciamento, II pré-qualificação, III manifestação de interesse;
  // art. 79 I–III (140–142), Lei 13.303 art. 30 caput (103) and the estatais' regulation (125) credenciamento.
  ...Object.fromEntries([47, 103, 125, 140, 141, 142].map((id) => [id, [12]])),
  48: [11],
  49: [10],
};

export const DEFAULT_CONFORMITY: ConformityTables = {
  // Manual de Consultas v1.0 5.1's descriptions; leilão under the Edital (Lei 14.133 art. 31 § 2º and
  // the TCE-SP AUDESP layout's "Regra PNCP" column) — UNCONFIRMED against the portal's table.
  instrumentoModalidades: { 1: [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13], 2: [8], 3: [8, 9] },
  // The legal basis each modalidade rests on (AUDESP's "Regra PNCP" column; art. 78 II/III from the law).
  amparoModalidades,
  // Aviso de Contratação Direta = "Dispensa com Disputa" (modo 4); Ato que autoriza = no dispute
  // (modo 5); Edital = the open/closed modes, or "Não se aplica" for concurso and the auxiliary
  // procedures — derived from the tables' names, UNCONFIRMED against the portal's table.
  instrumentoModos: { 1: [1, 2, 3, 5, 6], 2: [4], 3: [5] },
  // Lei 14.133 art. 6º XXXVIII-XLI (concorrência, concurso, leilão, pregão) and art. 33; direct
  // contracting and the auxiliary procedures: "não se aplica" (7), or menor preço (1) when proposals
  // are compared by price (dispensa also maior desconto) — UNCONFIRMED against the portal's table
  // (reconciled with the client's PNCP_CONFORMITY_SNAPSHOT, docs/decisions.md).
  modalidadeCriterios: {
    1: [5],
    2: [1, 2, 4, 6, 8, 9],
    3: [8, 9],
    4: [1, 2, 4, 6, 8, 9],
    5: [1, 2, 4, 6, 8, 9],
    6: [1, 2],
    7: [1, 2],
    8: [1, 2, 7],
    9: [1, 7],
    10: [7],
    11: [1, 7],
    12: [1, 7],
    13: [5],
  },
};
