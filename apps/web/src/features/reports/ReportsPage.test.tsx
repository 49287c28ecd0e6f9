// /relatorios (notices-and-accounts §2.2 'Relatórios de acesso', §2.16; issue 19 item 4): the body's
// published processes with their access reports, and the control spreadsheet.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { ReportsPage } from "./ReportsPage";

const notice = {
  id: "n1",
  noticeNumber: "PE 8/2026",
  processNumber: "PA 1/2026",
  objectOfInterest: "Papel A4",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  status: "PUBLISHED",
  startDateTime: null,
  proposalsEndDateTime: null,
  createdDate: "2026-03-01T12:00:00.000Z",
  secretariesNames: "",
};

beforeEach(() => {
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(accessStatus = 200) {
  return mockApi({
    "POST /api/app/auction/list": () => ({ body: { auctionNotices: [notice], total: 1, limitResult: 10 } }),
    "POST /api/app/auction/accessReportDownload": () =>
      accessStatus === 200
        ? { body: {} }
        : { status: accessStatus, body: { message: "Edital não encontrado." } },
    "POST /api/app/auction/minuteAndContractControlReport": () => ({ body: {} }),
  });
}

describe("/relatorios", () => {
  it("lists only the published processes and downloads a process's access report", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderRoutes([{ path: "/", element: <ReportsPage /> }], "/");
    const table = await screen.findByRole("table", { name: "Processos do órgão" });
    await within(table).findByText("PE 8/2026");
    const list = calls.find((c) => c.path === "/api/app/auction/list")?.body as { statuses: string[] };
    expect(list.statuses).not.toContain("PENDING");
    await user.click(
      screen.getByRole("button", { name: "Baixar o relatório de acesso do edital PE 8/2026" }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/api/app/auction/accessReportDownload")?.body).toEqual({
        auctionNoticeId: "n1",
      }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  });

  it("downloads the control spreadsheet, and tells the server's refusal", async () => {
    const user = userEvent.setup();
    const { calls } = setup(404);
    renderRoutes([{ path: "/", element: <ReportsPage /> }], "/");
    await user.click(await screen.findByRole("button", { name: "Baixar planilha de controle" }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain("/api/app/auction/minuteAndContractControlReport"),
    );
    await user.click(
      await screen.findByRole("button", { name: "Baixar o relatório de acesso do edital PE 8/2026" }),
    );
    expect(await screen.findByText("Edital não encontrado.")).toBeInTheDocument();
  });
});
