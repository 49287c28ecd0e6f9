import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { supplier } from "../../test/fixtures";
import { renderRoutes } from "../../test/render";
import { normalizeLogin } from "./LoginPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  return mockApi({
    "POST /api/app/auth/me": () => ({ status: 401, body: { message: "Sem sessão" } }),
    "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    "POST /api/public/auction/list": () => ({ body: { auctionNotices: [], total: 0, limitResult: 20 } }),
    "POST /api/public/auth/login": (body) => {
      const { login, password } = body as { login: string; password: string };
      if (login === "fornecedor1@demo.com.br" && password === "Demo@2026") {
        return { body: { token: "t", user: supplier } };
      }
      if (login === "bloqueado@demo.com.br") {
        return {
          status: 429,
          body: { message: "Muitas tentativas de login sem sucesso. Tente novamente em 2 minuto(s)." },
        };
      }
      return { status: 401, body: { message: "E-mail/CPF/CNPJ ou senha inválidos" } };
    },
  });
}

describe("normalizeLogin", () => {
  it("keeps an e-mail and strips a document's punctuation", () => {
    expect(normalizeLogin("  fornecedor1@demo.com.br ")).toBe("fornecedor1@demo.com.br");
    expect(normalizeLogin("123.456.789-09")).toBe("12345678909");
    expect(normalizeLogin("11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizeLogin("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });
});

describe("LoginPage", () => {
  it("keeps 'Entrar' disabled until both fields are filled", async () => {
    const user = userEvent.setup();
    setup();
    renderRoutes(appRoutes(), "/login");
    const submit = await screen.findByRole("button", { name: "Entrar" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }), "x@y.z");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Senha/), "a");
    expect(submit).toBeEnabled();
  });

  it("shows the server's message on 401", async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderRoutes(appRoutes(), "/login");
    await user.type(
      await screen.findByRole("textbox", { name: "E-mail ou CPF/CNPJ" }),
      "fornecedor1@demo.com.br",
    );
    await user.type(screen.getByLabelText(/^Senha/), "errada");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("E-mail/CPF/CNPJ ou senha inválidos");
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the server's message when logins are throttled (429)", async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderRoutes(appRoutes(), "/login");
    await user.type(
      await screen.findByRole("textbox", { name: "E-mail ou CPF/CNPJ" }),
      "bloqueado@demo.com.br",
    );
    await user.type(screen.getByLabelText(/^Senha/), "Demo@2026");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Muitas tentativas de login sem sucesso. Tente novamente em 2 minuto(s).",
    );
    expect(router.state.location.pathname).toBe("/login");
  });

  it("goes to /editais-publicados after logging in", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const { router } = renderRoutes(appRoutes(), "/login");
    await user.type(
      await screen.findByRole("textbox", { name: "E-mail ou CPF/CNPJ" }),
      "fornecedor1@demo.com.br",
    );
    await user.type(screen.getByLabelText(/^Senha/), "Demo@2026");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/editais-publicados"));
    expect(await screen.findByTestId("user-name")).toHaveTextContent("Fernanda Fornecedora");
    expect(calls.find((c) => c.path === "/api/public/auth/login")?.body).toEqual({
      login: "fornecedor1@demo.com.br",
      password: "Demo@2026",
    });
  });
});
