import {
  budgetDeleteManySchema,
  budgetExcludeSchema,
  budgetReadSchema,
  budgetSaveSchema,
  budgetSetMethodSchema,
  PRICE_SEARCH_REPORT_FILE_NAME,
  priceSearchReportSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { parseBody } from "../../http/errors";
import { sendFile } from "../../http/send-file";
import { buyerName } from "../buyers/buyer.repository";
import { requirePlanner } from "../processes/process.policy";
import type { BudgetService } from "./budget.service";
import { renderPriceSearchDocx } from "./price-search-docx";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** §7 "Budget (POST)" and "Report" (route rows 'planning'). */
export function budgetRoutes(app: FastifyInstance, budget: BudgetService, deps: { db: Db; clock: Clock }) {
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
  app.post("/api/app/report/priceSearch", async (request, reply) => {
    const planner = requirePlanner(request);
    const { processId } = parseBody(priceSearchReportSchema, request.body);
    const data = await budget.read(planner, { processId, limitPerPage: 1000 });
    const docx = await renderPriceSearchDocx({
      data,
      bodyName: await buyerName(deps.db, planner.buyerId),
      issuedAt: deps.clock(),
    });
    return sendFile(reply, PRICE_SEARCH_REPORT_FILE_NAME, DOCX, docx);
  });
}
