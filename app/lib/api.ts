import type { Lang } from "~/i18n/lang";

interface ApiResult<T> {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body, or null when the body was not JSON. */
  data: T | null;
}

/**
 * Calls the site's own JSON API. Resolves for every HTTP answer (check `ok`);
 * rejects only when the server could not be reached.
 */
export async function apiRequest<T = { message?: string }>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  options: { body?: unknown; lang?: Lang; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    signal: options.signal,
    headers: {
      Accept: "application/json",
      ...(options.lang ? { "Accept-Language": options.lang } : {}),
      ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  let data: T | null = null;
  try {
    data = (await response.json()) as T;
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, statusText: response.statusText, data };
}
