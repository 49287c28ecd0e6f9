import { passwordProblems } from "@certame/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { SessionUser } from "../auth/types";
import { BUYER_REGISTRATION_PATH, landingPath, SUPPLIER_REGISTRATION_PATH } from "./landing";

/**
 * Issue 13 item 1 on the web: the sign-up form (domain validation, server errors on their fields,
 * the e-mail step), the login's links and unconfirmed-e-mail answer, the one-time link pages.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = {
  "POST /api/app/auth/me": () => ({ status: 401, body: { message: "Sem sessão" } }),
  "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
};

type Handlers = Parameters<typeof mockApi>[0];
const setup = (handlers: Handlers = {}) => mockApi({ ...BASE, ...handlers });

const NEUTRAL =
  "Se este e-mail tiver um cadastro ainda não confirmado, enviaremos um novo link de confirmação em instantes.";

async function fillSignUp(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  if (values.kind) await user.click(screen.getByRole("radio", { name: values.kind }));
  if (values.name) await user.type(screen.getByRole("textbox", { name: /Nome completo/ }), values.name);
  if (values.cpf) await user.type(screen.getByRole("textbox", { name: /CPF/ }), values.cpf);
  if (values.email) await user.type(screen.getByRole("textbox", { name: /E-mail/ }), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Senha/), values.password);
  if (values.confirmation)
    await user.type(screen.getByLabelText(/^Confirmação da senha/), values.confirmation);
}

const fieldError = (input: HTMLElement) => {
  const id = input.getAttribute("aria-describedby") ?? "";
  return id
    .split(" ")
    .map((part) => document.getElementById(part)?.textContent ?? "")
    .join(" ");
};

describe("sign-up form (/cadastro)", () => {
  it("checks the form with the domain before sending: every field named, focus on the first, nothing sent", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderRoutes(appRoutes(), "/cadastro");
    await screen.findByRole("heading", { name: "Criar conta" });
    await fillSignUp(user, { cpf: "52998224724", email: "sem-arroba", password: "abc", confirmation: "abd" });
    await user.click(screen.getByRole("button", { name: "Criar conta" }));

    const name = screen.getByRole("textbox", { name: /Nome completo/ });
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(fieldError(name)).toContain("Campo obrigatório");
    expect(fieldError(screen.getByRole("textbox", { name: /CPF/ }))).toContain("CPF inválido");
    expect(fieldError(screen.getByRole("textbox", { name: /E-mail/ }))).toContain("E-mail inválido");
    expect(fieldError(screen.getByLabelText(/^Senha/))).toContain(passwordProblems("abc")[0]);
    expect(fieldError(screen.getByLabelText(/^Confirmação da senha/))).toContain("Valores diferentes");
    expect(fieldError(screen.getByRole("radiogroup", { name: /Sou/ }))).toContain("Campo obrigatório");
    // The first invalid field of the form is the first 'Sou' choice.
    await waitFor(() => expect(screen.getByRole("radio", { name: "Órgão público" })).toHaveFocus());
    expect(calls.some((c) => c.path === "/api/public/auth/signUp")).toBe(false);

    // Correcting a field clears its error.
    await user.type(name, "Ana");
    expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  it("shows the password rule and a live checklist from the domain's passwordProblems", async () => {
    const user = userEvent.setup();
    setup();
    renderRoutes(appRoutes(), "/cadastro");
    await screen.findByRole("heading", { name: "Criar conta" });
    expect(screen.getByText(/A senha deve ter de 8 a 128 caracteres/)).toBeInTheDocument();
    const checklist = screen.getByRole("list", { name: "Requisitos da senha" });
    expect(within(checklist).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("Faltam 5 requisitos.")).toHaveAttribute("aria-live", "polite");

    await user.type(screen.getByLabelText(/^Senha/), "abc");
    expect(screen.getByText("Faltam 4 requisitos.")).toBeInTheDocument();
    expect(
      within(checklist).getByText("Inclua ao menos uma letra minúscula.").parentElement,
    ).toHaveTextContent("(atendido)");
    await user.type(screen.getByLabelText(/^Senha/), "D#2026x");
    expect(screen.getByText("A senha atende à regra.")).toBeInTheDocument();

    // The e-mail's name inside the password is one more problem, listed while it applies.
    await user.type(screen.getByRole("textbox", { name: /E-mail/ }), "abcd@exemplo.com");
    expect(screen.getByText("Falta 1 requisito.")).toBeInTheDocument();
    expect(within(checklist).getByText("A senha não pode conter o seu e-mail.")).toBeInTheDocument();
  });

  it("places the server's 400 errors on their fields", async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      "POST /api/public/auth/signUp": () => ({
        status: 400,
        body: {
          message: "Dados inválidos. Verifique os campos destacados.",
          properties: [
            { property: "email", errorMessages: ["E-mail já cadastrado"] },
            { property: "cpf", errorMessages: ["CPF já cadastrado"] },
          ],
        },
      }),
    });
    renderRoutes(appRoutes(), "/cadastro");
    await screen.findByRole("heading", { name: "Criar conta" });
    await fillSignUp(user, {
      kind: "Fornecedor (empresa ou pessoa física)",
      name: "Ana Souza",
      cpf: "52998224725",
      email: "ana@exemplo.com",
      password: "Licita#2026",
      confirmation: "Licita#2026",
    });
    await user.click(screen.getByRole("button", { name: "Criar conta" }));
    const cpf = screen.getByRole("textbox", { name: /CPF/ });
    await waitFor(() => expect(fieldError(cpf)).toContain("CPF já cadastrado"));
    expect(fieldError(screen.getByRole("textbox", { name: /E-mail/ }))).toContain("E-mail já cadastrado");
    await waitFor(() => expect(cpf).toHaveFocus());
    expect(calls.find((c) => c.path === "/api/public/auth/signUp")?.body).toEqual({
      name: "Ana Souza",
      cpf: "529.982.247-25",
      email: "ana@exemplo.com",
      password: "Licita#2026",
      passwordConfirmation: "Licita#2026",
      kind: "SUPPLIER",
    });
  });

  it("tells the person to check the e-mail after signing up, and resends the confirmation", async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      "POST /api/public/auth/signUp": () => ({ status: 201, body: { message: "Cadastro realizado." } }),
      "POST /api/public/auth/resendConfirmation": () => ({ body: { message: NEUTRAL } }),
    });
    renderRoutes(appRoutes(), "/cadastro");
    await screen.findByRole("heading", { name: "Criar conta" });
    await fillSignUp(user, {
      kind: "Cidadão",
      name: "Ana Souza",
      cpf: "52998224725",
      email: "Ana@Exemplo.com",
      password: "Licita#2026",
      confirmation: "Licita#2026",
    });
    await user.click(screen.getByRole("button", { name: "Criar conta" }));
    const heading = await screen.findByRole("heading", { name: "Confirme o seu e-mail" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText("ana@exemplo.com")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reenviar e-mail de confirmação" }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/public/auth/resendConfirmation")?.body).toEqual({
      email: "ana@exemplo.com",
    });
  });
});

describe("login page (issue 13 additions)", () => {
  it("links to 'Criar conta' and 'Esqueci minha senha'; the header offers 'Cadastre-se'", async () => {
    setup();
    renderRoutes(appRoutes(), "/login");
    expect(await screen.findByRole("link", { name: "Criar conta" })).toHaveAttribute("href", "/cadastro");
    expect(screen.getByRole("link", { name: "Esqueci minha senha" })).toHaveAttribute(
      "href",
      "/esqueci-minha-senha",
    );
    expect(screen.getByRole("link", { name: "Cadastre-se" })).toHaveAttribute("href", "/cadastro");
  });

  it("shows the unconfirmed e-mail answer (403) with 'Reenviar e-mail de confirmação'", async () => {
    const user = userEvent.setup();
    const message = "Confirme o seu e-mail antes de entrar. Enviamos um link para o endereço cadastrado.";
    const { calls } = setup({
      "POST /api/public/auth/login": () => ({ status: 403, body: { message } }),
      "POST /api/public/auth/resendConfirmation": () => ({ body: { message: NEUTRAL } }),
    });
    renderRoutes(appRoutes(), "/login");
    await user.type(await screen.findByRole("textbox", { name: "E-mail ou CPF/CNPJ" }), "ana@exemplo.com");
    await user.type(screen.getByLabelText(/^Senha/), "Licita#2026");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    await user.click(screen.getByRole("button", { name: "Reenviar e-mail de confirmação" }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/public/auth/resendConfirmation")?.body).toEqual({
      email: "ana@exemplo.com",
    });
  });

  it("lands a new public body's account on /cadastro-de-orgao after logging in", async () => {
    const user = userEvent.setup();
    const buyer: SessionUser = { id: "u-9", name: "Ana", email: "ana@exemplo.gov.br", kind: "BUYER" };
    setup({ "POST /api/public/auth/login": () => ({ body: { token: "t", user: buyer } }) });
    const { router } = renderRoutes(appRoutes(), "/login");
    await user.type(await screen.findByRole("textbox", { name: "E-mail ou CPF/CNPJ" }), "ana@exemplo.gov.br");
    await user.type(screen.getByLabelText(/^Senha/), "Licita#2026");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BUYER_REGISTRATION_PATH));
  });
});

describe("landingPath", () => {
  const base = { id: "u", name: "N", email: "n@x.com" };
  const buyer = (status: string, isBuyerAccount: boolean): SessionUser => ({
    ...base,
    kind: "BUYER",
    buyer: {
      id: "b",
      corporateName: "Órgão",
      staffRoles: [],
      isBuyerAccount,
      registrationStatus: status as "APPROVED",
    },
  });
  const supplier = (status?: string): SessionUser => ({
    ...base,
    kind: "SUPPLIER",
    supplier: {
      id: "s",
      name: "Empresa",
      isSmallBusiness: false,
      subscriptionEndDate: null,
      registrationStatus: status as "APPROVED",
    },
  });

  it("sends unfinished registrations to their wizard and everyone else to the fallback", () => {
    expect(landingPath({ ...base, kind: "BUYER" }, "/x")).toBe(BUYER_REGISTRATION_PATH);
    expect(landingPath(buyer("IN_PROGRESS", true), "/x")).toBe(BUYER_REGISTRATION_PATH);
    expect(landingPath(buyer("REJECTED", true), "/x")).toBe(BUYER_REGISTRATION_PATH);
    expect(landingPath(buyer("PENDING", true), "/x")).toBe("/x");
    // The body's staff do not fill the body's registration.
    expect(landingPath(buyer("IN_PROGRESS", false), "/x")).toBe("/x");
    expect(landingPath({ ...base, kind: "SUPPLIER" }, "/x")).toBe(SUPPLIER_REGISTRATION_PATH);
    expect(landingPath(supplier("IN_PROGRESS"), "/x")).toBe(SUPPLIER_REGISTRATION_PATH);
    expect(landingPath(supplier("REJECTED"), "/x")).toBe(SUPPLIER_REGISTRATION_PATH);
    expect(landingPath(supplier("APPROVED"), "/x")).toBe("/x");
    expect(landingPath(supplier(undefined), "/x")).toBe("/x");
    expect(landingPath({ ...base, kind: "REGULAR_CITIZEN" }, "/x")).toBe("/x");
  });
});

describe("one-time link pages", () => {
  it("confirms the e-mail on opening, once, and offers the login", async () => {
    const { calls } = setup({
      "POST /api/public/auth/confirmEmail": () => ({
        body: { message: "E-mail confirmado. Você já pode entrar." },
      }),
    });
    renderRoutes(appRoutes(), "/confirmar-email?token=abc");
    expect(await screen.findByRole("heading", { name: "E-mail confirmado" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Entrar" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(calls.filter((c) => c.path === "/api/public/auth/confirmEmail")).toEqual([
      { method: "POST", path: "/api/public/auth/confirmEmail", body: { token: "abc" } },
    ]);
  });

  it("says why a confirmation link failed and offers a new e-mail", async () => {
    const user = userEvent.setup();
    const expired = "Link expirado. Peça um novo e-mail de confirmação.";
    const { calls } = setup({
      "POST /api/public/auth/confirmEmail": () => ({
        status: 400,
        body: { message: expired, properties: [{ property: "token", errorMessages: [expired] }] },
      }),
      "POST /api/public/auth/resendConfirmation": () => ({ body: { message: NEUTRAL } }),
    });
    renderRoutes(appRoutes(), "/confirmar-email?token=velho");
    expect(await screen.findByRole("alert")).toHaveTextContent(expired);
    await user.click(screen.getByRole("button", { name: "Reenviar e-mail de confirmação" }));
    expect(screen.getByRole("textbox", { name: "E-mail do cadastro" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await user.type(screen.getByRole("textbox", { name: "E-mail do cadastro" }), "ana@exemplo.com");
    await user.click(screen.getByRole("button", { name: "Reenviar e-mail de confirmação" }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: "ana@exemplo.com" });
  });

  it("says an expired reset link's state before any form", async () => {
    setup({
      "POST /api/public/auth/tokenStatus": () => ({ body: { status: "EXPIRED", purpose: "RESET_PASSWORD" } }),
    });
    renderRoutes(appRoutes(), "/redefinir-senha?token=velho");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Este link expirou. Peça uma nova redefinição de senha.",
    );
    expect(screen.queryByLabelText(/^Nova senha/)).toBeNull();
    expect(screen.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute(
      "href",
      "/esqueci-minha-senha",
    );
  });

  it("sets a first password by an invitation link, placing the server's errors on the fields", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = setup({
      "POST /api/public/auth/tokenStatus": () => ({ body: { status: "VALID", purpose: "SET_PASSWORD" } }),
      "POST /api/public/auth/resetPassword": () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                message: "Dados inválidos. Verifique os campos destacados.",
                properties: [
                  { property: "password", errorMessages: ["A senha não pode conter o seu e-mail."] },
                ],
              },
            }
          : { body: { message: "Senha definida. Entre com seu e-mail e a nova senha." } };
      },
    });
    renderRoutes(appRoutes(), "/definir-senha?token=convite");
    const password = await screen.findByLabelText(/^Nova senha/);
    expect(screen.getByRole("heading", { name: "Definir senha" })).toBeInTheDocument();
    await user.type(password, "Ana#2026ok");
    await user.type(screen.getByLabelText(/^Confirmação da nova senha/), "Ana#2026ok");
    await user.click(screen.getByRole("button", { name: "Salvar senha" }));
    await waitFor(() => expect(fieldError(password)).toContain("A senha não pode conter o seu e-mail."));
    await waitFor(() => expect(password).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Salvar senha" }));
    expect(await screen.findByRole("heading", { name: "Senha definida" })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/public/auth/resetPassword").at(-1)?.body).toEqual({
      token: "convite",
      password: "Ana#2026ok",
      passwordConfirmation: "Ana#2026ok",
    });
  });

  it("asks for a reset with a valid e-mail and shows the neutral answer", async () => {
    const user = userEvent.setup();
    const neutral =
      "Se este e-mail tiver um cadastro ativo, enviaremos um link para redefinir a senha em instantes.";
    const { calls } = setup({
      "POST /api/public/auth/requestPasswordReset": () => ({ body: { message: neutral } }),
    });
    renderRoutes(appRoutes(), "/esqueci-minha-senha");
    const email = await screen.findByRole("textbox", { name: /E-mail/ });
    await user.type(email, "ana@");
    await user.click(screen.getByRole("button", { name: "Enviar link" }));
    expect(fieldError(email)).toContain("E-mail inválido");
    expect(email).toHaveFocus();
    await user.type(email, "exemplo.com");
    await user.click(screen.getByRole("button", { name: "Enviar link" }));
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/public/auth/requestPasswordReset")?.body).toEqual({
      email: "ana@exemplo.com",
    });
  });
});
