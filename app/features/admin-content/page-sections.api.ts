import { z } from "zod";
import { defineEndpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { parseInput } from "~server/http/validate";
import { isPageKey, sectionOf } from "~/features/site/page-sections";
import { sectionSchema } from "./page-section-admin.schema";
import { listPages, pageEditor, saveSection } from "./page-section-admin.server";

const pageParams = z.object({ page: z.string().max(40) });

/** GET /api/admin/pages → { pages: [{ page, sections, missing, updatedAt }] }: the pages whose texts staff edit. */
export const listPagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/pages",
  access: "staff",
  input: z.object({}),
  async run({ deps: { db } }) {
    return { status: 200, body: { pages: await listPages(db) } };
  },
});

/** GET /api/admin/pages/{page} → { page, sections: [{ key, values, missing }] }. */
export const readPageEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/pages/:page",
  access: "staff",
  params: pageParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    if (!isPageKey(params.page)) throw new HttpError(404, serverT(caller.lang, "admin-content", "api.notFound"));
    return { status: 200, body: { page: params.page, sections: await pageEditor(db, params.page) } };
  },
});

/**
 * PUT /api/admin/pages/{page}/{section} with the section's fields (`titleEn`, `titleAr`, ...) →
 * { message }: saved, audited before → after, shown on the public page at once.
 */
export const saveSectionEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/admin/pages/:page/:section",
  access: "staff",
  params: z.object({ page: z.string().max(40), section: z.string().max(40) }),
  // Which fields a section has depends on the path: the body is bounded here and checked against the section below.
  input: z.record(z.string().max(60), z.unknown()).refine((body) => Object.keys(body).length <= 60),
  async run({ deps: { db }, caller, params }, body) {
    const section = isPageKey(params.page) ? sectionOf(params.page, params.section) : undefined;
    if (!section || !isPageKey(params.page)) throw new HttpError(404, serverT(caller.lang, "admin-content", "api.notFound"));
    const input = parseInput(sectionSchema(section), body, caller.lang);
    await saveSection(db, params.page, section, input, caller.user.id);
    return { status: 200, body: { message: serverT(caller.lang, "admin-content", "api.saved") } };
  },
});

export const pageSectionEndpoints = [listPagesEndpoint, readPageEndpoint, saveSectionEndpoint] as const;
