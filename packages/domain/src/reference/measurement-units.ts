// Measurement units of lots and items (notices-and-accounts §3 "Measurement unit {code,
// description}", §7 app/measurementUnit/list; planning §2.5). Codes follow the abbreviations
// usual in Brazilian public purchasing catalogues.
export interface MeasurementUnit {
  readonly code: string;
  readonly description: string;
}

export const MEASUREMENT_UNITS: readonly MeasurementUnit[] = [
  { code: "UN", description: "Unidade" },
  { code: "CX", description: "Caixa" },
  { code: "PCT", description: "Pacote" },
  { code: "PC", description: "Peça" },
  { code: "PAR", description: "Par" },
  { code: "DZ", description: "Dúzia" },
  { code: "CJ", description: "Conjunto" },
  { code: "JG", description: "Jogo" },
  { code: "KIT", description: "Kit" },
  { code: "RESMA", description: "Resma" },
  { code: "BL", description: "Bloco" },
  { code: "RL", description: "Rolo" },
  { code: "FD", description: "Fardo" },
  { code: "SC", description: "Saco" },
  { code: "GL", description: "Galão" },
  { code: "LATA", description: "Lata" },
  { code: "FR", description: "Frasco" },
  { code: "AMP", description: "Ampola" },
  { code: "CP", description: "Comprimido" },
  { code: "TB", description: "Tubo" },
  { code: "BD", description: "Balde" },
  { code: "KG", description: "Quilograma" },
  { code: "G", description: "Grama" },
  { code: "T", description: "Tonelada" },
  { code: "L", description: "Litro" },
  { code: "ML", description: "Mililitro" },
  { code: "M", description: "Metro" },
  { code: "CM", description: "Centímetro" },
  { code: "KM", description: "Quilômetro" },
  { code: "M2", description: "Metro quadrado" },
  { code: "M3", description: "Metro cúbico" },
  { code: "KWH", description: "Quilowatt-hora" },
  { code: "SERV", description: "Serviço" },
  { code: "HORA", description: "Hora" },
  { code: "DIA", description: "Dia" },
  { code: "DIARIA", description: "Diária" },
  { code: "SEMANA", description: "Semana" },
  { code: "MES", description: "Mês" },
  { code: "ANO", description: "Ano" },
  { code: "VB", description: "Verba" },
];

export function findMeasurementUnit(code: string): MeasurementUnit | undefined {
  const wanted = code.trim().toUpperCase();
  return MEASUREMENT_UNITS.find((u) => u.code === wanted);
}
