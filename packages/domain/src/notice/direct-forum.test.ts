import { describe, expect, it } from "vitest";
import {
  DIRECT_FORUM_TEXT_MAX,
  directForumPostSchema,
  FORUM_CLOSED_MESSAGE,
  FORUM_MESSAGE_NOT_FOUND,
  FORUM_NOT_AN_AUTHOR,
  FORUM_ONLY_BODY_REPLIES,
  FORUM_REPLY_TO_MESSAGE,
  forumAuthorKind,
  forumAuthorName,
  forumPostRefusal,
  isForumOpen,
} from "./direct-forum";

// The message forum of a direct procedure (issue 19 item 2): the acts of the procedure are public
// (Lei 14.133/2021 art. 13), the body answers, the forum takes messages while the procedure runs.

const BODY = "body-1";
const NOTICE = "00000000-0000-4000-8000-000000000001";

describe("who writes in the forum", () => {
  it("the body's own staff, not its restricted profiles nor another body", () => {
    expect(forumAuthorKind({ kind: "BUYER", buyer: { id: BODY, staffRoles: ["AUCTIONEER"] } }, BODY)).toBe(
      "BODY",
    );
    // A body's own account (no staff roles) is the body.
    expect(forumAuthorKind({ kind: "BUYER", buyer: { id: BODY, staffRoles: [] } }, BODY)).toBe("BODY");
    expect(
      forumAuthorKind(
        { kind: "BUYER", buyer: { id: BODY, staffRoles: ["BUDGET_TEAM", "PLANNING_TEAM"] } },
        BODY,
      ),
    ).toBeNull();
    expect(forumAuthorKind({ kind: "BUYER", buyer: { id: "body-2", staffRoles: [] } }, BODY)).toBeNull();
  });

  it("any supplier and any citizen; not the platform's staff", () => {
    expect(forumAuthorKind({ kind: "SUPPLIER", supplier: { id: "s" } }, BODY)).toBe("SUPPLIER");
    expect(forumAuthorKind({ kind: "SUPPLIER", supplier: null }, BODY)).toBeNull();
    expect(forumAuthorKind({ kind: "REGULAR_CITIZEN" }, BODY)).toBe("CITIZEN");
    expect(forumAuthorKind({ kind: "ADMIN" }, BODY)).toBeNull();
  });
});

describe("when a message is taken", () => {
  const base = { noticeId: NOTICE, parentGiven: false } as const;

  it("while the procedure is published or running only", () => {
    expect(isForumOpen("PUBLISHED")).toBe(true);
    expect(isForumOpen("ONGOING")).toBe(true);
    for (const status of ["PENDING", "SUSPENDED", "FINISHED", "CANCELLED", "REVOKED"] as const) {
      expect(forumPostRefusal({ ...base, status, author: "SUPPLIER" })).toEqual({
        status: 409,
        message: FORUM_CLOSED_MESSAGE,
      });
    }
    expect(forumPostRefusal({ ...base, status: "PUBLISHED", author: "CITIZEN" })).toBeNull();
  });

  it("from an author only", () => {
    expect(forumPostRefusal({ ...base, status: "PUBLISHED", author: null })).toEqual({
      status: 403,
      message: FORUM_NOT_AN_AUTHOR,
    });
  });

  it("a reply: by the body, to a top-level message of the same notice", () => {
    const reply = { noticeId: NOTICE, status: "PUBLISHED", parentGiven: true } as const;
    const top = { auctionNoticeId: NOTICE, parentId: null };
    expect(forumPostRefusal({ ...reply, author: "BODY", parent: top })).toBeNull();
    expect(forumPostRefusal({ ...reply, author: "SUPPLIER", parent: top })?.message).toBe(
      FORUM_ONLY_BODY_REPLIES,
    );
    expect(forumPostRefusal({ ...reply, author: "BODY", parent: null })).toEqual({
      status: 404,
      message: FORUM_MESSAGE_NOT_FOUND,
    });
    // Another notice's message is as unknown as a forged id.
    expect(
      forumPostRefusal({ ...reply, author: "BODY", parent: { auctionNoticeId: "other", parentId: null } })
        ?.status,
    ).toBe(404);
    expect(
      forumPostRefusal({ ...reply, author: "BODY", parent: { auctionNoticeId: NOTICE, parentId: "x" } })
        ?.message,
    ).toBe(FORUM_REPLY_TO_MESSAGE);
  });
});

describe("the name a message shows", () => {
  const names = { bodyName: "Prefeitura de Demo", companyName: "Alfa Ltda", userName: "Ana Souza" };
  it("the body's name, the company (no anonymity), the citizen's name", () => {
    expect(forumAuthorName("BODY", names)).toBe("Prefeitura de Demo");
    expect(forumAuthorName("SUPPLIER", names)).toBe("Alfa Ltda");
    expect(forumAuthorName("SUPPLIER", { ...names, companyName: null })).toBe("Ana Souza");
    expect(forumAuthorName("CITIZEN", names)).toBe("Ana Souza");
  });
});

describe("the message's text", () => {
  const id = NOTICE;
  it("is required, trimmed, at most 2000 characters", () => {
    expect(directForumPostSchema.safeParse({ auctionNoticeId: id, text: "   " }).success).toBe(false);
    expect(directForumPostSchema.parse({ auctionNoticeId: id, text: "  Dúvida  " }).text).toBe("Dúvida");
    expect(
      directForumPostSchema.safeParse({ auctionNoticeId: id, text: "x".repeat(DIRECT_FORUM_TEXT_MAX) })
        .success,
    ).toBe(true);
    expect(
      directForumPostSchema.safeParse({ auctionNoticeId: id, text: "x".repeat(DIRECT_FORUM_TEXT_MAX + 1) })
        .success,
    ).toBe(false);
    expect(directForumPostSchema.safeParse({ auctionNoticeId: id, text: "a", parentId: "x" }).success).toBe(
      false,
    );
  });
});
