import { readFileSync } from "node:fs";
import path from "node:path";
import { routeKey, unnamedParams } from "./openapi";

/**
 * The hand-written notes of the HTTP reference (docs/http-notes.md): what the declarations cannot
 * say yet (each answer's fields, the business rules, the statuses a route's function gives). Each
 * table row's first cell names its routes as `METHOD /path` in backticks (several methods may share
 * one path: `GET`, `PUT /api/x`); the row's text becomes their OpenAPI description. Path
 * parameters match whatever their name (`{slug or id}` is `:course`). The contract test fails on a
 * row naming a route the app does not serve, so a note cannot outlive its route unnoticed.
 */
export interface ParsedNotes {
  /** "METHOD /path/{}" (parameters unnamed) → the row's text. */
  byRoute: Map<string, string>;
  /** Each key as written, for the contract test's message. */
  written: string[];
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Splits a markdown table row into cells (`\|` stays inside its cell). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

export function parseRouteNotes(markdown: string): ParsedNotes {
  const byRoute = new Map<string, string>();
  const written: string[] = [];
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const [first, ...rest] = cells(line);
    const text = rest.join(" | ").replace(/\\\|/g, "|");
    let pending: string[] = [];
    for (const [, code] of first!.matchAll(/`([^`]+)`/g)) {
      const text0 = code!.trim();
      if (METHODS.has(text0)) {
        pending.push(text0);
        continue;
      }
      // "GET /api/courses/{slug or id}/demo-slots?from=&to=": a method, then a path (spaces only inside braces).
      const found = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*(?:\{[^}]*\}\S*)*)$/.exec(text0);
      if (!found) continue;
      const routePath = found[2]!.split("?")[0]!;
      for (const method of [...pending, found[1]!]) {
        written.push(routeKey(method, routePath));
        const key = routeKey(method, unnamedParams(routePath));
        byRoute.set(key, byRoute.has(key) ? `${byRoute.get(key)}\n\n${text}` : text);
      }
      pending = [];
    }
  }
  return { byRoute, written };
}

export const NOTES_FILE = "docs/http-notes.md";

/** The notes file of the checkout the server runs from; none (no descriptions) when it is absent, as in a bare build. */
export function readRouteNotes(root = process.cwd()): ParsedNotes {
  try {
    return parseRouteNotes(readFileSync(path.join(root, NOTES_FILE), "utf8"));
  } catch {
    return { byRoute: new Map(), written: [] };
  }
}
