import { can } from "@certame/domain";
import { Button } from "@mantine/core";
import { Link } from "react-router";
import type { RoomState } from "../live/room-state";
import { permissionContext } from "../room-permissions";
import type { RoomLot } from "../types";
import { isLotWinner } from "./award-model";

export const RESPECIFY_BUTTON = "Reespecificar valores dos itens";

/**
 * §2.3 'Reespecificar valores dos itens': the winner of a multi-item lot (§6 DIVIDE_BATCH_VALUE,
 * NEGOTIATION), price criteria only (a discount applies to every item; docs/decisions.md
 * "Re-specified item values"). The server checks all of it again.
 */
export function mayRespecify(state: RoomState, now: Date, lot: RoomLot): boolean {
  const ctx = permissionContext(state, now, lot);
  return (
    ctx !== null &&
    ctx.criterion !== "BIGGEST_DISCOUNT" &&
    can(state.role, "DIVIDE_BATCH_VALUE", { ...ctx, isWinner: isLotWinner(state, lot) })
  );
}

/** Goes to the split page of the notice (/sala-de-negociacao/{id}/dividir-valores-dos-lotes). */
export function RespecifyButton({ noticeId }: { noticeId: string }) {
  return (
    <Button variant="light" component={Link} to={`/sala-de-negociacao/${noticeId}/dividir-valores-dos-lotes`}>
      {RESPECIFY_BUTTON}
    </Button>
  );
}
