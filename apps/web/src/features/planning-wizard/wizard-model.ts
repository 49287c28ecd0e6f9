// The conventions shared by the planning wizards (planning §2.4): demand formalization, ETP, risk matrix.

/** §2.4: a sub-step shows its check when any field holds data — a non-empty list, or a defined, non-null value. */
export function isFilled(...values: unknown[]): boolean {
  return values.some((value) => {
    if (value === undefined || value === null) return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === "string") return value.trim() !== "";
    return true;
  });
}

/** The step after `current` in menu order, or null when it was the last (§2.4 "After a save"). */
export function nextStepKey(orderedKeys: readonly string[], current: string): string | null {
  const i = orderedKeys.indexOf(current);
  return i >= 0 && i + 1 < orderedKeys.length ? (orderedKeys[i + 1] ?? null) : null;
}

export const processAdminPath = (processId: string) => `/cadastrar/processos/${processId}/edicao`;

export const WIZARD_TEXTS = {
  tipPrefix: "Dica de preenchimento:",
  saveAndNext: "Salvar e Avançar",
  saveAndFinish: "Salvar e Finalizar",
  back: "Voltar à administração do processo",
  steps: "Etapas",
  filled: "preenchida",
  notFilled: "não preenchida",
  readOnlyDeleted:
    "Este processo está excluído: o documento aparece somente para leitura. Recupere o processo em 'Processos criados' para alterá-lo.",
  readOnlyPublished: "Este processo já foi publicado: lotes, itens e riscos não podem mais ser alterados.",
  processNumber: "Nº do Processo",
} as const;
