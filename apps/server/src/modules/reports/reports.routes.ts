import type { FastifyInstance } from "fastify";
import { sendFile } from "../../http/send-file";
import { requireBuyer } from "../auth/auth.plugin";
import type { BuyerReportsService } from "./buyer-reports.service";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The buyer's reports (notices-and-accounts §2.16, §7): files for the body's own processes. */
export function reportsRoutes(app: FastifyInstance, reports: BuyerReportsService) {
  app.post("/api/app/auction/accessReportDownload", async (request, reply) => {
    const file = await reports.accessReport(requireBuyer(request).buyer.id, request.body);
    return sendFile(reply, file.fileName, "application/pdf", file.data);
  });
  app.post("/api/app/auction/minuteAndContractControlReport", async (request, reply) => {
    const file = await reports.controlReport(requireBuyer(request).buyer.id);
    return sendFile(reply, file.fileName, XLSX, file.data);
  });
}
