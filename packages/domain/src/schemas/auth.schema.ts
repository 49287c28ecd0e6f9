import { z } from "./zod";

/** POST public/auth/login (DESIGN §2): login is an e-mail or CPF/CNPJ digits. */
export const loginSchema = z.object({
  login: z.string().trim().min(1, "Informe o e-mail ou CPF/CNPJ").max(254),
  password: z.string().min(1, "Informe a senha").max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;
