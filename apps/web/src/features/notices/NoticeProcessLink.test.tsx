import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../test/render";
import { NoticeProcessLink } from "./NoticeProcessLink";

// Issue 35 item 1: the notice made from a process links back to the process's administration.

const routes = (process: { id: string; processNumber: string } | null) => [
  { path: "/cadastrar/editais/:id/formulario", element: <NoticeProcessLink process={process} /> },
  { path: "/cadastrar/processos/:id/edicao", element: <h1>Administração do Processo</h1> },
];

describe("NoticeProcessLink", () => {
  it("links 'Processo {processNumber}' to the process's administration", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes({ id: "p-21", processNumber: "PA 21/2026" }),
      "/cadastrar/editais/n-1/formulario",
    );
    const link = screen.getByRole("link", { name: "Processo PA 21/2026" });
    expect(link).toHaveAttribute("href", "/cadastrar/processos/p-21/edicao");
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Administração do Processo" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/cadastrar/processos/p-21/edicao");
  });

  it("shows nothing for a notice typed directly (no process)", () => {
    renderRoutes(routes(null), "/cadastrar/editais/n-1/formulario");
    expect(screen.queryByRole("link")).toBeNull();
  });
});
