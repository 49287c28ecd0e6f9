import { accountEmailSchema, accountTokenSchema, resetPasswordSchema, signUpSchema } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import type { AccountService } from "./account.service";

/** Sign-up and the one-time e-mail links (issue 13 item 1); public routes (route-access.ts). */
export function accountRoutes(app: FastifyInstance, accounts: AccountService) {
  app.post("/api/public/auth/signUp", async (request, reply) => {
    const result = await accounts.signUp(parseBody(signUpSchema, request.body));
    return reply.status(201).send(result);
  });

  app.post("/api/public/auth/confirmEmail", async (request) =>
    accounts.confirmEmail(parseBody(accountTokenSchema, request.body).token),
  );

  app.post("/api/public/auth/resendConfirmation", async (request) =>
    accounts.resendConfirmation(parseBody(accountEmailSchema, request.body).email),
  );

  app.post("/api/public/auth/requestPasswordReset", async (request) =>
    accounts.requestPasswordReset(parseBody(accountEmailSchema, request.body).email),
  );

  app.post("/api/public/auth/resetPassword", async (request) =>
    accounts.resetPassword(parseBody(resetPasswordSchema, request.body)),
  );

  app.post("/api/public/auth/tokenStatus", async (request) =>
    accounts.tokenStatus(parseBody(accountTokenSchema, request.body).token),
  );
}
