import {
  budgetDeleteManySchema,
  budgetExcludeSchema,
  budgetReadSchema,
  budgetSaveSchema,
  budgetSetMethodSchema,
  PLANNING_HIDDEN_MESSAGE,
  PRICE_SEARCH_REPORT_FILE_NAME,
  priceSearchReportSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { forbidden, parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { buyerName } from "../buyers/buyer.repository";
import type { PncpService } from "../pncp/pncp.service";
import { portalCall } from "../pncp/pncp-failure";
import { requirePlanner } from "../processes/process.policy";
import { processDocumentRoutes } from "../processes/process-document.routes";
import type { BudgetService } from "./budget.service";
import { basketPriceReport, budgetPriceReport } from "./price-report";
import { type PriceReport, renderPriceSearchDocx } from "./price-search-docx";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** §7 "Budget (POST)" and "Report" (route rows 'planning'). */
export function budgetRoutes(
  app: FastifyInstance,
  budget: BudgetService,
  deps: { db: Db; clock: Clock; pncp: PncpService; planningHidden: boolean },
) {
  app.post("/api/app/budget/save", async (request) =>
    budget.save(requirePlanner(request), parseBody(budgetSaveSchema, request.body)),
  );
  app.post("/api/app/budget/read/batches", async (request) =>
    budget.read(requirePlanner(request), parseBody(budgetReadSchema, request.body)),
  );
  app.post("/api/app/budget/delete_many", async (request) =>
    budget.deleteMany(requirePlanner(request), parseBody(budgetDeleteManySchema, request.body)),
  );
  app.post("/api/app/budget/setMethod", async (request) =>
    budget.setMethod(requirePlanner(request), parseBody(budgetSetMethodSchema, request.body)),
  );
  app.post("/api/app/budget/exclude", async (request) =>
    budget.exclude(requirePlanner(request), parseBody(budgetExcludeSchema, request.body)),
  );
  // With processId: the process's saved budget. Without: the basket sent, its portal prices checked
  // against the portal (issue 35 item 4); this form stays open when planning is hidden (route-access.ts).
  app.post("/api/app/report/priceSearch", async (request, reply) => {
    const planner = requirePlanner(request);
    const body = parseBody(priceSearchReportSchema, request.body);
    const meta = { bodyName: await buyerName(deps.db, planner.buyerId), issuedAt: deps.clock() };
    let report: PriceReport;
    if (body.processId) {
      if (deps.planningHidden) throw forbidden(PLANNING_HIDDEN_MESSAGE);
      report = budgetPriceReport(
        await budget.read(planner, { processId: body.processId, limitPerPage: 1000 }),
        meta,
      );
    } else {
      const basket = body.priceSearchData ?? {
        objectOfInterest: "",
        priceMethod: "AVERAGE" as const,
        items: [],
      };
      const checked = await portalCall(request.log, () => deps.pncp.checkBasket(basket.items));
      report = basketPriceReport(basket, checked, body.priceSearchExternalData, meta);
    }
    return sendFile(reply, PRICE_SEARCH_REPORT_FILE_NAME, DOCX, await renderPriceSearchDocx(report));
  });
  // Step 4's document as PDF: the report of the saved budget, the version 'Assinar o Documento' signs.
  processDocumentRoutes(
    app,
    "/api/app/budget",
    (planner, processId) => budget.documentModel(planner, processId),
    ["pdf"],
  );
}
