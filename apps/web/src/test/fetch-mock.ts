import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (body: unknown) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch with a table of handlers keyed by 'METHOD /api/path'. Unknown calls answer 404 so a
 * test notices a call it did not plan for. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, "http://localhost").pathname;
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const handler = handlers[`${method} ${path}`];
    const answer = handler
      ? handler(body)
      : { status: 404, body: { message: `Sem rota: ${method} ${path}` } };
    const status = answer?.status ?? 200;
    return new Response(answer?.body === undefined ? "" : JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}
