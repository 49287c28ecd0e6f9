import type { AccountKind, AccountTokenPurpose, AccountTokenStatus } from "@certame/domain";
import { apiPost } from "../../api/client";

/** Sign-up and the one-time e-mail links (server modules/accounts). */

export interface SignUpPayload {
  name: string;
  cpf: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  kind: AccountKind | "";
}

interface Message {
  message: string;
}

export const signUp = (payload: SignUpPayload) => apiPost<Message>("public/auth/signUp", payload);

export const confirmEmail = (token: string) => apiPost<Message>("public/auth/confirmEmail", { token });

export const resendConfirmation = (email: string) =>
  apiPost<Message>("public/auth/resendConfirmation", { email });

export const requestPasswordReset = (email: string) =>
  apiPost<Message>("public/auth/requestPasswordReset", { email });

export const resetPassword = (payload: { token: string; password: string; passwordConfirmation: string }) =>
  apiPost<Message>("public/auth/resetPassword", payload);

export interface TokenStatus {
  status: AccountTokenStatus;
  purpose?: AccountTokenPurpose;
}

export const tokenStatus = (token: string) => apiPost<TokenStatus>("public/auth/tokenStatus", { token });
