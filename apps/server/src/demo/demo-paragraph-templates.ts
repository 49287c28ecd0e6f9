import type { Tx } from "../db/client";
import { paragraphTemplates } from "../db/schema";
import { sha256Hex } from "../modules/registration/signature-provider";

/**
 * Issue 16's demo: the demo body's paragraph history ('Usar do histórico', planning §2.10), as if
 * earlier reference terms had used these custom paragraphs — so a first term has something to reuse.
 */
const DEMO_PARAGRAPHS: { chapterCode: string; content: string; usageCount: number }[] = [
  {
    chapterCode: "CONTRACTING_JUSTIFICATION",
    content:
      "A contratação atende à demanda contínua das unidades requisitantes, conforme o consumo médio apurado nos últimos doze meses e registrado no sistema de almoxarifado do Município.",
    usageCount: 3,
  },
  {
    chapterCode: "CONTRACTING_JUSTIFICATION",
    content:
      "O quantitativo estimado considera a reposição dos estoques mínimos e a abertura de novas unidades de atendimento previstas no Plano Plurianual.",
    usageCount: 1,
  },
  {
    chapterCode: "OBJECT_EXECUTION_MODEL",
    content:
      "As entregas serão acompanhadas de nota fiscal e conferidas pelo almoxarifado central, que poderá recusar os itens em desacordo com as especificações deste Termo de Referência.",
    usageCount: 2,
  },
  {
    chapterCode: "CONTRACT_MANAGEMENT_MODEL",
    content:
      "A comunicação entre o fiscal do contrato e a contratada será feita preferencialmente por escrito, admitindo-se o correio eletrônico institucional.",
    usageCount: 2,
  },
];

export async function insertDemoParagraphTemplates(tx: Tx, buyerId: string, at: Date) {
  await tx
    .insert(paragraphTemplates)
    .values(
      DEMO_PARAGRAPHS.map((p) => ({
        buyerId,
        chapterCode: p.chapterCode,
        content: p.content,
        contentSha256: sha256Hex(Buffer.from(p.content, "utf8")),
        usageCount: p.usageCount,
        createdDate: at,
        updatedDate: at,
      })),
    )
    .onConflictDoNothing();
}
