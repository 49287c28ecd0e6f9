import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

// A local stand-in for the national public procurement portal's public API (planning §7 "Price search"):
// the real paths and field names, a small catalogue of closed notices, and knobs for failures.
// No server imports: e2e/support/run.ts starts it too.

export interface FakePncpResult {
  niFornecedor: string;
  tipoPessoa: "PJ" | "PF" | "PE";
  nomeRazaoSocialFornecedor: string;
  porteFornecedorNome: "ME" | "EPP" | "Demais" | "Não se aplica";
  quantidadeHomologada: number;
  valorUnitarioHomologado: number;
  valorTotalHomologado: number;
  codigoPais: string;
  dataInclusao: string;
}

export interface FakePncpItem {
  numeroItem: number;
  descricao: string;
  quantidade: number;
  unidadeMedida: string;
  valorUnitarioEstimado: number;
  valorTotal: number;
  materialOuServicoNome: "Material" | "Serviço";
  criterioJulgamentoNome: string;
  temResultado: boolean;
  resultados: FakePncpResult[];
}

export interface FakePncpNotice {
  orgao_cnpj: string;
  orgao_nome: string;
  ano: number;
  numero_sequencial: number;
  modalidade_licitacao_id: number;
  modalidade_licitacao_nome: string;
  unidade_nome: string;
  municipio_nome: string;
  uf: string;
  description: string;
  data_atualizacao_pncp: string;
  itens: FakePncpItem[];
}

export interface FakePncp {
  baseUrl: string;
  server: Server;
  catalogue: FakePncpNotice[];
  /** Every request path (with query) received, in order. */
  requests: string[];
  /** Arrival times (ms, performance.now) of the award-result requests. */
  resultRequestTimes: number[];
  /** The next `count` requests answer 500 (or all of them with Infinity). */
  failNext(count: number): void;
  /** Requests hang (never answered) until set back to false. */
  hang(on: boolean): void;
  /** Requests answer 200 with a body that is not what the API returns. */
  malformed(on: boolean): void;
  close(): Promise<void>;
}

const MODALITY_NAMES: Record<number, string> = {
  4: "Concorrência - Eletrônica",
  6: "Pregão - Eletrônico",
  8: "Dispensa de Licitação",
  12: "Credenciamento",
};

const supplier = (
  niFornecedor: string,
  nome: string,
  porte: FakePncpResult["porteFornecedorNome"],
  tipoPessoa: FakePncpResult["tipoPessoa"] = "PJ",
) => ({ niFornecedor, nomeRazaoSocialFornecedor: nome, porteFornecedorNome: porte, tipoPessoa });

// Real documents carry valid check digits, and the budget refuses any other (planning §5).
const SUPPLIERS = [
  supplier("12345678000195", "Papelaria Central Ltda", "ME"),
  supplier("98765432000198", "Distribuidora Alfa Comércio de Materiais Ltda", "EPP"),
  supplier("11444777000161", "Tecnologia Brasil Informática S.A.", "Demais"),
  supplier("52998224725", "João da Silva Santos", "Não se aplica", "PF"),
  supplier("45723174000110", "Escritório Norte Suprimentos Eireli", "ME"),
];

/** Item templates: description, unit, estimated unit price, kind. */
const ITEMS: [string, string, number, FakePncpItem["materialOuServicoNome"]][] = [
  ["Papel A4, 75 g/m², branco, resma com 500 folhas", "Resma", 24.9, "Material"],
  ["Caneta esferográfica azul, ponta média 1,0 mm", "Unidade", 1.35, "Material"],
  ["Notebook 14 polegadas, 16 GB RAM, SSD 512 GB", "Unidade", 4890, "Material"],
  ["Grampeador de mesa para 25 folhas", "Unidade", 32.5, "Material"],
  ["Serviço de manutenção preventiva de ar-condicionado", "Serviço", 1850, "Serviço"],
  ["Cadeira giratória com braços reguláveis", "Unidade", 720, "Material"],
  ["Toner para impressora laser, rendimento 3.000 páginas", "Unidade", 189.9, "Material"],
  ["Caneta marca-texto amarela", "Unidade", 2.8, "Material"],
];

