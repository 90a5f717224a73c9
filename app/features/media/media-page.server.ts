import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { parseListQuery } from "~/features/admin-kit/list/list-query.server";
import { getSiteSettings } from "~/features/site/site.server";
import { langFromPath } from "~/i18n/lang";
import { parseRecordId } from "~/lib/record-id";
import { changeMediaAlt, deleteMediaItem, uploadMedia } from "./media.api";
import type { MediaFormState } from "./media-forms";
import type { MediaUse } from "./media.schema";
import { listMedia, mediaList } from "./media.server";

const PAGE_SIZE = 24;

/** `/admin/media`: a page of the library (search, page), the academy's time zone, and an upload refused as too large. */
export async function loadMediaPage({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const query = { ...parseListQuery(mediaList, url.searchParams), pageSize: PAGE_SIZE };
  const [result, settings] = await Promise.all([listMedia(context.db, query, lang), getSiteSettings(context.db)]);
  // Set by the server when an image posted without JavaScript was over the limit (server/app.ts).
  const tooLargeMb = url.searchParams.get("upload") === "too-large" ? Math.round((context.config.maxUploadBytes / 1024 / 1024) * 10) / 10 : null;
  return { query, result, timeZone: settings.timeZone, tooLargeMb };
}

/**
 * The page's forms, with or without JavaScript (an upload posts here only without it): each runs
 * its endpoint in process (decision 048), so checks, audit and messages are the JSON API's.
 */
export async function mediaPageAction({ request, context }: Pick<ActionFunctionArgs, "request" | "context">) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ message: "Bad request." }, { status: 400 });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const reply = (state: MediaFormState, status: number) => data(state, { status, headers: { "Cache-Control": "private, no-store" } });

  if (text("intent") === "upload") {
    const file = form.get("file");
    // A form sent without choosing a file carries an empty, unnamed one: the endpoint then asks for a file.
    const received =
      file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name || "image" } : undefined;
    const answer = await context.run(uploadMedia, { input: { altEn: text("altEn"), altAr: text("altAr"), file: received }, lang });
    const ok = answer.status === 201;
    return reply(
      {
        form: "upload",
        ok,
        message: answer.body.message ?? "",
        errors: answer.body.errors,
        values: ok ? undefined : { altEn: text("altEn"), altAr: text("altAr") },
      },
      ok ? 200 : answer.status,
    );
  }

  const id = parseRecordId(text("id")) ?? 0;
  // An id that is none still reaches the endpoint, which answers 404 as its JSON route does.
  const params = { id: text("id") };
  if (text("intent") === "alt") {
    const values = { altEn: text("altEn"), altAr: text("altAr") };
    const answer = await context.run(changeMediaAlt, { input: values, params, lang });
    const ok = answer.status >= 200 && answer.status < 300;
    return reply({ form: "alt", id, ok, message: answer.body.message ?? "", errors: answer.body.errors, values: ok ? undefined : values }, answer.status);
  }
  if (text("intent") === "delete") {
    if (text("confirmed") !== "yes") return reply({ form: "delete", id, ok: true, message: "", ask: true }, 200);
    const answer = await context.run(deleteMediaItem, { input: {}, params, lang });
    const ok = answer.status >= 200 && answer.status < 300;
    return reply({ form: "delete", id, ok, message: answer.body.message ?? "", usedBy: answer.body.usedBy as MediaUse[] | undefined }, answer.status);
  }
  throw data({ message: "Bad request." }, { status: 400 });
}
