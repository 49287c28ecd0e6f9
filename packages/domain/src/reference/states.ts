// The 27 federative units of Brazil (26 states and the Federal District), the options of every
// state select (notices-and-accounts §3 "Reference lists", §5 "Buyer body form", §9 "Other").
export const BRAZILIAN_STATES = [
  { code: "AC", name: "Acre" },
  { code: "AL", name: "Alagoas" },
  { code: "AP", name: "Amapá" },
  { code: "AM", name: "Amazonas" },
  { code: "BA", name: "Bahia" },
  { code: "CE", name: "Ceará" },
  { code: "DF", name: "Distrito Federal" },
  { code: "ES", name: "Espírito Santo" },
  { code: "GO", name: "Goiás" },
  { code: "MA", name: "Maranhão" },
  { code: "MT", name: "Mato Grosso" },
  { code: "MS", name: "Mato Grosso do Sul" },
  { code: "MG", name: "Minas Gerais" },
  { code: "PA", name: "Pará" },
  { code: "PB", name: "Paraíba" },
  { code: "PR", name: "Paraná" },
  { code: "PE", name: "Pernambuco" },
  { code: "PI", name: "Piauí" },
  { code: "RJ", name: "Rio de Janeiro" },
  { code: "RN", name: "Rio Grande do Norte" },
  { code: "RS", name: "Rio Grande do Sul" },
  { code: "RO", name: "Rondônia" },
  { code: "RR", name: "Roraima" },
  { code: "SC", name: "Santa Catarina" },
  { code: "SP", name: "São Paulo" },
  { code: "SE", name: "Sergipe" },
  { code: "TO", name: "Tocantins" },
] as const;

export type StateCode = (typeof BRAZILIAN_STATES)[number]["code"];
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

export const STATE_CODES: readonly StateCode[] = BRAZILIAN_STATES.map((s) => s.code);

export function isStateCode(value: string): value is StateCode {
  return (STATE_CODES as readonly string[]).includes(value);
}

export function stateName(code: StateCode): string {
  const state = BRAZILIAN_STATES.find((s) => s.code === code);
  if (!state) throw new RangeError(`UF desconhecida: ${code}`);
  return state.name;
}
