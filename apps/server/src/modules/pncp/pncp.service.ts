import {
  credentialKindFromPersonType,
  cutPurchaseObject,
  isSmallBusinessSize,
  type PncpItemResultsInput,
  type PncpItemResultView,
  type PncpItemsInput,
  type PncpItemView,
  type PncpNoticeView,
  type PncpSearchInput,
  pncpItemId,
  portalStatesFilter,
  totalPagesOf,
} from "@certame/domain";
import type { PncpPortal, PortalNotice, PurchaseKey } from "../../integrations/pncp/pncp-client";

const controlNumberOf = (cnpj: string, year: number, sequence: number) =>
  `${cnpj}-1-${String(sequence).padStart(6, "0")}/${year}`;

function noticeView(n: PortalNotice): PncpNoticeView {
  const year = Number(n.ano);
  const sequence = Number(n.numero_sequencial);
  return {
    numeroControlePNCP: n.numero_controle_pncp,
    orgaoEntidade: { cnpj: n.orgao_cnpj, razaoSocial: n.orgao_nome ?? "" },
    anoCompra: year,
    sequencialCompra: sequence,
    modalidadeNome: n.modalidade_licitacao_nome ?? "",
    dataAtualizacao: n.data_atualizacao_pncp ?? n.data_publicacao_pncp ?? null,
    unidadeOrgao: {
      nomeUnidade: n.unidade_nome ?? "",
      municipioNome: n.municipio_nome ?? "",
      ufSigla: n.uf ?? "",
    },
    objetoCompra: cutPurchaseObject(n.description ?? n.title ?? ""),
  };
}

/** The price search through the server (planning §2.9, §7 "Price search"); the portal's errors pass up. */
export class PncpService {
  constructor(private readonly portal: PncpPortal) {}

  async search(input: PncpSearchInput): Promise<{ list: PncpNoticeView[]; totalPages: number }> {
    const page = await this.portal.search({
      q: input.objectOfInterest,
      ufs: portalStatesFilter(input.states),
      modalities: [...new Set(input.modalities)],
      page: input.page,
      size: input.limitPerPage,
    });
    return { list: page.items.map(noticeView), totalPages: totalPagesOf(page.total, input.limitPerPage) };
  }

  async items(input: PncpItemsInput): Promise<{ list: PncpItemView[]; totalPages: number }> {
    const purchase = purchaseOf(input);
    const [count, items] = await Promise.all([
      this.portal.itemCount(purchase),
      this.portal.items(purchase, input.page, input.limitPerPage),
    ]);
    const control = controlNumberOf(input.cnpj, input.purchaseYear, input.purchaseSequence);
    return {
      list: items.map((t) => ({
        itemId: pncpItemId(control, t.numeroItem),
        numeroItem: t.numeroItem,
        descricao: t.descricao,
        quantidade: t.quantidade ?? 0,
        unidadeMedida: t.unidadeMedida ?? "",
        valorUnitarioEstimado: t.valorUnitarioEstimado ?? null,
        valorTotal: t.valorTotal ?? null,
        materialOuServicoNome: t.materialOuServicoNome ?? null,
        criterioJulgamentoNome: t.criterioJulgamentoNome ?? null,
        temResultado: t.temResultado ?? false,
      })),
      totalPages: totalPagesOf(count, input.limitPerPage),
    };
  }

  async itemResults(input: PncpItemResultsInput): Promise<{ list: PncpItemResultView[] }> {
    const results = await this.portal.itemResults(purchaseOf(input), input.itemNumber);
    return {
      list: results.map((r) => ({
        niFornecedor: r.niFornecedor,
        tipoPessoa: r.tipoPessoa ?? null,
        nomeRazaoSocialFornecedor: r.nomeRazaoSocialFornecedor,
        porteFornecedorNome: r.porteFornecedorNome ?? null,
        isSmallBusiness: isSmallBusinessSize(r.porteFornecedorNome),
        credentialKind: credentialKindFromPersonType(r.tipoPessoa),
        quantidadeHomologada: r.quantidadeHomologada ?? null,
        valorUnitarioHomologado: r.valorUnitarioHomologado ?? null,
        valorTotalHomologado: r.valorTotalHomologado ?? null,
        codigoPais: r.codigoPais ?? null,
        dataInclusao: r.dataInclusao ?? null,
      })),
    };
  }
}

const purchaseOf = (input: {
  cnpj: string;
  purchaseYear: number;
  purchaseSequence: number;
}): PurchaseKey => ({
  cnpj: input.cnpj,
  year: input.purchaseYear,
  sequence: input.purchaseSequence,
});