const PLACES: [string, string, string][] = [
  ["SP", "São Paulo", "Secretaria Municipal de Administração"],
  ["RJ", "Rio de Janeiro", "Departamento de Compras"],
  ["MG", "Belo Horizonte", "Diretoria de Suprimentos"],
  ["DF", "Brasília", "Coordenação de Licitações"],
  ["BA", "Salvador", "Superintendência de Logística"],
  ["PR", "Curitiba", "Divisão de Materiais"],
];

const BODIES: [string, string][] = [
  ["46395000000139", "Município de São Paulo"],
  ["42498733000148", "Estado do Rio de Janeiro"],
  ["18715383000140", "Município de Belo Horizonte"],
  ["00394460005887", "Ministério da Fazenda"],
  ["13927801000149", "Município de Salvador"],
  ["76417005000186", "Estado do Paraná"],
];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 18 closed notices over six states and four modalities; every item but the last of each has results. */
export function fakePncpCatalogue(): FakePncpNotice[] {
  const notices: FakePncpNotice[] = [];
  const modalities = [6, 8, 4, 12];
  for (let i = 0; i < 18; i++) {
    const place = PLACES[i % PLACES.length] as [string, string, string];
    const body = BODIES[i % BODIES.length] as [string, string];
    const modality = modalities[i % modalities.length] as number;
    const picked = [0, 1, 2].map((k) => ITEMS[(i + k * 3) % ITEMS.length] as (typeof ITEMS)[number]);
    const itens: FakePncpItem[] = picked.map(([descricao, unidadeMedida, price, kind], k) => {
      const quantidade = (k + 1) * 10 + i;
      const homologated = k < 2;
      const resultados: FakePncpResult[] = homologated
        ? [
            (() => {
              const s = SUPPLIERS[(i + k) % SUPPLIERS.length] as (typeof SUPPLIERS)[number];
              const unit = round2(price * (0.85 + ((i + k) % 5) * 0.02));
              return {
                ...s,
                quantidadeHomologada: quantidade,
                valorUnitarioHomologado: unit,
                valorTotalHomologado: round2(unit * quantidade),
                codigoPais: "BRA",
                dataInclusao: `2025-${String((i % 12) + 1).padStart(2, "0")}-15T10:30:00`,
              };
            })(),
          ]
        : [];
      return {
        numeroItem: k + 1,
        descricao,
        quantidade,
        unidadeMedida,
        valorUnitarioEstimado: price,
        valorTotal: round2(price * quantidade),
        materialOuServicoNome: kind,
        criterioJulgamentoNome: "Menor preço",
        temResultado: homologated,
        resultados,
      };
    });
    notices.push({
      orgao_cnpj: body[0],
      orgao_nome: body[1],
      ano: 2025,
      numero_sequencial: 100 + i,
      modalidade_licitacao_id: modality,
      modalidade_licitacao_nome: MODALITY_NAMES[modality] as string,
      unidade_nome: place[2],
      municipio_nome: place[1],
      uf: place[0],
      description: `Aquisição de ${itens.map((t) => t.descricao.split(",")[0]?.toLowerCase()).join(", ")} para atender às necessidades dos órgãos da administração (processo ${i + 1}).`,
      data_atualizacao_pncp: `2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}T14:00:00`,
      itens,
    });
  }
  return notices;
}

const controlNumber = (n: FakePncpNotice) =>
  `${n.orgao_cnpj}-1-${String(n.numero_sequencial).padStart(6, "0")}/${n.ano}`;

/** The search API's item (snake_case, as `/api/search/` answers). */
function searchItem(n: FakePncpNotice) {
  return {
    id: `contratacao_${n.orgao_cnpj}_${n.ano}_${n.numero_sequencial}`,
    doc_type: "edital",
    document_type: "edital",
    title: `${n.modalidade_licitacao_nome} nº ${n.numero_sequencial}/${n.ano}`,
    description: n.description,
    item_url: `/compras/${n.orgao_cnpj}/${n.ano}/${n.numero_sequencial}`,
    numero_controle_pncp: controlNumber(n),
    orgao_cnpj: n.orgao_cnpj,
    orgao_nome: n.orgao_nome,
    ano: String(n.ano),
    numero_sequencial: String(n.numero_sequencial),
    modalidade_licitacao_id: String(n.modalidade_licitacao_id),
    modalidade_licitacao_nome: n.modalidade_licitacao_nome,
    situacao_nome: "Divulgada no PNCP",
    unidade_nome: n.unidade_nome,
    municipio_nome: n.municipio_nome,
    uf: n.uf,
    data_publicacao_pncp: n.data_atualizacao_pncp,
    data_atualizacao_pncp: n.data_atualizacao_pncp,
    tem_resultado: true,
    cancelado: false,
  };
}

