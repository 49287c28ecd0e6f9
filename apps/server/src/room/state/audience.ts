import type { Viewer } from "@certame/domain";

// The audience model is part of the wire contract (packages/domain room/audience.ts); re-exported for
// the room's renderers, with the shape of a rendered event, which is the server's own.
export {
  type Audience,
  anonymousSupplierName,
  audienceOf,
  type Viewer,
  viewerOf,
} from "@certame/domain";

/** A rendered live event: its action and the view of each audience. */
export interface RenderedEvent {
  noticeId: string;
  action: string;
  /** Suppliers whose own view differs from their audience's (their own messages). */
  perSupplier: ReadonlySet<string>;
  view(viewer: Viewer): unknown;
}
