// Law clauses ('fundamento legal') offered with a legislation (notices-and-accounts §3 "lawClause
// {id, name}", §7 app/lawClause/list and app/lawClause/getLawsClauses). Texts summarise the
// provisions of Lei 14.133/2021 (arts. 28, 74, 75, 79, 80), Lei 13.303/2016 (arts. 29, 30, 32,
// 49, 51, 64) and the other acts; codes are stable and never reused.
import type { LegislationCode } from "./legislation";

export interface LawClause {
  readonly code: string;
  readonly legislation: LegislationCode;
  readonly name: string;
}

const L14133 = "LEI_14133_2021" as const;
const L13303 = "LEI_13303_2016" as const;

export const LAW_CLAUSES = [
  // Lei 14.133/2021, art. 28: modalities of bidding.
  { code: "LEI_14133_2021_ART28_I", legislation: L14133, name: "Art. 28, I - Pregão" },
  { code: "LEI_14133_2021_ART28_II", legislation: L14133, name: "Art. 28, II - Concorrência" },
  { code: "LEI_14133_2021_ART28_IV", legislation: L14133, name: "Art. 28, IV - Leilão" },
  { code: "LEI_14133_2021_ART28_V", legislation: L14133, name: "Art. 28, V - Diálogo competitivo" },
  // Lei 14.133/2021, art. 74: inexigibilidade.
  {
    code: "LEI_14133_2021_ART74_I",
    legislation: L14133,
    name: "Art. 74, I - Materiais, equipamentos, gêneros ou serviços fornecidos por produtor, empresa ou representante comercial exclusivos",
  },
  {
    code: "LEI_14133_2021_ART74_II",
    legislation: L14133,
    name: "Art. 74, II - Profissional do setor artístico, diretamente ou por meio de empresário exclusivo",
  },
  {
    code: "LEI_14133_2021_ART74_III",
    legislation: L14133,
    name: "Art. 74, III - Serviços técnicos especializados de natureza predominantemente intelectual com profissionais ou empresas de notória especialização",
  },
  {
    code: "LEI_14133_2021_ART74_IV",
    legislation: L14133,
    name: "Art. 74, IV - Objetos que devam ou possam ser contratados por meio de credenciamento",
  },
  {
    code: "LEI_14133_2021_ART74_V",
    legislation: L14133,
    name: "Art. 74, V - Aquisição ou locação de imóvel cujas características de instalações e de localização tornem necessária sua escolha",
  },
  // Lei 14.133/2021, art. 75: dispensa.
  {
    code: "LEI_14133_2021_ART75_I",
    legislation: L14133,
    name: "Art. 75, I - Obras e serviços de engenharia ou serviços de manutenção de veículos automotores de valor inferior a R$ 100.000,00 (valor atualizado por decreto)",
  },
  {
    code: "LEI_14133_2021_ART75_II",
    legislation: L14133,
    name: "Art. 75, II - Outros serviços e compras de valor inferior a R$ 50.000,00 (valor atualizado por decreto)",
  },
  {
    code: "LEI_14133_2021_ART75_III",
    legislation: L14133,
    name: "Art. 75, III - Licitação realizada há menos de 1 ano deserta, sem propostas válidas ou com preços manifestamente superiores aos de mercado",
  },
  {
    code: "LEI_14133_2021_ART75_IV_A",
    legislation: L14133,
    name: "Art. 75, IV, a - Bens, componentes ou peças adquiridos do fornecedor original durante o período de garantia técnica",
  },
  {
    code: "LEI_14133_2021_ART75_IV_C",
    legislation: L14133,
    name: "Art. 75, IV, c - Produtos para pesquisa e desenvolvimento",
  },
  {
    code: "LEI_14133_2021_ART75_IV_E",
    legislation: L14133,
    name: "Art. 75, IV, e - Hortifrutigranjeiros, pães e outros gêneros perecíveis, com base no preço do dia",
  },
  {
    code: "LEI_14133_2021_ART75_IV_J",
    legislation: L14133,
    name: "Art. 75, IV, j - Coleta, processamento e comercialização de resíduos sólidos recicláveis por associações ou cooperativas de catadores",
  },
  {
    code: "LEI_14133_2021_ART75_IV_K",
    legislation: L14133,
    name: "Art. 75, IV, k - Aquisição ou restauração de obras de arte e objetos históricos de autenticidade certificada",
  },
  {
    code: "LEI_14133_2021_ART75_IV_M",
    legislation: L14133,
    name: "Art. 75, IV, m - Medicamentos destinados exclusivamente ao tratamento de doenças raras",
  },
  {
    code: "LEI_14133_2021_ART75_V",
    legislation: L14133,
    name: "Art. 75, V - Contratação para inovação e pesquisa científica e tecnológica (arts. 3º, 3º-A, 4º, 5º e 20 da Lei nº 10.973/2004)",
  },
  {
    code: "LEI_14133_2021_ART75_VII",
    legislation: L14133,
    name: "Art. 75, VII - Guerra, estado de defesa, estado de sítio, intervenção federal ou grave perturbação da ordem",
  },
  {
    code: "LEI_14133_2021_ART75_VIII",
    legislation: L14133,
    name: "Art. 75, VIII - Emergência ou calamidade pública",
  },
  {
    code: "LEI_14133_2021_ART75_IX",
    legislation: L14133,
    name: "Art. 75, IX - Bens ou serviços de órgão ou entidade da Administração Pública criados para esse fim específico",
  },
  {
    code: "LEI_14133_2021_ART75_XIV",
    legislation: L14133,
    name: "Art. 75, XIV - Associação de pessoas com deficiência, sem fins lucrativos",
  },
  {
    code: "LEI_14133_2021_ART75_XV",
    legislation: L14133,
    name: "Art. 75, XV - Instituição brasileira de ensino, pesquisa, extensão ou desenvolvimento institucional, ou de recuperação social da pessoa presa",
  },
  // Lei 14.133/2021, art. 79: credenciamento.
  {
    code: "LEI_14133_2021_ART79_I",
    legislation: L14133,
    name: "Art. 79, I - Credenciamento para contratação paralela e não excludente",
  },
  {
    code: "LEI_14133_2021_ART79_II",
    legislation: L14133,
    name: "Art. 79, II - Credenciamento com seleção a critério de terceiros",
  },
  {
    code: "LEI_14133_2021_ART79_III",
    legislation: L14133,
    name: "Art. 79, III - Credenciamento em mercados fluidos",
  },
  // Lei 14.133/2021, art. 80: pré-qualificação.
  {
    code: "LEI_14133_2021_ART80_I",
    legislation: L14133,
    name: "Art. 80, I - Pré-qualificação de licitantes que reúnam condições de habilitação",
  },
  {
    code: "LEI_14133_2021_ART80_II",
    legislation: L14133,
    name: "Art. 80, II - Pré-qualificação de bens que atendam às exigências técnicas ou de qualidade",
  },
  // Lei 13.303/2016 (empresas públicas e sociedades de economia mista).
  {
    code: "LEI_13303_2016_ART29_I",
    legislation: L13303,
    name: "Art. 29, I - Obras e serviços de engenharia de valor até R$ 100.000,00",
  },
  {
    code: "LEI_13303_2016_ART29_II",
    legislation: L13303,
    name: "Art. 29, II - Outros serviços e compras de valor até R$ 50.000,00",
  },
  {
    code: "LEI_13303_2016_ART29_III",
    legislation: L13303,
    name: "Art. 29, III - Licitação anterior sem interessados que não possa ser repetida sem prejuízo",
  },
  {
    code: "LEI_13303_2016_ART29_IV",
    legislation: L13303,
    name: "Art. 29, IV - Propostas com preços manifestamente superiores aos praticados no mercado",
  },
  {
    code: "LEI_13303_2016_ART29_V",
    legislation: L13303,
    name: "Art. 29, V - Compra ou locação de imóvel destinado às finalidades precípuas da empresa",
  },
  {
    code: "LEI_13303_2016_ART29_XV",
    legislation: L13303,
    name: "Art. 29, XV - Situação de emergência",
  },
  {
    code: "LEI_13303_2016_ART30_CAPUT",
    legislation: L13303,
    name: "Art. 30, caput - Contratação direta por inviabilidade de competição",
  },
  {
    code: "LEI_13303_2016_ART30_I",
    legislation: L13303,
    name: "Art. 30, I - Materiais, equipamentos ou gêneros fornecidos por produtor, empresa ou representante comercial exclusivo",
  },
  {
    code: "LEI_13303_2016_ART30_II",
    legislation: L13303,
    name: "Art. 30, II - Serviços técnicos especializados com profissionais ou empresas de notória especialização",
  },
  {
    code: "LEI_13303_2016_ART32_IV",
    legislation: L13303,
    name: "Art. 32, IV - Pregão para aquisição de bens e serviços comuns",
  },
  {
    code: "LEI_13303_2016_ART49",
    legislation: L13303,
    name: "Art. 49 - Alienação de bens precedida de avaliação e licitação",
  },
  {
    code: "LEI_13303_2016_ART51",
    legislation: L13303,
    name: "Art. 51 - Licitação das empresas públicas e sociedades de economia mista",
  },
  {
    code: "LEI_13303_2016_ART64_I",
    legislation: L13303,
    name: "Art. 64, I - Pré-qualificação permanente de fornecedores",
  },
  {
    code: "LEI_13303_2016_ART64_II",
    legislation: L13303,
    name: "Art. 64, II - Pré-qualificação permanente de bens",
  },
  // Other acts of the dispensa and legacy lists.
  {
    code: "LEI_11947_2009_ART14_P1",
    legislation: "LEI_11947_2009",
    name: "Art. 14, § 1º - Gêneros alimentícios da agricultura familiar para a alimentação escolar (PNAE), com dispensa de licitação",
  },
  {
    code: "LEI_13979_2020_ART4",
    legislation: "LEI_13979_2020",
    name: "Art. 4º - Dispensa de licitação para o enfrentamento da emergência de saúde pública decorrente do coronavírus",
  },
  {
    code: "LEI_10520_2002_ART1",
    legislation: "LEI_10520_2002",
    name: "Art. 1º - Pregão para aquisição de bens e serviços comuns",
  },
  {
    code: "LEI_8666_1993_ART22_II",
    legislation: "LEI_8666_1993",
    name: "Art. 22, II - Tomada de preços",
  },
] as const satisfies readonly LawClause[];

export type LawClauseCode = (typeof LAW_CLAUSES)[number]["code"];

export function lawClauseByCode(code: LawClauseCode): LawClause {
  const found = LAW_CLAUSES.find((c) => c.code === code);
  if (!found) throw new RangeError(`fundamento legal desconhecido: ${code}`);
  return found;
}
