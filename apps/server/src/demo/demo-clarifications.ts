import { clarificationAnswerDeadline } from "@certame/domain";
import type { Tx } from "../db/client";
import { noticeClarifications } from "../db/schema";

const DAY = 86_400_000;

export const DEMO_CLARIFICATION_ID = "00000000-0000-4000-8000-000000002201";

/**
 * Issue 19 item 1: one answered clarification on the open demo notice (PE 10/2026), asked by the demo
 * citizen the day after publication and answered by the auctioneer, so `npm start` shows it on
 * /detalhes-do-edital and /visualizar-esclarecimentos.
 */
export async function insertDemoClarifications(
  tx: Tx,
  ids: { noticeId: string; requesterUserId: string; auctioneerUserId: string },
  now: number,
) {
  const asked = new Date(now - DAY);
  await tx
    .insert(noticeClarifications)
    .values({
      id: DEMO_CLARIFICATION_ID,
      auctionNoticeId: ids.noticeId,
      kind: "CLARIFICATION",
      status: "ANSWERED",
      requesterUserId: ids.requesterUserId,
      text: "Os notebooks do lote 1 podem ser entregues com o sistema operacional Linux, ou é obrigatória a licença do Windows?",
      answerDueAt: clarificationAnswerDeadline(asked),
      answer:
        "Conforme o termo de referência (item 4.2), é obrigatória a licença OEM do Windows 11 Pro, pois os equipamentos serão integrados ao domínio da Prefeitura.",
      answeredAt: new Date(now - DAY / 2),
      answeredByUserId: ids.auctioneerUserId,
      createdDate: asked,
      updatedDate: new Date(now - DAY / 2),
    })
    .onConflictDoNothing();
}
