import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { PublicLayout } from "./PublicLayout";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("public header", () => {
  it("closes the mobile menu with Escape and gives the focus back to the toggle", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auth/me": () => ({ status: 401, body: {} }),
      "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    });
    renderRoutes(
      [{ element: <PublicLayout />, children: [{ path: "/editais", element: <h1>Editais</h1> }] }],
      "/editais",
    );
    await user.click(await screen.findByRole("button", { name: "Abrir menu" }));
    expect(screen.getByRole("button", { name: "Fechar menu" })).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    const toggle = screen.getByRole("button", { name: "Abrir menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("names the logo link with its visible text", async () => {
    mockApi({
      "POST /api/app/auth/me": () => ({ status: 401, body: {} }),
      "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    });
    renderRoutes(
      [{ element: <PublicLayout />, children: [{ path: "/editais", element: <h1>Editais</h1> }] }],
      "/editais",
    );
    const logo = await screen.findByRole("link", { name: /^Certame\s*Compras públicas\s*— página inicial$/ });
    expect(logo).toHaveAttribute("href", "/editais");
  });
});
