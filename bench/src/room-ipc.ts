// What the room bench and its clients' process (room-clients.ts) exchange.

/** Wall-clock time in milliseconds with sub-millisecond precision, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

export type Command =
  | { cmd: "bidders"; url: string; tokens: string[]; noticeId: string }
  | { cmd: "bid"; batchId: string; rounds: number; base: number; step: number }
  | { cmd: "watchers"; url: string; n: number; noticeId?: string }
  | { cmd: "expect"; marker: string }
  | { cmd: "closeAll" };
