import type { Request } from "express";
import type { Lang } from "~/i18n/lang";
import type { z } from "zod";
import { containsNul } from "~/lib/control-characters";
import { fieldErrors } from "~/lib/validation";
import { requestLang, serverT } from "~server/i18n";
import { HttpError } from "./errors";

/**
 * Parses input with a shared zod schema. On failure: 400 `{ message, errors: { field: message } }`,
 * with messages in the client's language.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, from: Request | Lang): z.output<S> {
  const lang = typeof from === "string" ? from : requestLang(from);
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // PostgreSQL text cannot hold NUL: refuse it everywhere, even where a schema lets it through.
    if (containsNul(result.data)) throw new HttpError(400, serverT(lang, "validation", "invalid"));
    return result.data;
  }
  const errors = Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, key]) => [field, serverT(lang, "validation", key)]));
  throw new HttpError(400, serverT(lang, "validation", "summary"), errors);
}

/** parseInput for a JSON body; anything but a JSON object is refused. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (!req.is("application/json")) throw new HttpError(415, "Send the data as application/json.");
  if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  return parseInput(schema, req.body, req);
}
