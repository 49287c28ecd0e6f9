import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { act, cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// findBy*/waitFor wait up to 5 s (default 1 s): a lazily loaded page is compiled on first import,
// which on a loaded 2-core CI machine can take longer than a second. Passing tests do not wait longer.
configure({ asyncUtilTimeout: 5000 });

// Test files share a worker's modules and document (isolate: false, vitest.config.ts): each test
// leaves no tree, no portal and no notification in Mantine's store for the next one.
afterEach(() => {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  cleanup();
  document.body.innerHTML = "";
});

// Nothing a test changes in the window outlives it (the files of a worker share one window): a link
// the test DOM followed moved the window's URL, and with it the origin of its cookies; a stubbed
// global (matchMedia for a phone) or fake timers.
const START_URL = "http://localhost:3000/";
type HappyWindow = { happyDOM: { setURL(url: string): void } };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// A browser that logged in holds the session hint (features/auth/session-hint.ts): the tests mock
// app/auth/me for a user or for 401, so by default the app asks it. A visitor's test clears it.
beforeEach(() => {
  if (window.location.href !== START_URL) (window as unknown as HappyWindow).happyDOM.setURL(START_URL);
  // biome-ignore lint/suspicious/noDocumentCookie: the test browser's session hint.
  document.cookie = "certame_signed_in=1; path=/";
});

// The test DOM (happy-dom) lacks some layout APIs Mantine and the virtualiser call; these are inert stand-ins.

// Always the stand-in, whose queries never match: a layout is the desktop's unless a test stubs a phone
// (vi.stubGlobal), never the test DOM's own window size.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
