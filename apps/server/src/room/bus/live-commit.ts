import type { Db, Tx } from "../../db/client";
import { recordLiveEvents } from "./live-event.repository";
import type { LiveNotice, LivePublisher, RenderHint } from "./live-notice";

/** The live notices a transaction collects, published once it committed. */
export type Outbox = LiveNotice[];

/**
 * One transaction of a room change (DESIGN §5; issue 17 item 2: the one commit-then-publish every
 * room service uses): the work pushes its live notices, which the outbox table numbers last in the
 * same transaction (their sequence follows commit order), and which are published only after the
 * commit. `hintOf` gives a notice what this instance already holds of it, so its own fan-out reads
 * nothing again (the bid path's).
 */
export async function commitAndPublish<T>(
  db: Db,
  live: LivePublisher,
  work: (tx: Tx, outbox: Outbox) => Promise<T>,
  hintOf?: (notice: LiveNotice) => RenderHint | undefined,
): Promise<{ result: T; outbox: Outbox }> {
  const outbox: Outbox = [];
  const result = await db.transaction(async (tx) => {
    const done = await work(tx, outbox);
    await recordLiveEvents(tx, outbox);
    return done;
  });
  for (const notice of outbox) await live.publish(notice, hintOf?.(notice));
  return { result, outbox };
}
