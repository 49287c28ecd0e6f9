// The password rule of a new login (issue 13: "a password with a strength rule"), checked by the
// sign-up form and enforced by the server: 8 to 128 characters with a lower-case letter, an
// upper-case letter, a digit and a symbol, and not containing the e-mail's name or the CPF.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXT =
  "A senha deve ter de 8 a 128 caracteres, com letra minúscula, letra maiúscula, número e símbolo.";

/** The messages of the rules a password breaks (empty when it passes). */
export function passwordProblems(password: string, context: { email?: string; cpf?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push("A senha deve ter pelo menos 8 caracteres.");
  if (password.length > PASSWORD_MAX_LENGTH) problems.push("A senha deve ter no máximo 128 caracteres.");
  if (!/\p{Ll}/u.test(password)) problems.push("Inclua ao menos uma letra minúscula.");
  if (!/\p{Lu}/u.test(password)) problems.push("Inclua ao menos uma letra maiúscula.");
  if (!/\d/.test(password)) problems.push("Inclua ao menos um número.");
  if (!/[^\p{L}\d]/u.test(password)) problems.push("Inclua ao menos um símbolo (por exemplo ! @ # $ %).");
  const lower = password.toLowerCase();
  const mailbox = context.email?.split("@")[0]?.toLowerCase() ?? "";
  if (mailbox.length >= 4 && lower.includes(mailbox)) problems.push("A senha não pode conter o seu e-mail.");
  const cpf = context.cpf?.replace(/\D/g, "") ?? "";
  if (cpf.length === 11 && password.replace(/\D/g, "").includes(cpf))
    problems.push("A senha não pode conter o seu CPF.");
  return problems;
}
