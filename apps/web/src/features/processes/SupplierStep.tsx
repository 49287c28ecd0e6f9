import type { StepProps } from "./DocumentStep";
import { StepTable } from "./StepTable";
import { PROCESS_TEXTS as T } from "./texts";

/**
 * Steps 10–13 (planning §2.3 signature and national-portal steps): the winners of the homologated
 * lots, as read, with their sending's status. Nothing is sent to them yet ('Coletar Assinaturas' and
 * 'Enviar' are a later session's), so no date and both sides pending — no button that does nothing.
 */
export function SupplierStep({ step, n }: StepProps) {
  const c = T.stepColumns;
  return (
    <StepTable
      label={`${n} - ${step.label}`}
      columns={[c.supplier, c.sentDate, c.status, c.buyerStatus, c.supplierStatus]}
      rows={step.suppliers.map((s) => ({
        key: s.supplierId,
        cells: [
          s.lots.length > 0 ? `${s.name} (${T.suppliers.lots(s.lots)})` : s.name,
          T.placeholder,
          s.status,
          T.suppliers.pending,
          T.suppliers.pending,
        ],
      }))}
      empty={T.suppliers.empty}
    />
  );
}
