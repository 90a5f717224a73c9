import type { Express, Request } from "express";
import { inject } from "light-my-request";
import type { Lang } from "~/i18n/lang";
import type { ApiAnswer, ApiCall } from "~/lib/forms/form-state";

/**
 * Headers that describe the client and its session travel with a form post into the API, so the
 * API sees the same visitor: its address (rate limits), cookies (session), Origin and
 * Sec-Fetch-Site (same-origin check) and proxy headers (TRUST_PROXY). The body's own headers do not.
 */
const BODY_HEADERS = new Set(["content-type", "content-length", "transfer-encoding", "accept", "accept-encoding", "accept-language", "connection", "expect"]);

/**
 * Runs a page's form post through the JSON API in-process (decision 019): the same middleware
 * (origin check, rate limits, honeypots, zod validation) and the same handler as a fetch from the
 * enhanced form, without a socket. Returns the API's status, JSON body and cookies.
 */
export function apiDispatcher(api: Express): (req: Request) => ApiCall {
  return (req) =>
    async ({ method, path, body, lang }: { method: string; path: string; body: unknown; lang: Lang }): Promise<ApiAnswer> => {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "accept-language": lang };
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !BODY_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const answer = await inject(api, {
        method: method as "POST",
        url: path,
        headers,
        payload: JSON.stringify(body ?? {}),
        remoteAddress: req.socket.remoteAddress ?? "127.0.0.1",
      });
      let json: ApiAnswer["body"] = {};
      try {
        const parsed: unknown = JSON.parse(answer.payload);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as ApiAnswer["body"];
      } catch {
        json = {};
      }
      const setCookie = answer.headers["set-cookie"];
      return { status: answer.statusCode, body: json, cookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)] };
    };
}
