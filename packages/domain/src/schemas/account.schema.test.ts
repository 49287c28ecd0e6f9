import { describe, expect, it } from "vitest";
import { passwordProblems } from "../registration/password-rule";
import { accountEmailSchema, isValidEmail, resetPasswordSchema, signUpSchema } from "./account.schema";

/**
 * Issue 13 item 1 ("Bad input and security": CPF check digits, e-mail format; a password with a
 * strength rule). The spec quotes no sign-up texts; the field messages are the platform's own
 * ('Campo obrigatório', 'CPF inválido' as in §5).
 */

const valid = {
  name: "  Ana Souza ",
  cpf: "529.982.247-25",
  email: " Ana.Souza@Example.COM ",
  password: "Licita#2026",
  passwordConfirmation: "Licita#2026",
  kind: "SUPPLIER",
};

const problemsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("signUpSchema", () => {
  it("stores the name trimmed, the CPF as digits and the e-mail lower-cased", () => {
    expect(signUpSchema.parse(valid)).toEqual({
      ...valid,
      name: "Ana Souza",
      cpf: "52998224725",
      email: "ana.souza@example.com",
    });
  });

  it("names every wrong field in one answer, the password's problems included", () => {
    const result = signUpSchema.safeParse({
      name: "",
      cpf: "529.982.247-24",
      email: "ana@",
      password: "abc",
      passwordConfirmation: "abd",
      kind: "ADMIN",
    });
    expect(problemsOf(result)).toEqual([
      ["name", "Campo obrigatório"],
      ["cpf", "CPF inválido"],
      ["email", "E-mail inválido"],
      ["kind", "Campo obrigatório"],
      ...passwordProblems("abc").map((m) => ["password", m]),
      ["passwordConfirmation", "Valores diferentes"],
    ]);
  });

  it("checks the password against the person's own e-mail and CPF", () => {
    const withEmail = signUpSchema.safeParse({
      ...valid,
      password: "Ana.Souza#1",
      passwordConfirmation: "Ana.Souza#1",
    });
    expect(problemsOf(withEmail)).toEqual([["password", "A senha não pode conter o seu e-mail."]]);
    const withCpf = signUpSchema.safeParse({
      ...valid,
      password: "Xy#52998224725",
      passwordConfirmation: "Xy#52998224725",
    });
    expect(problemsOf(withCpf)).toEqual([["password", "A senha não pode conter o seu CPF."]]);
  });

  it("refuses bodies that are not the form (numbers, missing fields) without throwing", () => {
    expect(signUpSchema.safeParse(null).success).toBe(false);
    expect(problemsOf(signUpSchema.safeParse({ name: 1, password: 2 })).map(([p]) => p)).toEqual([
      "name",
      "cpf",
      "email",
      "password",
      "passwordConfirmation",
      "kind",
    ]);
  });
});

describe("e-mail and reset schemas", () => {
  it("accepts a usual address and refuses one without @, domain dot, or with spaces", () => {
    expect(isValidEmail("a.b+c@orgao.gov.br")).toBe(true);
    for (const bad of ["ana", "ana@", "ana@gov", "a na@x.com", `${"a".repeat(250)}@x.com`])
      expect(isValidEmail(bad)).toBe(false);
    expect(accountEmailSchema.parse({ email: " X@Y.COM " })).toEqual({ email: "x@y.com" });
  });

  it("refuses address syntax a mail library would deliver elsewhere (display names, lists, quotes)", () => {
    for (const bad of ["x<me@evil.com>", "a,b<c@d.e>", "a@b.c,d@e.f", '"a"@b.com', "a;b@c.com", "a@(x)b.com"])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it("checks the new password's rule and its confirmation", () => {
    expect(
      problemsOf(
        resetPasswordSchema.safeParse({ token: "t", password: "Nova#2026x", passwordConfirmation: "x" }),
      ),
    ).toEqual([["passwordConfirmation", "Valores diferentes"]]);
    expect(
      problemsOf(resetPasswordSchema.safeParse({ token: "", password: "", passwordConfirmation: "" })),
    ).toEqual([
      ["token", "Campo obrigatório"],
      ["password", "Campo obrigatório"],
      ["passwordConfirmation", "Campo obrigatório"],
    ]);
  });
});
