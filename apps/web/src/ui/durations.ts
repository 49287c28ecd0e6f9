// How long each kind of notification stays on screen, in milliseconds (one place for all of them).
export const NOTIFICATION_DURATION = {
  /** A confirmation the user only needs to glance at. */
  success: 4000,
  /** Something the user should read and maybe act upon. */
  warning: 6000,
  /** A failure: long enough to read a server message of a sentence or two. */
  error: 6000,
  /** Publish and finish errors (notices-and-accounts §8: "shown for 6 s"). */
  publishOrFinishError: 6000,
} as const;
