import { Router, type Request } from "express";
import { z } from "zod";
import type { EndpointDeps } from "~server/http/endpoint";
import { recordAudit } from "~server/audit/audit";
import { HttpError } from "~server/http/errors";
import { parseBody, parseInput } from "~server/http/validate";
import { requireStaff } from "~server/security/access";
import { idOr404 } from "~/features/admin/admin-http.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { orConflict } from "./collection-api.server";
import { REVISABLE, type Revisable } from "./revisable.server";
import { deleteDraft, draftForEditor, saveDraft } from "./drafts.server";
import { compareValues } from "./revision-compare.server";
import { REVISIONS_KEPT, getRevision, listRevisions, recordRevision } from "./revisions.server";

/**
 * What a draft may hold: the editor's own fields only, as typed (not yet valid), each of its kind
 * and bounded: texts up to 20,000 characters, whole numbers (empty while typed: null), yes/no, lists of
 * up to 300 objects (content blocks, questions).
 */
const draftSchema = ({ fields, kinds }: Revisable) => {
  const kind = { number: z.number().int().min(0).max(10_000_000).nullable(), boolean: z.boolean(), list: z.array(z.record(z.string().max(60), z.unknown())).max(300) };
  const shape = Object.fromEntries(fields.map((name) => [name, (kinds[name] ? kind[kinds[name]] : z.string().max(20_000)).optional()]));
  return z.strictObject({ values: z.strictObject(shape) });
};

/** `:id` of a draft: a record's id, or "new" for the editor of a record not created yet (0). */
const draftRecordId = (req: Request): number => (req.params.id === "new" ? 0 : idParam(req));

/**
 * Drafts and revisions of blog posts and courses (issue 16, decision 035), staff (editors too):
 * the revisions of a record, one compared with the record as it is now, a revision restored
 * through the collection's own save (validated, audited, itself a revision), and each person's
 * draft of an editor (read, save, discard).
 */
export function contentHistoryApi({ db }: EndpointDeps): Router {
  const router = Router();
  for (const revisable of REVISABLE) {
    const { collection, table } = revisable;
    const base = `/api/admin/${collection.name}`;
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
      res.json({ revision, changes: compareValues(revision.values, values, revisable.fields, yesNo) });
    });

    router.post(`${base}/:id/revisions/:revision/restore`, async (req, res) => {
      const { id, values } = await existing(req);
      const revision = await revisionOf(req, id);
      const input = parseInput(collection.schema, revision.values, req);
      const userId = staffId(res);
      // The state being replaced stays restorable, even when it was saved before revisions were kept.
      await recordRevision(db, { table, recordId: id, userId: null, values });
      const saved = await orConflict(req, collection.update(db, id, input, userId));
      if (!saved) throw notFound(req);
      await recordAudit(db, { userId, action: "restore", entity: revisable.entity, entityId: id, name: revisable.name(revision.values), summary: { revision: revision.id } });
      res.json({ message: adminT(req, "revisions.restored"), ...saved, revision: revision.id });
    });

    const draftKey = async (req: Request, userId: number) => {
      const recordId = draftRecordId(req);
      if (recordId !== 0 && !(await revisable.values(db, recordId))) throw notFound(req);
      return { table, recordId, userId };
    };

    router.get(`${base}/:id/draft`, async (req, res) => {
      res.json({ draft: await draftForEditor(db, await draftKey(req, staffId(res))) });
    });

    router.put(`${base}/:id/draft`, async (req, res) => {
      const key = await draftKey(req, staffId(res));
      const { values } = parseBody(draftSchema(revisable), req);
      const draft = await saveDraft(db, key, values);
      res.json({ message: adminT(req, "draft.saved"), savedAt: draft.savedAt });
    });

    router.delete(`${base}/:id/draft`, async (req, res) => {
      await deleteDraft(db, await draftKey(req, staffId(res)));
      res.json({ message: adminT(req, "draft.discarded") });
    });
  }
  return router;
}
