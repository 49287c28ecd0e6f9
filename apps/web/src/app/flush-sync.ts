import { flushSync } from "react-dom";

/**
 * ReactDOM.flushSync for React Router's RouterProvider, so that `navigate(to, { flushSync: true })`
 * renders the new route at once (what "react-router/dom" does, without a second module entry).
 */
export function routerFlushSync(fn: () => unknown): undefined {
  flushSync(fn);
  return undefined;
}
