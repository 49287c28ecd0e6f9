import { useEffect, useState } from "react";
import { fetchRespecifiableLots } from "./api";

/**
 * The split in force of one lot, by item row id (the room's 'Itens do lote' column 'Valor
 * reespecificado', trading-room §2.1). Read once when asked; a failed read shows no values.
 */
export function useRespecifiedValues(noticeId: string, lotId: string): ReadonlyMap<string, number> {
  const [values, setValues] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    let cancelled = false;
    fetchRespecifiableLots(noticeId)
      .then((lots) => {
        const lot = lots.find((l) => l.id === lotId);
        if (cancelled || !lot) return;
        const found = new Map<string, number>();
        for (const i of lot.items) if (i.respecifiedValue !== null) found.set(i.id, i.respecifiedValue);
        setValues(found);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [noticeId, lotId]);
  return values;
}
