import { describe, expect, it } from "vitest";
import {
  clarificationAnswerDeadline,
  clarificationAnswerSchema,
  clarificationCreateSchema,
  clarificationDeadlineMessage,
  clarificationRequestDeadline,
  isClarificationRequestOpen,
} from "./clarifications";

// Session on Monday 23/11/2026 at 09:00 Brasília (12:00 UTC).
const SESSION = "2026-11-23T12:00:00.000Z";

describe("Lei 14.133/2021 art. 164 — requests up to 3 business days before the opening", () => {
  it("counts back 3 business days from the session's day, skipping the 20/11 holiday and the weekend", () => {
    // Fri 20/11 holiday, Thu 19, Wed 18, Tue 17 → Tuesday 17/11/2026, 23:59:59.999 Brasília.
    expect(clarificationRequestDeadline(SESSION).toISOString()).toBe("2026-11-18T02:59:59.999Z");
  });

  it("accepts a request up to the deadline's last millisecond and refuses one after it", () => {
    const deadline = clarificationRequestDeadline(SESSION);
    expect(isClarificationRequestOpen("2026-11-18T02:59:59.999Z", deadline)).toBe(true);
    expect(isClarificationRequestOpen("2026-11-18T03:00:00.000Z", deadline)).toBe(false);
  });

  it("lets a notice grant a later deadline, never an earlier one nor one after the session", () => {
    expect(clarificationRequestDeadline(SESSION, "2026-11-19T20:00:00.000Z").toISOString()).toBe(
      "2026-11-19T20:00:00.000Z",
    );
    expect(clarificationRequestDeadline(SESSION, "2026-11-10T20:00:00.000Z").toISOString()).toBe(
      "2026-11-18T02:59:59.999Z",
    );
    expect(clarificationRequestDeadline(SESSION, "2026-11-24T20:00:00.000Z").toISOString()).toBe(
      "2026-11-18T02:59:59.999Z",
    );
  });

  it("names the last allowed day as dd/mm/aaaa in the refusal", () => {
    const deadline = clarificationRequestDeadline(SESSION);
    expect(clarificationDeadlineMessage("CHALLENGE", deadline)).toContain(
      "impugnar o edital terminou em 17/11/2026",
    );
    expect(clarificationDeadlineMessage("CLARIFICATION", deadline)).toContain(
      "pedir esclarecimentos terminou em 17/11/2026",
    );
  });
});

describe("Lei 14.133/2021 art. 164 parágrafo único — the answer within 3 business days", () => {
  it("is due at the end of the 3rd business day after the request", () => {
    // Thursday 19/11/2026 → Mon 23, Tue 24, Wed 25 (20/11 holiday) → 25/11 23:59:59.999 Brasília.
    expect(clarificationAnswerDeadline("2026-11-19T15:00:00.000Z").toISOString()).toBe(
      "2026-11-26T02:59:59.999Z",
    );
  });
});

describe("request and answer payloads", () => {
  const id = "00000000-0000-4000-8000-000000000001";
  it("requires a text within 5000 characters and a known kind", () => {
    expect(
      clarificationCreateSchema.safeParse({ auctionNoticeId: id, kind: "CLARIFICATION", text: "  " }).success,
    ).toBe(false);
    expect(
      clarificationCreateSchema.safeParse({ auctionNoticeId: id, kind: "APPEAL", text: "Pergunta" }).success,
    ).toBe(false);
    expect(
      clarificationCreateSchema.safeParse({ auctionNoticeId: id, kind: "CHALLENGE", text: "x".repeat(5001) })
        .success,
    ).toBe(false);
    expect(
      clarificationCreateSchema.parse({ auctionNoticeId: id, kind: "CHALLENGE", text: " Cláusula 5 " }).text,
    ).toBe("Cláusula 5");
  });

  it("accepts only the two decisions", () => {
    expect(clarificationAnswerSchema.safeParse({ id, answer: "Resposta", decision: "MAYBE" }).success).toBe(
      false,
    );
    expect(clarificationAnswerSchema.safeParse({ id, answer: "Resposta", decision: "UPHELD" }).success).toBe(
      true,
    );
  });
});
