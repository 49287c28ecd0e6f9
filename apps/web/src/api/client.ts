import { CONNECTION_ERROR_MESSAGE, GENERIC_ERROR_MESSAGE } from "../ui/texts";

/** One entry of a validation error (HTTP 400): the property path and its messages. */
export interface PropertyError {
  property: string;
  errorMessages: string[];
}

/** Any failed call: the HTTP status (0 when the server could not be reached), its message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly properties: PropertyError[];
  /** True when the message came from the server (not the generic connection text). */
  readonly hasServerMessage: boolean;

  constructor(status: number, message: string | undefined, properties: PropertyError[] = []) {
    super(message || GENERIC_ERROR_MESSAGE);
    this.name = "ApiError";
    this.status = status;
    this.properties = properties;
    this.hasServerMessage = Boolean(message);
  }
}

/** The server's message of a failed call when it sent one, else the screen's own text. */
export const serverMessageOr = (error: unknown, fallback: string = CONNECTION_ERROR_MESSAGE) =>
  error instanceof ApiError && error.hasServerMessage ? error.message : fallback;

export const API_BASE = "/api";

function parseProperties(value: unknown): PropertyError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((p): PropertyError[] => {
    if (!p || typeof p !== "object") return [];
    const { property, errorMessages } = p as { property?: unknown; errorMessages?: unknown };
    if (typeof property !== "string") return [];
    const messages = Array.isArray(errorMessages)
      ? errorMessages.filter((m): m is string => typeof m === "string")
      : [];
    return [{ property, errorMessages: messages }];
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\/+/, "")}`, {
      method,
      credentials: "include",
      headers: method === "POST" ? { "Content-Type": "application/json", Accept: "application/json" } : {},
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const data = await readBody(response);
  if (!response.ok) {
    const payload = (data && typeof data === "object" ? data : {}) as {
      message?: unknown;
      properties?: unknown;
    };
    const message = typeof payload.message === "string" ? payload.message : undefined;
    throw new ApiError(response.status, message, parseProperties(payload.properties));
  }
  return data as T;
}

/** POST a JSON body to /api/{path}, sending the session cookie. */
export function apiPost<T>(path: string, body?: unknown): Promise<T> {
  return request<T>("POST", path, body);
}

/** GET /api/{path}, sending the session cookie. */
export function apiGet<T>(path: string): Promise<T> {
  return request<T>("GET", path);
}
