// The seven fixed supplier declarations (notices-and-accounts §2.12; ids 1 to 7). The spec fixes their
// meaning and says the Portuguese text is fixed in the product; these are our texts. The server keeps,
// per supplier, which declaration was accepted, when, by whom, and the SHA-256 of the text accepted,
// so a later change of wording never rewrites what a supplier declared.
export interface SupplierDeclaration {
  id: number;
  text: string;
}

export const SUPPLIER_DECLARATIONS: readonly SupplierDeclaration[] = [
  {
    id: 1,
    text: "Declaro que estou ciente e concordo com as condições contidas no edital e em seus anexos, bem como de que cumpro plenamente os requisitos de habilitação definidos no edital.",
  },
  {
    id: 2,
    text: "Declaro, sob as penas da lei, que até a presente data inexistem fatos impeditivos para a minha habilitação no presente processo, ciente da obrigatoriedade de declarar ocorrências posteriores.",
  },
  {
    id: 3,
    text: "Declaro que não emprego menor de 18 anos em trabalho noturno, perigoso ou insalubre e não emprego menor de 16 anos, salvo menor, a partir de 14 anos, na condição de aprendiz, nos termos do art. 7º, XXXIII, da Constituição Federal, da Lei nº 14.133/2021 e da Lei nº 9.854/1999.",
  },
  {
    id: 4,
    text: "Declaro que a proposta apresentada foi elaborada de maneira independente, nos termos da Instrução Normativa SLTI/MP nº 2, de 16 de setembro de 2009.",
  },
  {
    id: 5,
    text: "Declaro que não possuo, em minha cadeia produtiva, empregados executando trabalho degradante ou forçado, observando o disposto nos incisos III e IV do art. 1º e no inciso III do art. 5º da Constituição Federal.",
  },
  {
    id: 6,
    text: "Declaro que cumpro as exigências de reserva de cargos para pessoa com deficiência e para reabilitado da Previdência Social, previstas no art. 93 da Lei nº 8.213/1991 e em outras normas específicas.",
  },
  {
    id: 7,
    text: "Declaro que as propostas econômicas compreendem a integralidade dos custos para atendimento dos direitos trabalhistas assegurados na Constituição Federal, nas leis trabalhistas, nas normas infralegais, nas convenções coletivas de trabalho e nos termos de ajustamento de conduta vigentes na data de entrega das propostas.",
  },
];

export const SUPPLIER_DECLARATION_IDS = SUPPLIER_DECLARATIONS.map((d) => d.id);
