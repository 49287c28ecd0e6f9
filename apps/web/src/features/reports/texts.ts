// The /relatorios page (notices-and-accounts §2.2 'Relatórios de acesso', §2.16 the access report and
// the minute-and-contract control report). The spec names the page and the reports, not their texts:
// these follow the menu's and the reports' own titles (docs/decisions.md "Reports").
export const REPORTS_TEXTS = {
  title: "Relatórios de acesso",
  description:
    "Baixe o relatório de acesso à sala de negociação de cada processo e o controle de atas e contratos do órgão.",
  controlTitle: "Controle de atas e contratos",
  controlText:
    "Planilha com os processos do órgão, os vencedores adjudicados e a ata de registro de preços ou o contrato a formalizar.",
  controlButton: "Baixar planilha de controle",
  accessTitle: "Relatório de acesso por processo",
  search: "Pesquisar processo",
  searchPlaceholder: "Número do edital, processo ou objeto",
  table: "Processos do órgão",
  accessButton: "Relatório de acesso",
  accessButtonLabel: (noticeNumber: string) => `Baixar o relatório de acesso do edital ${noticeNumber}`,
  empty: "Nenhum processo publicado encontrado.",
  downloadError: "Não foi possível baixar o relatório",
  columns: {
    notice: "Edital",
    object: "Objeto",
    modality: "Modalidade",
    status: "Situação",
    actions: "Ações",
  },
} as const;
