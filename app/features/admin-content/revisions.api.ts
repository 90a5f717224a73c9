import { Router, type Request } from "express";
import { z } from "zod";
import { recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { recordId } from "~/lib/record-id";
import { parseBody } from "~server/http/validate";
import { requireStaff } from "~server/security/access";
import { idOr404 } from "~/features/admin-kit/admin-http.server";
import { adminT, idParam, staffId } from "./admin-api.server";
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
  const kind = { number: z.number().int().min(0).max(10_000_000).nullable(), boolean: z.boolean(), list: z.array(z.record(z.string().max(60), z.unknown())).max(300) };
  const shape = Object.fromEntries(fields.map((name) => [name, (kinds[name] ? kind[kinds[name]] : z.string().max(20_000)).optional()]));
  return z.strictObject({ values: z.strictObject(shape) });
};

/** `:id` of a draft: a record's id, or "new" for the editor of a record not created yet (0). */
const draftRecordId = (req: Request): number => (req.params.id === "new" ? 0 : idParam(req));

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
      const userId = caller.user!.id;
      // The state being replaced stays restorable, even when it was saved before revisions were kept.
      await recordRevision(db, { table, recordId: params.id, userId: null, values });
      const saved = await revisable.restore(db, params.id, revision.values, userId, caller.lang);
      if (!saved) throw notFound();
      const about = await revisable.about(db, params.id, revision.values, caller.lang);
      await recordAudit(db, { userId, action: "restore", entity: revisable.entity, entityId: about.entityId, name: about.name, summary: { revision: revision.id } });
      return { status: 200, body: { message: serverT(caller.lang, "admin-content", "revisions.restored"), ...saved, revision: revision.id } };
    },
  });
}

/** The restore endpoint of each collection with revisions, by the collection's name. */
export const restoreRevision: Readonly<Record<string, ReturnType<typeof restoreEndpoint>>> = Object.fromEntries(REVISABLE.map((revisable) => [revisable.name, restoreEndpoint(revisable)]));

/**
 * Drafts and revisions of blog posts, courses, testimonials and page sections (issue 16, decisions 035 and 063), staff (editors too):
 * the revisions of a record, one compared with the record as it is now, a revision restored
 * through the collection's own save (validated, audited, itself a revision), and each person's
 * draft of an editor (read, save, discard).
 */
export function contentHistoryApi(deps: EndpointDeps): Router {
  const { db } = deps;
  const router = Router();
  for (const revisable of REVISABLE) {
    const { table } = revisable;
    const base = `/api/admin/${revisable.name}`;
    router.use(base, requireStaff);
    const notFound = (req: Request) => new HttpError(404, adminT(req, "api.notFound"));
    const existing = async (req: Request) => {
      const id = idParam(req);
      const values = await revisable.values(db, id);
      if (!values) throw notFound(req);
      return { id, values };
    };
    const revisionOf = async (req: Request, id: number) => {
      const revision = await getRevision(db, table, id, idOr404(req.params.revision, adminT(req, "api.notFound")));
      if (!revision) throw notFound(req);
      return revision;
    };

    router.get(`${base}/:id/revisions`, async (req, res) => {
      const { id } = await existing(req);
      res.json({ revisions: await listRevisions(db, table, id), kept: REVISIONS_KEPT });
    });

    router.get(`${base}/:id/revisions/:revision`, async (req, res) => {
      const { id, values } = await existing(req);
      const revision = await revisionOf(req, id);
      const yesNo = { yes: adminT(req, "revisions.yes"), no: adminT(req, "revisions.no") };
      res.json({ revision, changes: compareValues(revision.values, values, revisable.fields(values), yesNo) });
    });

    /** The draft's record and the fields its editor has (a page section has its own). */
    const draftKey = async (req: Request, userId: number) => {
      const recordId = draftRecordId(req);
      // Page sections are never new: their editor always has a record.
      if (recordId === 0 && revisable.table === "page_sections") throw notFound(req);
      const values = recordId === 0 ? undefined : await revisable.values(db, recordId);
      if (recordId !== 0 && !values) throw notFound(req);
      return { table, recordId, userId, fields: revisable.fields(values ?? {}) };
    };

    router.get(`${base}/:id/draft`, async (req, res) => {
      const { fields: _fields, ...key } = await draftKey(req, staffId(res));
      res.json({ draft: await draftForEditor(db, key) });
    });

    router.put(`${base}/:id/draft`, async (req, res) => {
      const { fields, ...key } = await draftKey(req, staffId(res));
      const { values } = parseBody(draftSchema(revisable, fields), req);
      const draft = await saveDraft(db, key, values);
      res.json({ message: adminT(req, "draft.saved"), savedAt: draft.savedAt });
    });

    router.delete(`${base}/:id/draft`, async (req, res) => {
      const { fields: _fields, ...key } = await draftKey(req, staffId(res));
      await deleteDraft(db, key);
      res.json({ message: adminT(req, "draft.discarded") });
    });
  }
  router.use(jsonRoutes(deps, Object.values(restoreRevision)));
  return router;
}
