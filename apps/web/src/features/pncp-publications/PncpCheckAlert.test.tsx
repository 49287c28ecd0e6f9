import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { PncpCheckAlert } from "./PncpCheckAlert";

// Issue 34 item 4: the wizard says why the portal would refuse the notice, before publication.

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = "00000000-0000-4000-8000-000000009001";
const render = () =>
  renderRoutes([{ path: "/edital", element: <PncpCheckAlert noticeId={ID} /> }], "/edital");

describe("PncpCheckAlert", () => {
  it("lists the portal's reasons for refusing the notice as configured", async () => {
    const api = mockApi({
      "POST /api/app/auction/pncp/check": () => ({
        body: {
          canPublishOnPncp: true,
          problems: ["O PNCP não aceita o critério de julgamento 4 na modalidade 6 (manual §5.22)."],
        },
      }),
    });
    render();
    expect(
      await screen.findByText("Este edital não pode ser publicado no PNCP como está configurado"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("O PNCP não aceita o critério de julgamento 4 na modalidade 6 (manual §5.22)."),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/auction/pncp/check")?.body).toEqual({ id: ID });
  });
});
