import { Router } from "express";
import { z } from "zod";
import { recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { idParams, recordId } from "~/lib/record-id";
import type { Lang } from "~/i18n/lang";
import { inTransaction, type DB } from "~server/db/db";
import { requireStaff } from "~server/security/access";
import { REVISABLE, type Revisable } from "./revisable.server";
import { deleteDraft, draftForEditor, saveDraft } from "./drafts.server";
import { compareValues } from "./revision-compare.server";
import { REVISIONS_KEPT, getRevision, listRevisions, recordRevision } from "./revisions.server";

/**
 * What a draft may hold: the editor's own fields only, as typed (not yet valid), each of its kind
 * and bounded: texts up to 20,000 characters, whole numbers (empty while typed: null), yes/no, lists of
 * up to 300 objects (content blocks, questions).
 */
const draftSchema = ({ kinds }: Revisable, fields: readonly string[]) => {
  const kind = {
    number: z.number().int().min(0).max(10_000_000).nullable(),
    boolean: z.boolean(),
    list: z.array(z.record(z.string().max(60), z.unknown())).max(300),
  };
  const shape = Object.fromEntries(fields.map((name) => [name, (kinds[name] ? kind[kinds[name]] : z.string().max(20_000)).optional()]));
  return z.strictObject({ values: z.strictObject(shape) });
};

const NOT_FOUND = { ns: "admin-content", key: "api.notFound" };
const notFound = (lang: Lang) => new HttpError(404, serverT(lang, "admin-content", "api.notFound"));
/** `:id` of a draft: a record's id, or "new" for the editor of a record not created yet (0). */
const draftParams = z.object({ id: z.union([z.literal("new").transform(() => 0), recordId]) });

/** The draft's record and the fields its editor has (a page section has its own); 404 for a record that is not there. */
async function draftKey(db: DB, revisable: Revisable, recordId: number, userId: number, lang: Lang) {
  // Page sections are never new: their editor always has a record.
  if (recordId === 0 && revisable.table === "page_sections") throw notFound(lang);
  const values = recordId === 0 ? undefined : await revisable.values(db, recordId);
  if (recordId !== 0 && !values) throw notFound(lang);
  return { key: { table: revisable.table, recordId, userId }, fields: revisable.fields(values ?? {}) };
}

/** The revisions and draft routes of one collection, each a defineEndpoint (staff, editors too). */
function historyEndpoints(revisable: Revisable) {
  const { table } = revisable;
  const base = `/api/admin/${revisable.name}`;
  const existing = async (db: DB, id: number, lang: Lang) => {
    const values = await revisable.values(db, id);
    if (!values) throw notFound(lang);
    return values;
  };
  const list = defineEndpoint({
    method: "GET",
    path: `${base}/:id/revisions`,
    access: "staff",
    params: idParams,
    notFound: NOT_FOUND,
    input: z.object({}),
    async run({ deps: { db }, caller, params: { id } }) {
      await existing(db, id, caller.lang);
      return { status: 200, body: { revisions: await listRevisions(db, table, id), kept: REVISIONS_KEPT } };
    },
  });
  const compare = defineEndpoint({
    method: "GET",
    path: `${base}/:id/revisions/:revision`,
    access: "staff",
    params: z.object({ id: recordId, revision: recordId }),
    notFound: NOT_FOUND,
    input: z.object({}),
    async run({ deps: { db }, caller, params: { id, revision: revisionId } }) {
      const values = await existing(db, id, caller.lang);
      const revision = await getRevision(db, table, id, revisionId);
      if (!revision) throw notFound(caller.lang);
      const say = (key: string) => serverT(caller.lang, "admin-content", key);
      return {
        status: 200,
        body: { revision, changes: compareValues(revision.values, values, revisable.fields(values), { yes: say("revisions.yes"), no: say("revisions.no") }) },
      };
    },
  });
  const readDraft = defineEndpoint({
    method: "GET",
    path: `${base}/:id/draft`,
    access: "staff",
    params: draftParams,
    notFound: NOT_FOUND,
    input: z.object({}),
    async run({ deps: { db }, caller, params: { id } }) {
      const { key } = await draftKey(db, revisable, id, caller.user.id, caller.lang);
      return { status: 200, body: { draft: await draftForEditor(db, key) } };
    },
  });
  const saveOwnDraft = defineEndpoint({
    method: "PUT",
    path: `${base}/:id/draft`,
    access: "staff",
    params: draftParams,
    notFound: NOT_FOUND,
    // The fields a draft may hold are the record's editor's: known once the record is read (404 first).
    input: async ({ db }, _raw, { params: { id }, lang }) => draftSchema(revisable, (await draftKey(db, revisable, id, 0, lang)).fields),
    async run({ deps: { db }, caller, params: { id } }, { values }) {
      const { key } = await draftKey(db, revisable, id, caller.user.id, caller.lang);
      const draft = await saveDraft(db, key, values);
      return { status: 200, body: { message: serverT(caller.lang, "admin-content", "draft.saved"), savedAt: draft.savedAt } };
    },
  });
  const discardDraft = defineEndpoint({
    method: "DELETE",
    path: `${base}/:id/draft`,
    access: "staff",
    params: draftParams,
    notFound: NOT_FOUND,
    input: z.object({}),
    async run({ deps: { db }, caller, params: { id } }) {
      const { key } = await draftKey(db, revisable, id, caller.user.id, caller.lang);
      await deleteDraft(db, key);
      return { status: 200, body: { message: serverT(caller.lang, "admin-content", "draft.discarded") } };
    },
  });
  return [list, compare, readDraft, saveOwnDraft, discardDraft];
}

/** POST /api/admin/{blogs|courses|testimonials|page-sections}/{id}/revisions/{revision}/restore: a revision saved back → { message, ...saved, revision }. */
function restoreEndpoint(revisable: Revisable) {
  const { table } = revisable;
  return defineEndpoint({
    method: "POST",
    path: `/api/admin/${revisable.name}/:id/revisions/:revision/restore`,
    access: "staff",
    noBody: true,
    params: z.object({ id: recordId, revision: recordId }),
    input: z.object({}),
    async run({ deps: { db }, caller, params }) {
      const notFound = () => new HttpError(404, serverT(caller.lang, "admin-content", "api.notFound"));
      const values = await revisable.values(db, params.id);
      if (!values) throw notFound();
      const revision = await getRevision(db, table, params.id, params.revision);
      if (!revision) throw notFound();
      const userId = caller.user.id;
      // One transaction: the replaced state's revision, the save and the audit entry are kept together or not at all.
      const saved = await inTransaction(db, async (trx) => {
        // The state being replaced stays restorable, even when it was saved before revisions were kept.
        await recordRevision(trx, { table, recordId: params.id, userId: null, values });
        const restored = await revisable.restore(trx, params.id, revision.values, userId, caller.lang);
        if (!restored) throw notFound();
        const about = await revisable.about(trx, params.id, revision.values, caller.lang);
        await recordAudit(trx, {
          userId,
          action: "restore",
          entity: revisable.entity,
          entityId: about.entityId,
          name: about.name,
          summary: { revision: revision.id },
        });
        return restored;
      });
      return { status: 200, body: { message: serverT(caller.lang, "admin-content", "revisions.restored"), ...saved, revision: revision.id } };
    },
  });
}

/** The restore endpoint of each collection with revisions, by the collection's name. */
export const restoreRevision: Readonly<Record<string, ReturnType<typeof restoreEndpoint>>> = Object.fromEntries(
  REVISABLE.map((revisable) => [revisable.name, restoreEndpoint(revisable)]),
);

/**
 * Drafts and revisions of blog posts, courses, testimonials and page sections (issue 16, decisions 035 and 063), staff (editors too):
 * the revisions of a record, one compared with the record as it is now, a revision restored
 * through the collection's own save (validated, audited, itself a revision), and each person's
 * draft of an editor (read, save, discard).
 */
export function contentHistoryApi(deps: EndpointDeps): Router {
  const router = Router();
  // Before the endpoints, so a stranger hears 401 before any complaint about the path or body.
  for (const revisable of REVISABLE) router.use(`/api/admin/${revisable.name}`, requireStaff);
  router.use(jsonRoutes(deps, [...REVISABLE.flatMap(historyEndpoints), ...Object.values(restoreRevision)]));
  return router;
}
