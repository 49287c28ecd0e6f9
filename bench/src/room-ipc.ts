// What the room and cluster benches and their clients' process (room-clients.ts) exchange.

/** Wall-clock time in milliseconds with sub-millisecond precision, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * `urls` (the cluster bench): one URL per instance, bidders and watchers spread over them in turn
 * (client k on urls[k % urls.length]); `url` alone is one instance.
 */
export type Command =
  | { cmd: "bidders"; url: string; urls?: string[]; tokens: string[]; noticeId: string }
  | { cmd: "bid"; batchId: string; rounds: number; base: number; step: number }
  | { cmd: "watchers"; url: string; urls?: string[]; n: number; noticeId?: string }
  | { cmd: "observers"; urls: string[]; noticeId: string }
  | { cmd: "expect"; marker: string }
  | { cmd: "closeAll" };
