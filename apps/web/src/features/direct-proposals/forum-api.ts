import type { ForumAuthorKind, Modality, NoticeStatus } from "@certame/domain";
import { apiPost } from "../../api/client";

// The direct procedures' message forum (issue 19 item 2); the shapes are the server's
// (apps/server/src/modules/direct-forum/direct-forum.service.ts).

export interface ForumMessage {
  id: string;
  authorKind: ForumAuthorKind;
  authorKindLabel: string;
  authorName: string;
  text: string;
  createdDate: string;
  mine: boolean;
}

export interface ForumThread extends ForumMessage {
  replies: ForumMessage[];
}

export interface DirectForum {
  notice: {
    id: string;
    noticeNumber: string;
    processNumber: string;
    objectOfInterest: string;
    modality: Modality;
    status: NoticeStatus;
    buyerName: string;
  };
  open: boolean;
  canPost: boolean;
  canReply: boolean;
  page: number;
  pageSize: number;
  total: number;
  threads: ForumThread[];
}

export const forumKeys = {
  all: (id: string) => ["direct-forum", id] as const,
  page: (id: string, page: number) => ["direct-forum", id, page] as const,
};

export const readForum = (auctionNoticeId: string, page: number) =>
  apiPost<DirectForum>("app/directForum/list", { auctionNoticeId, page });

export const postForumMessage = (auctionNoticeId: string, text: string, parentId?: string) =>
  apiPost<{ id: string; parentId: string | null; createdDate: string }>("app/directForum/post", {
    auctionNoticeId,
    text,
    ...(parentId ? { parentId } : {}),
  });
