import { anonymousBidderName } from "@certame/domain";
import { CONNECTION_ERROR_MESSAGE } from "../../ui/texts";
// The trading room's interface texts, verbatim from trading-room §2 and §8.

export const ROOM_TEXTS = {
  title: "Sala de negociação",
  started: "Sala de negociações iniciada.",
  startedHint: "Em caso de dúvidas, entre em contato pelo chat.",
  startError: "Não foi possível iniciar a sala de negociações, tente novamente.",
  lotSwitchError: "Não foi possível carregar os dados do lote selecionado, tente novamente.",
  noLots: "Esse edital não possui lotes para negociação, tente outro edital.",
  reconnectFailed: "Falha ao reconectar sala de negociação, por favor tente novamente.",
  accessRefused: "Não é possível acessar sala de negociação",
  chatConnectionError: "Erro ao se conectar com chat, tente novamente",
  bidsLoadError: "Erro ao carregar lances",
  phasesLoadError: "Erro ao carregar fases",
  actionError: "Erro ao executar ação, tente novamente por favor",
  connectionError: CONNECTION_ERROR_MESSAGE,
  // Header
  buyer: "Órgão Promotor",
  notice: "Edital",
  modality: "Modalidade",
  processStart: "Início do Processo",
  closingKind: "Modo de disputa",
  // Lot table
  lotCaption: "Selecione um lote para ver mais detalhes",
  clearFilters: "Limpar Filtros",
  generalMessage: "Nova Mensagem Geral do Pregoeiro/Agente de Contratação",
  newMessageOneLot: "Nova Mensagem no lote/Item:",
  newMessageManyLots: "Nova Mensagem nos lotes/Itens:",
  suppliersInLot: "Licitantes no lote/item",
  suppliersOnline: "Licitantes online no processo",
  auctioneerOnline: "Pregoeiro online",
  auctioneerOffline: "Pregoeiro offline",
  infeasible:
    "O valor do licitante poderá ser considerado inexequível, nos termos da Instrução Normativa SEGES/ME nº 73/2022.",
  divergentBid:
    "O item de ampla participação e o item de cota reservada têm a mesma empresa em primeiro lugar, porém com lances divergentes.",
  // Control panel
  controlPanel: "Painel de controle",
  discount: "Desconto",
  currentBid: "Lance atual",
  discountedValue: "Valor Descontado",
  bestBid: "Melhor lance",
  bestDiscountedValue: "Melhor valor Descontado",
  send: "Enviar",
  cancelOwnBid: "Cancelar lance",
  referencePrice: "Preço de referência",
  currentVariation: "Variação atual",
  percentVariation: "Variação percentual",
  quantity: "Quantidade",
  totalValue: "Valor total",
  minimumVariation: "Variação mínima",
  previousPhase: "Voltar fase",
  nextPhase: "Próxima fase",
  // Modals
  newBidTitle: "Novo lance",
  cancelBidTitle: "Cancelar lance",
  cancelBidQuestion: "Tem certeza que deseja cancelar esse lance?",
  cancelBidReason: "Justifique o motivo do cancelamento",
  confirmCancellation: "Confirmar cancelamento",
  applyToNext: "Aplicar ação para os próximos",
  awardAndHomologate: "Adjudicar o lote/item e Homologar o Processo",
  // Bid table
  bidHistory: "Histórico de lances",
  // Chat
  noChatAccess: "Sem acesso ao chat",
  loadingMessages: "Carregando mensagens...",
  noMessages: "Nenhuma mensagem foi enviada ainda",
  messagePlaceholder: "Digite sua mensagem...",
  chatDisabled: "Chat desabilitado",
  sendToAllLots: "Enviar para todos os lotes",
} as const;

// Live announcements, the tie call banner and the sound option (issue 12 items 2–4).

const joinNumbers = (numbers: readonly number[]) =>
  numbers.length <= 1
    ? String(numbers[0] ?? "")
    : `${numbers.slice(0, -1).join(", ")} e ${numbers[numbers.length - 1]}`;

export const ANNOUNCE_TEXTS = {
  bestBid: (lot: number, value: string) => `Lote ${lot}: novo melhor lance ${value}.`,
  ownBidAccepted: (lot: number, value: string) => `Seu lance de ${value} no lote ${lot} foi aceito.`,
  ownBidRefused: (lot: number, reason: string) => `Seu lance no lote ${lot} foi recusado: ${reason}`,
  phase: (lots: readonly number[], phase: string) =>
    lots.length === 1 ? `Lote ${lots[0]}: fase ${phase}.` : `Lotes ${joinNumbers(lots)}: fase ${phase}.`,
  extended: (lot: number, time: string) => `Lote ${lot}: prazo da disputa prorrogado até ${time}.`,
  documentsExtended: (lot: number, dateTime: string) =>
    `Lote ${lot}: prazo para envio de documentos prorrogado até ${dateTime}.`,
  tieCallOwn: (lot: number, own: number, value: string, time: string) =>
    `Lote ${lot}: você (${anonymousBidderName(own)}) foi convocado(a) para o desempate (ME/EPP). Apresente lance melhor que ${value} até ${time}.`,
  tieCallOther: (lot: number, called: number) =>
    `Lote ${lot}: ${anonymousBidderName(called)} (ME/EPP) convocado(a) para o desempate.`,
  lastMinute: (lot: number) => `Lote ${lot}: último minuto da disputa.`,
  chatToYou: (lot: number, text: string) => `Mensagem para você no lote ${lot}: ${text}`,
} as const;

export const LIVE_TEXTS = {
  /** The supplier's own anonymous number in the room header. */
  ownNumber: (n: number) => `Você é o ${anonymousBidderName(n)}`,
  tieTitle: (lot: number) => `Convocação para desempate (ME/EPP) — Lote ${lot}`,
  tieBody: (own: number) =>
    `Você (${anonymousBidderName(own)}) foi convocado(a) a apresentar lance melhor que o melhor lance atual (LC 123/2006, art. 44).`,
  tieValue: "Valor a cobrir",
  tieTimeLeft: "Tempo restante para o desempate",
  tieGoToLot: (lot: number) => `Ir para o lote ${lot}`,
  soundSwitch: "Avisar com som",
  soundHint:
    "Toca um aviso sonoro (e uma notificação do navegador, se permitida) quando você for convocado(a).",
  notificationTitle: "Convocação para desempate",
  notificationBody: (lot: number) =>
    `Você foi convocado(a) a apresentar lance melhor que o melhor lance atual no lote ${lot}.`,
  // The bid input
  lowBidTitle: "Confirmar lance",
  lowBidText: (value: string, percent: string, direction: "abaixo" | "acima", best: string) =>
    `O lance de ${value} está ${percent} ${direction} do melhor lance do lote (${best}). Deseja mesmo enviar este lance?`,
  bidSent: "Lance enviado",
  bidAccepted: (value: string, lot: number) => `Lance de ${value} registrado no lote ${lot}.`,
} as const;

// The room's structure: headings, the skip link and the scroll boxes (issue 12 items 1, 3, 5).
export const LAYOUT_TEXTS = {
  lotsHeading: "Lotes",
  bidsHeading: "Lances",
  chatHeading: (lot: number) => `Chat — Lote ${lot}`,
  skipToBid: "Ir para Novo lance",
  bidsScrollBox: "Lista de lances",
  lotsScrollBox: "Lista de lotes",
  chatScrollBox: (lot: number) => `Histórico de mensagens do lote ${lot}`,
} as const;
