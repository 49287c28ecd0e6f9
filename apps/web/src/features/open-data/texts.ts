// The open-data links of a public notice (issue 19 item 6; docs/decisions.md "Open data (OCDS 1.1)").
// The spec has no such screen: the texts name the standard and the two documents the platform serves.
export const OPEN_DATA_TEXTS = {
  title: "Dados abertos",
  text: "Este processo em formato aberto, no padrão Open Contracting (OCDS 1.1):",
  record: "Registro do processo (JSON)",
  releases: "Publicações do processo (JSON)",
} as const;
