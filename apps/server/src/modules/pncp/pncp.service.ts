import {
  type CredentialKind,
  credentialKindFromPersonType,
  cutPurchaseObject,
  formatBRL,
  isSmallBusinessSize,
  type PncpItemResultsInput,
  type PncpItemResultView,
  type PncpItemsInput,
  type PncpItemView,
  type PncpNoticeView,
  type PncpSearchInput,
  PRICE_SEARCH_PAGE_SIZE,
  parsePncpItemId,
  pncpItemId,
  portalStatesFilter,
  reaisToCents,
  totalPagesOf,
} from "@certame/domain";
import { badRequest, type PropertyError } from "../../http/errors";
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

/** A portal item of a basket as the portal has it (the price the report uses is the portal's). */
export interface CheckedPortalItem {
  itemId: string;
  itemNumber: number;
  description: string | null;
  cents: number;
  supplier: {
    documentNumber: string;
    name: string;
    credentialKind: CredentialKind;
    isSmallBusiness: boolean;
  };
  homologationDate: string | null;
}

const brl = (cents: number) => formatBRL(cents, 2);

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

  /**
   * Issue 35 item 4: the basket's portal prices are never taken from the client. Each item is read again
   * through the portal client (its cache, else the portal) and a price that differs from the homologated
   * one is refused naming the item; all at once, so the calls share one deadline (§7 spacing included).
   */
  async checkBasket(items: readonly { itemId: string; price: number }[]): Promise<CheckedPortalItem[]> {
    const checked = await Promise.all(
      items.map(async (sent, index) => {
        const id = parsePncpItemId(sent.itemId);
        if (!id) throw new Error(`item id validated by the schema: ${sent.itemId}`);
        const purchase = purchaseOf(id);
        const page = Math.ceil(id.itemNumber / PRICE_SEARCH_PAGE_SIZE);
        // The items' page the modal read (same URL, so the cache answers); the description only.
        const [results, pageItems] = await Promise.all([
          this.portal.itemResults(purchase, id.itemNumber),
          this.portal.items(purchase, page, PRICE_SEARCH_PAGE_SIZE),
        ]);
        return {
          sent,
          index,
          id,
          result: results[0],
          item: pageItems.find((t) => t.numeroItem === id.itemNumber),
        };
      }),
    );
    const problems: PropertyError[] = [];
    const out: CheckedPortalItem[] = [];
    for (const { sent, index, id, result, item } of checked) {
      const portalCents =
        result?.valorUnitarioHomologado == null ? null : reaisToCents(result.valorUnitarioHomologado);
      if (!result || portalCents === null) {
        problems.push({
          property: `priceSearchData.items.${index}.itemId`,
          errorMessages: [
            `O item ${sent.itemId} não tem resultado homologado no Portal Nacional de Contratações Públicas.`,
          ],
        });
        continue;
      }
      const sentCents = reaisToCents(sent.price);
      if (sentCents !== portalCents) {
        problems.push({
          property: `priceSearchData.items.${index}.price`,
          errorMessages: [
            `O preço do item ${sent.itemId} (${brl(sentCents)}) difere do homologado no Portal Nacional de Contratações Públicas (${brl(portalCents)}).`,
          ],
        });
        continue;
      }
      out.push({
        itemId: sent.itemId,
        itemNumber: id.itemNumber,
        description: item?.descricao ?? null,
        cents: portalCents,
        supplier: {
          documentNumber: result.niFornecedor,
          name: result.nomeRazaoSocialFornecedor,
          credentialKind: credentialKindFromPersonType(result.tipoPessoa),
          isSmallBusiness: isSmallBusinessSize(result.porteFornecedorNome),
        },
        homologationDate: result.dataInclusao ?? null,
      });
    }
    const first = problems[0]?.errorMessages[0];
    if (first) throw badRequest(first, problems);
    return out;
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
