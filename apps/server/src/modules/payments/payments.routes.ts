import {
  chargeIdSchema,
  chargeListSchema,
  creditCreateSchema,
  creditPlanSaveSchema,
  subscriptionCreateSchema,
  subscriptionPlanSaveSchema,
} from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { currentUser, requirePlatformStaff } from "../auth/auth.plugin";
import { PaymentsService } from "./payments.service";

declare module "fastify" {
  interface FastifyRequest {
    /** The webhook's body as sent: its signature covers these bytes. */
    rawBody?: Buffer;
  }
}

/** The webhook's largest body: a provider's event is a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** §7 "Subscriptions and credits", the boleto download, the provider's webhook and the staff console. */
export function paymentRoutes(app: FastifyInstance, payments: PaymentsService) {
  const viewerSize = (request: FastifyRequest) => request.sessionUser?.supplier?.isSmallBusiness ?? null;
  const staffView = (request: FastifyRequest) => request.sessionUser?.kind === "ADMIN";

  // The public/modal mode of /assinaturas shows the active plans to anyone.
  app.post("/api/public/plans/list", async () => ({
    ...(await payments.subscriptionPlans(null)),
    ...(await payments.creditPlans(null)),
  }));
  // A supplier also gets its own price; platform staff the retired plans too.
  app.post("/api/app/subscription-plan/list", async (request) =>
    payments.subscriptionPlans(viewerSize(request), staffView(request)),
  );
  app.post("/api/app/credit-plan/list", async (request) =>
    payments.creditPlans(viewerSize(request), staffView(request)),
  );

  app.post("/api/app/subscription/create", async (request) => {
    const supplierId = PaymentsService.requireBuyingSupplier(currentUser(request));
    return payments.createSubscription(supplierId, parseBody(subscriptionCreateSchema, request.body));
  });
  app.post("/api/app/subscription/list", async (request) =>
    payments.subscriptions(PaymentsService.requireBuyingSupplier(currentUser(request))),
  );
  app.post("/api/app/credit/create", async (request) => {
    const supplierId = PaymentsService.requireBuyingSupplier(currentUser(request));
    return payments.createCredit(supplierId, parseBody(creditCreateSchema, request.body));
  });
  app.post("/api/app/credit/list", async (request) =>
    payments.credits(PaymentsService.requireBuyingSupplier(currentUser(request))),
  );

  app.get<{ Params: { id: string } }>("/api/app/payments/charge/:id/boleto", async (request, reply) => {
    const { id } = parseBody(chargeIdSchema, request.params);
    const { pdf, fileName } = await payments.boletoPdf(currentUser(request), id);
    return sendFile(reply, fileName, "application/pdf", pdf);
  });

  // The staff console (/pagamentos).
  app.post("/api/app/payments/charge/list", async (request) => {
    requirePlatformStaff(request);
    return payments.charges(parseBody(chargeListSchema, request.body ?? {}));
  });
  app.post("/api/app/payments/charge/markPaid", async (request) => {
    const staff = requirePlatformStaff(request);
    return payments.markPaid(staff, parseBody(chargeIdSchema, request.body).id);
  });
  app.post("/api/app/subscription-plan/save", async (request) => {
    requirePlatformStaff(request);
    return payments.saveSubscriptionPlan(parseBody(subscriptionPlanSaveSchema, request.body));
  });
  app.post("/api/app/credit-plan/save", async (request) => {
    requirePlatformStaff(request);
    return payments.saveCreditPlan(parseBody(creditPlanSaveSchema, request.body));
  });

  // The provider's webhook reads its body as bytes (the signature covers them), whatever the type.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = body as Buffer;
        done(null, undefined);
      },
    );
    scope.post("/api/public/payments/webhook", async (request) => {
      if (!request.rawBody?.length)
        throw badRequest("Corpo da notificação ausente.", [
          { property: "body", errorMessages: ["Obrigatório"] },
        ]);
      return payments.webhook(request.headers, request.rawBody);
    });
  });
}