function matches(n: FakePncpNotice, q: string, ufs: string[], modalities: string[]) {
  if (ufs.length > 0 && !ufs.includes(n.uf)) return false;
  if (modalities.length > 0 && !modalities.includes(String(n.modalidade_licitacao_id))) return false;
  if (!q) return true;
  const needle = q.toLowerCase();
  return (
    n.description.toLowerCase().includes(needle) ||
    n.itens.some((t) => t.descricao.toLowerCase().includes(needle))
  );
}

const list = (value: string | null) => (value ? value.split("|").filter(Boolean) : []);

/** Starts the fake on 127.0.0.1 at a free port; `baseUrl` is what PNCP_BASE_URL takes. */
export async function startFakePncp(catalogue = fakePncpCatalogue()): Promise<FakePncp> {
  const requests: string[] = [];
  const resultRequestTimes: number[] = [];
  let failures = 0;
  let hanging = false;
  let malformed = false;
  const hung = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${url.pathname}${url.search}`);
    if (/\/resultados$/.test(url.pathname)) resultRequestTimes.push(performance.now());
    if (hanging) {
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    if (failures > 0) {
      failures--;
      return send(res, 500, { message: "Erro interno" });
    }
    if (malformed) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end('{"items": [{"numero_controle_pncp": 1}], "tot');
    }
    if (url.pathname === "/api/search/" || url.pathname === "/api/search") {
      const q = url.searchParams.get("q") ?? "";
      const found = catalogue.filter((n) =>
        matches(n, q, list(url.searchParams.get("ufs")), list(url.searchParams.get("modalidades"))),
      );
      const page = Math.max(1, Number(url.searchParams.get("pagina") ?? 1));
      const size = Math.max(1, Number(url.searchParams.get("tam_pagina") ?? 10));
      return send(res, 200, {
        items: found.slice((page - 1) * size, page * size).map(searchItem),
        total: found.length,
        filters: {},
      });
    }
    const path = url.pathname.match(
      /^\/api\/pncp\/v1\/orgaos\/(\d{14})\/compras\/(\d+)\/(\d+)\/itens(?:\/(quantidade|\d+\/resultados))?$/,
    );
    const notice =
      path &&
      catalogue.find(
        (n) =>
          n.orgao_cnpj === path[1] && n.ano === Number(path[2]) && n.numero_sequencial === Number(path[3]),
      );
    if (!path || !notice) return send(res, 404, { message: "Não encontrado" });
    const rest = path[4];
    if (rest === "quantidade") return send(res, 200, notice.itens.length);
    if (rest) {
      const item = notice.itens.find((t) => t.numeroItem === Number(rest.split("/")[0]));
      if (!item) return send(res, 404, { message: "Item não encontrado" });
      return send(
        res,
        200,
        item.resultados.map((r, index) => ({
          ...r,
          numeroItem: item.numeroItem,
          sequencialResultado: index + 1,
          numeroControlePNCPCompra: controlNumber(notice),
          situacaoCompraItemResultadoNome: "Informado",
        })),
      );
    }
    const page = Math.max(1, Number(url.searchParams.get("pagina") ?? 1));
    const size = Math.max(1, Number(url.searchParams.get("tamanhoPagina") ?? 10));
    return send(
      res,
      200,
      notice.itens.slice((page - 1) * size, page * size).map(({ resultados: _, ...item }) => ({
        ...item,
        materialOuServico: item.materialOuServicoNome === "Material" ? "M" : "S",
        criterioJulgamentoId: 1,
        situacaoCompraItemNome: "Homologado",
      })),
    );
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    server,
    catalogue,
    requests,
    resultRequestTimes,
    failNext: (count) => {
      failures = count;
    },
    hang: (on) => {
      hanging = on;
      if (!on) for (const res of hung) res.destroy();
    },
    malformed: (on) => {
      malformed = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
