import { Button } from "@mantine/core";
import { useState } from "react";
import { notifySuccess } from "../../../ui/notify";
import type { RequestAction } from "./ControlModals";

export const REPORTS_TEXTS = {
  button: "Atualizar relatórios",
  done: "Ata da sessão pública atualizada. Ela está entre os arquivos do processo.",
};

/**
 * '+ Opções' › 'Atualizar relatórios' (trading-room §2.3, §6 RECREATE_REPORTS, §7 recreate_reports):
 * the server regenerates the session minutes and files them with the notice's documents. A refusal
 * is shown by the room's ERROR handling.
 */
export function RecreateReportsButton({ noticeId, request }: { noticeId: string; request: RequestAction }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const answer = await request("recreate_reports", { auctionNoticeId: noticeId });
    setBusy(false);
    if (answer.ok) notifySuccess(REPORTS_TEXTS.done);
  };
  return (
    <Button variant="light" color="gray" loading={busy} onClick={() => void run()}>
      {REPORTS_TEXTS.button}
    </Button>
  );
}
