import { zm } from "@/lib/zod";

/**
 * The error every API call throws. Built from the server's single error shape
 * `{"error":{"code","message","field"}}` (docs/api.md), or synthesised for
 * network failures (status 0) and unreadable responses.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A user-facing message for any thrown value. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return fallback;
}

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the server. Please check your connection and try again.";

const statusCodes: Record<number, string> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "body_too_large",
  415: "unsupported_media_type",
  429: "too_many_attempts",
};

function fallbackError(status: number): ApiError {
  const code = statusCodes[status] ?? (status >= 500 ? "internal" : "unknown");
  const message =
    status >= 500
      ? "The server had a problem. Please try again in a moment."
      : `The request failed (HTTP ${status}). Please try again.`;
  return new ApiError(status, code, message);
}

async function parseError(res: Response): Promise<ApiError> {
  try {
    const body: unknown = await res.json();
    const err = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } })?.error;
    if (err && typeof err.message === "string" && err.message) {
      return new ApiError(
        res.status,
        typeof err.code === "string" ? err.code : (statusCodes[res.status] ?? "unknown"),
        err.message,
        typeof err.field === "string" && err.field ? err.field : undefined,
      );
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through.
  }
  return fallbackError(res.status);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions<T> {
  /** JSON-serialisable body, or FormData for uploads (sent as multipart). */
  body?: unknown;
  /** Validates and types the response (a classic or mini zod schema); without it the JSON is returned as is. */
  schema?: zm.core.$ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls the watchwin API on the same origin with the session cookie.
 * Resolves with the parsed JSON (undefined for 204) or throws ApiError.
 */
async function request<T = unknown>(
  method: Method,
  path: string,
  { body, schema, signal, headers }: RequestOptions<T> = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    signal,
    headers: { Accept: "application/json", ...headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }

  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }

  if (!res.ok) throw await parseError(res);
  if (res.status === 204) return undefined as T;

  let data: unknown;
  try {
    const text = await res.text();
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(res.status, "invalid_response", "The server sent a response we couldn't read.");
  }
  if (!schema) return data as T;
  const parsed = zm.safeParse(schema, data);
  if (!parsed.success) {
    console.error("unexpected response shape", path, parsed.error.issues);
    throw new ApiError(res.status, "invalid_response", "The server sent a response we couldn't read.");
  }
  return parsed.data;
}

type Opts<T> = Omit<RequestOptions<T>, "body">;

/** Thin verbs over request(); every feature's api/ files use these. */
export const api = {
  get: <T = unknown>(path: string, opts?: Opts<T>) => request<T>("GET", path, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) => request<T>("POST", path, { ...opts, body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) => request<T>("PUT", path, { ...opts, body }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) => request<T>("PATCH", path, { ...opts, body }),
  delete: <T = unknown>(path: string, opts?: Opts<T>) => request<T>("DELETE", path, opts),
};
