import { z } from "./zod";

/** POST public/auth/login (DESIGN §2): login is an e-mail or CPF/CNPJ digits. */
export const loginSchema = z.object({
  login: z.string().trim().min(1, "Informe o e-mail ou CPF/CNPJ").max(254),
  password: z.string().min(1, "Informe a senha").max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The login's 403 for the right password on an account whose e-mail is not confirmed (issue 13). */
export const EMAIL_NOT_CONFIRMED_MESSAGE =
  "Confirme o seu e-mail antes de entrar. Enviamos um link para o endereço cadastrado.";

/**
 * A cookie the browser's scripts may read ("1"), set with the HTTP-only session cookie at login and
 * cleared with it at logout: the web app asks app/auth/me only when it is there, so a visitor of
 * the public site never logs a 401. It proves nothing; the session cookie alone authenticates.
 */
export const SESSION_HINT_COOKIE = "certame_signed_in";
