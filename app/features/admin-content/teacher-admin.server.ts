import { inTransaction, type DB } from "~server/db/db";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { defineCollection, type SavedRecord } from "./collection.server";
import { deleteAudited, updateAudited } from "./record-store.server";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { createTeacherSchema, teacherSchema, type TeacherInput, type TeacherValues } from "./teacher-admin.schema";

const teacherListSpec = defineList({
  search: ["name_en", "name_ar", "subjects", "experience_en"],
  sorts: { name: "name_en", updated: "updated_at", id: "id" },
  defaultSort: "id",
  defaultDir: "asc",
});

const teacherListBase = (db: DB) => db.selectFrom("teachers").select(["id", "name_en", "name_ar", "subjects", "experience_en", "photo", "updated_at"]);

const subjectsOf = (stored: string): string[] => fromDbJson<unknown[]>(stored, []).filter((s): s is string => typeof s === "string");

export async function getTeacherForm(db: DB, id: number): Promise<{ id: number; teacher: TeacherInput } | undefined> {
  const row = await db.selectFrom("teachers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    teacher: {
      nameEn: row.name_en,
      nameAr: row.name_ar,
      profileEn: row.profile_en,
      profileAr: row.profile_ar,
      experienceEn: row.experience_en,
      experienceAr: row.experience_ar,
      subjects: subjectsOf(row.subjects).join(", "),
      photo: row.photo,
    },
  };
}

/** The specification's create payload: English name and experience, subjects, one photo. */
async function createTeacher(
  db: DB,
  input: { teachername: string; subjects: string[]; experience: string; teacherphoto: string[] },
  userId: number,
): Promise<SavedRecord> {
  const now = nowIso();
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto("teachers")
      .values({
        name_en: input.teachername,
        name_ar: "",
        profile_en: "",
        profile_ar: "",
        experience_en: input.experience,
        experience_ar: "",
        subjects: toDbJson(input.subjects),
        photo: input.teacherphoto[0]!,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, action: "create", entity: "teacher", entityId: id, name: input.teachername });
    return { id };
  });
}

const columns = (input: TeacherValues) => ({
  name_en: input.nameEn,
  name_ar: input.nameAr,
  profile_en: input.profileEn,
  profile_ar: input.profileAr,
  experience_en: input.experienceEn,
  experience_ar: input.experienceAr,
  subjects: toDbJson(input.subjects),
  photo: input.photo,
});

const updateTeacher = (db: DB, id: number, input: TeacherValues, userId: number) =>
  updateAudited(db, { table: "teachers", entity: "teacher", id, values: columns(input), userId, label: ["name_en", "name_ar"] });

const deleteTeacher = (db: DB, id: number, userId: number) =>
  deleteAudited(db, { table: "teachers", entity: "teacher", id, userId, label: ["name_en", "name_ar"] });

/** Teachers: created at the specification's path with its payload (section 7), edited bilingually. */
export const teacherCollection = defineCollection({
  name: "teachers",
  schema: teacherSchema,
  list: {
    base: teacherListBase,
    spec: teacherListSpec,
    filename: "teachers",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "subjects", value: (r) => subjectsOf(r.subjects).join(", ") },
      { header: "experience", value: (r) => r.experience_en },
      { header: "photo", value: (r) => r.photo },
      { header: "updated_at", value: (r) => r.updated_at, instant: true },
    ],
    toJson: (r) => ({ ...r, subjects: subjectsOf(r.subjects) }),
  },
  read: getTeacherForm,
  create: { path: "/admin/teacher-dashboard/create-teacher", schema: createTeacherSchema, message: "api.teacherCreated", save: createTeacher },
  update: updateTeacher,
  remove: deleteTeacher,
});
