// Interface texts of the supplier's registration (notices-and-accounts §2.12; the spec shows no screen,
// so these are ours, in pt-BR).
export const SUPPLIER_REGISTRATION_TEXTS = {
  title: "Cadastro de fornecedor",
  description:
    "Cadastre a sua empresa ou a sua atividade como pessoa física para participar dos processos da plataforma.",
  renewalTitle: "Renovação de cadastro",
  renewalDescription: "Mantenha atualizados os dados de contato e o endereço do seu cadastro de fornecedor.",
  notSupplier: "O cadastro de fornecedor está disponível apenas para contas de fornecedor.",
  identification: "1. Identificação",
  companyData: "2. Dados cadastrais e endereço",
  representative: "Representante legal e porte",
  declarations: "3. Declarações",
  membershipTerms: "4. Termo de adesão",
  finish: "5. Finalização",
  start: "Iniciar cadastro",
  saveData: "Salvar dados",
  saveDeclarations: "Salvar declarações",
  finishButton: "Salvar e finalizar cadastro",
  dataSaved: "Dados do cadastro salvos",
  declarationsSaved: "Declarações registradas",
  started: "Cadastro iniciado",
  termsAttached: "Arquivo anexado com sucesso",
  completed: "Cadastro enviado para análise",
  lookedUp: "Preenchido a partir do CNPJ",
  cepFilled: "Preenchido a partir do CEP",
  downloadTerms: "Baixar termo de adesão",
  requestSignature: "Solicitar assinatura digital",
  attachTerms: "Anexar termo assinado (PDF)",
  termsIntro:
    "Baixe o termo de adesão gerado com os dados do cadastro, assine-o com certificado digital ICP-Brasil (ou de próprio punho, com firma reconhecida) e anexe o PDF assinado.",
  termsAttachedAt: "Termo assinado anexado",
  digitalSignatureFound: "Assinatura digital identificada no arquivo",
  noDigitalSignature: "Nenhuma assinatura digital identificada no arquivo (assinatura manual)",
  signatureRequested: "Assinatura solicitada",
  pending: "Cadastro em análise",
  pendingText: (due: string) =>
    `O seu cadastro foi enviado e será analisado pela equipe da plataforma até ${due} (até 24 horas úteis; cadastros finalizados até as 17h de dias úteis são analisados no mesmo dia). Aguarde ao menos uma hora antes de contatar o suporte para pedir prioridade.`,
  rejected: "Cadastro devolvido para correção",
  rejectedText:
    "A equipe da plataforma devolveu o cadastro com o motivo abaixo. Corrija-o e finalize novamente:",
  approved: "Cadastro aprovado",
  approvedText:
    "O seu cadastro de fornecedor está aprovado. Você pode participar dos processos da plataforma.",
  missing: "Antes de finalizar, conclua:",
  missingLabels: {
    declarations: "as sete declarações",
    membershipTerms: "o termo de adesão assinado",
  } as Record<string, string>,
  missingData: "os dados cadastrais obrigatórios",
  renewalAnalysedWarning:
    "A alteração do nome, do enquadramento ME/EPP ou do representante legal envia o cadastro para nova análise da equipe da plataforma; a do nome ou do representante exige assinar um novo termo de adesão. Contato e endereço são atualizados imediatamente.",
  renewalConfirmTitle: "Enviar o cadastro para nova análise?",
  renewalConfirm: (fields: string) =>
    `Você alterou: ${fields}. O cadastro voltará a ficar em preenchimento e precisará ser finalizado e aprovado novamente antes de novos lances e propostas.`,
  renewalBackToRegistration: "Concluir o cadastro",
  renewalNotStarted: "Você ainda não iniciou o cadastro de fornecedor.",
} as const;
