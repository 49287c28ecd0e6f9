import { brasiliaStamp, createReport } from "../../files/pdf-layout";

// The site regulation of the legislation library (notices-and-accounts §2.1 "The site regulation"),
// drawn by the platform from its own template: the rules of use that every body and supplier
// accepts with its adhesion term. The spec gives no text; these are the platform's rules as built.

export const PLATFORM_REGULATION_TITLE = "Regulamento da Plataforma Certame";

const CHAPTERS: readonly [string, readonly string[]][] = [
  [
    "Objeto e fundamento",
    [
      "Este regulamento disciplina o uso da plataforma Certame para a realização de licitações e contratações públicas na forma eletrônica, nos termos da Lei nº 14.133/2021, da Lei nº 10.520/2002 e do Decreto nº 10.024/2019, no que couber, e da Lei Complementar nº 123/2006 quanto ao tratamento diferenciado de microempresas e empresas de pequeno porte.",
      "A plataforma é o ambiente em que os órgãos promotores publicam seus processos e em que os fornecedores apresentam propostas, ofertam lances, enviam documentos e interpõem recursos.",
    ],
  ],
  [
    "Cadastro e credenciamento",
    [
      "O acesso depende de cadastro pessoal, com nome, CPF e e-mail confirmado por link enviado pela plataforma. A senha é pessoal e intransferível; o titular responde por todos os atos praticados com o seu acesso.",
      "O órgão promotor informa seus dados, a autoridade competente, as secretarias e os usuários com seus perfis de acesso (autoridade competente, agente de contratação ou pregoeiro, equipe de apoio e demais perfis), e assina o termo de adesão do órgão promotor.",
      "O fornecedor informa os dados da empresa (ou, pessoa física, os seus), o endereço, o representante legal e o porte, presta as declarações exigidas e assina o termo de adesão de pessoa jurídica ou de pessoa física.",
    ],
  ],
  [
    "Análise dos cadastros",
    [
      "Concluído o cadastro, a equipe da plataforma o analisa em até 24 (vinte e quatro) horas úteis, contadas em dias úteis de Brasília, excluídos os sábados, domingos e feriados nacionais. Os cadastros concluídos até as 17h de um dia útil começam a ser analisados no mesmo dia; os demais, a partir do dia útil seguinte.",
      "Aprovado o cadastro, o usuário é informado por e-mail. Reprovado, o usuário recebe por e-mail o motivo, corrige o cadastro e o conclui novamente, quando se inicia novo prazo de análise.",
      "Enquanto o cadastro não for aprovado, o órgão promotor não publica processos e o fornecedor não apresenta propostas nem oferta lances. Recomenda-se aguardar ao menos uma hora após a conclusão antes de contatar o suporte para pedir prioridade.",
    ],
  ],
  [
    "Publicação dos processos",
    [
      "O órgão promotor publica o edital com os seus anexos, os lotes e as datas do processo. A publicação gera o comprovante de publicação com a data e a hora oficiais de Brasília e o resumo criptográfico (SHA-256) do conteúdo publicado.",
      "Os pedidos de esclarecimento e as impugnações são apresentados e respondidos pela plataforma, nos prazos da legislação aplicável.",
    ],
  ],
  [
    "Propostas, sessão pública e lances",
    [
      "O fornecedor cadastra sua proposta inicial até a abertura da sessão, com as declarações exigidas pelo edital. A participação depende de cadastro aprovado e de assinatura ou crédito de participação vigente.",
      "Na sessão pública, os lances são registrados com a data e a hora oficiais de Brasília, sem identificação do licitante para os demais participantes, conforme o modo de disputa do edital. O agente de contratação ou pregoeiro conduz a sessão, e as mensagens trocadas ficam registradas.",
      "Encerrada a disputa, seguem-se a negociação, o julgamento, a habilitação e a fase recursal, na forma do edital e da lei.",
    ],
  ],
  [
    "Registros e integridade",
    [
      "Todos os atos praticados na plataforma são registrados em trilha de eventos encadeada, com data, hora e autor, de forma a permitir a verificação da integridade e a auditoria dos processos.",
      "As atas e os relatórios da sessão são gerados pela plataforma e ficam disponíveis aos interessados na forma da lei.",
    ],
  ],
  [
    "Proteção de dados pessoais",
    [
      "Os dados pessoais são tratados de acordo com a Lei nº 13.709/2018 (LGPD), exclusivamente para as finalidades das contratações públicas e da transparência exigida por lei, com acesso restrito aos perfis que deles necessitam.",
    ],
  ],
  [
    "Disposições finais",
    [
      "A plataforma pode ser atualizada para atender a alterações da legislação; as mudanças deste regulamento são publicadas nesta biblioteca e valem a partir da publicação, sem efeito sobre os processos em andamento.",
      "Os casos omissos são resolvidos pela equipe da plataforma, observada a legislação aplicável.",
    ],
  ],
];

/** The regulation as a PDF, stamped with the time it was issued. */
export function renderPlatformRegulation(issuedAt: Date): Promise<Buffer> {
  const report = createReport({ title: PLATFORM_REGULATION_TITLE, subject: "Regras de uso", issuedAt });
  report.heading(
    PLATFORM_REGULATION_TITLE,
    `Regras de uso da plataforma para órgãos promotores e fornecedores. Documento emitido em ${brasiliaStamp(issuedAt)} (horário de Brasília).`,
  );
  let article = 0;
  CHAPTERS.forEach(([title, articles], i) => {
    report.section(`Capítulo ${i + 1} — ${title}`);
    for (const text of articles) {
      article += 1;
      report.paragraph(`Art. ${article}º ${text}`);
      report.doc.moveDown(0.4);
    }
  });
  return report.finish();
}
