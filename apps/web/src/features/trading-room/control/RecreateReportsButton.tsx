import { REPORT_EVENTS } from "@certame/domain";
import { Button } from "@mantine/core";
import { type RequestAction, useRoomAction } from "../modal/useRoomAction";

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
  const action = useRoomAction({ request });
  const run = () =>
    void action.run(async () => {
      await action.send(REPORT_EVENTS.recreateReports, { auctionNoticeId: noticeId }, REPORTS_TEXTS.done);
    });
  return (
    <Button variant="light" color="gray" loading={action.busy} onClick={run}>
      {REPORTS_TEXTS.button}
    </Button>
  );
}
