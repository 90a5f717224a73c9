import { sql } from "kysely";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { NotAnImageError, storeImage } from "~server/storage/images";
import type { PrivateStorage } from "~server/storage/private-storage";
import { NotAVideoError, looksLikeVideo, storeVideo, VIDEO_MAX_BYTES, VideoToolsMissingError, type VideoTools } from "~server/storage/videos";
import { ownerOf } from "~/features/family/account-owner.server";
import { familyEmailOf, recordKey, type ChildRef } from "~/features/levels/levels.server";
import { MAX_PHOTOS, type FamilyProjectInput } from "./portfolio.schema";
import { enrolledChildKeysInSection, ownedEnrolment, ownedEnrolmentEmails, ownedLiveEnrolmentsWithCourse } from "~/features/enrolments/queries.server";
import { sectionWithCourse } from "~/features/sections/queries.server";
import { mediaAnswers } from "~/features/consent/queries.server";

/**
 * Children's portfolios (issue 44 item 2, decision 135). A project belongs to the child (family
 * e-mail + child key, decision 130); its photos go through the media pipeline (storeImage) into the
 * private portfolio storage. Who may see a photo is decided here, on every read, by one rule:
 *
 * - staff, and the instructor of the project's group: every photo;
 * - a family: its own children's projects, and of those the photos where every child marked as in
 *   the photo either has the media consent or is one of the family's own children;
 * - anyone (the public site): projects the family chose to show, and of those only the photos in
 *   which every child marked has the media consent.
 *
 * So a child without the media consent is seen by their own family only, and by nobody when the
 * photo is in another child's project.
 */

/** Most projects a list reads (an account, a group, the public section). */
const MAX_PROJECTS = 200;
/** Projects the public section shows. */
export const PUBLIC_PROJECTS = 12;

/** A photo's copies as storeImage wrote them: `{24 hex}-{width}.webp`, the widths ascending. */
export const photoFileName = (upload: string, width: number) => `${upload}-${width}.webp`;
/** A video's one stored file (decision 144). */
export const videoFileName = (upload: string) => `${upload}.mp4`;
/** Every stored file of a photo or video row. */
const storedFiles = (row: { upload: string; widths: string; kind: "photo" | "video" }) =>
  row.kind === "video" ? [videoFileName(row.upload)] : photoWidths(row.widths).map((w) => photoFileName(row.upload, w));
export const photoWidths = (widths: string) =>
  widths
    .split(",")
    .map(Number)
    .filter((width) => Number.isInteger(width) && width > 0);

/** Who is looking: staff, an instructor (the teacher profile), a family (its e-mails), or anyone. */
export type Viewer = { kind: "staff" } | { kind: "teacher"; teacherId: number | null } | { kind: "family"; emails: Set<string> } | { kind: "public" };

/**
 * The family e-mails an account holds (lower-cased): its proven e-mail and the e-mail of every
 * enrolment it holds by the one ownership rule (account-owner.server.ts).
 */
export async function familyEmailsOf(db: DB, userId: number): Promise<Set<string>> {
  const owner = await ownerOf(db, userId);
  const rows = await ownedEnrolmentEmails(db, owner, MAX_PROJECTS);
  const emails = new Set(rows.map((row) => familyEmailOf(row.email)));
  if (owner.provenEmail) emails.add(owner.provenEmail);
  return emails;
}

/**
 * The children (by recordKey) whose newest answer to a media release form is "agreed". No answer,
 * a declined one, or an erased family: no consent.
 */
export async function mediaConsented(db: DB, children: ChildRef[]): Promise<Set<string>> {
  const emails = [...new Set(children.map((child) => child.familyEmail).filter((email) => email !== ""))];
  const consented = new Set<string>();
  if (emails.length === 0) return consented;
  const rows = await mediaAnswers(db, emails);
  const seen = new Set<string>();
  for (const row of rows) {
    const key = recordKey({ familyEmail: row.email, childKey: row.child_key });
    if (seen.has(key)) continue;
    seen.add(key);
    if (row.agreed === 1) consented.add(key);
  }
  return consented;
}

interface ProjectRow {
  id: number;
  family_email: string;
  child_key: string;
  child_name: string;
  enrolment_id: number | null;
  section_id: number | null;
  title: string;
  note: string;
  link: string;
  public: number;
  by_family: number;
  created_at: string;
  course_en: string | null;
  course_ar: string | null;
  teacher_id: number | null;
}

const projectBase = (db: DB) =>
  db
    .selectFrom("portfolio_projects as p")
    .leftJoin("course_sections as s", "s.id", "p.section_id")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .select([
      "p.id",
      "p.family_email",
      "p.child_key",
      "p.child_name",
      "p.enrolment_id",
      "p.section_id",
      "p.title",
      "p.note",
      "p.link",
      "p.public",
      "p.by_family",
      "p.created_at",
      "c.name_en as course_en",
      "c.name_ar as course_ar",
      "s.teacher_id",
    ]);

/** A photo or a short video with who is in it and whether the viewer may see it. */
export interface PhotoView {
  id: number;
  /** A video is served by GET /api/portfolio/videos/:id, a photo by GET /api/portfolio/photos/:id. */
  kind: "photo" | "video";
  /** A video's length in milliseconds (0 for a photo). */
  durationMs: number;
  width: number;
  height: number;
  widths: number[];
  /** Some child in it has no media consent: it is kept from other families and from the public site. */
  restricted: boolean;
}

/** May the viewer see this photo of this project? (The rule at the top of this file.) */
export function photoVisible(project: ProjectRow, inPhoto: ChildRef[], viewer: Viewer, consented: Set<string>): boolean {
  // What the public site shows, everyone may see (a signed-in parent reading the projects page too).
  if (project.public === 1 && inPhoto.every((child) => consented.has(recordKey(child)))) return true;
  if (viewer.kind === "staff") return true;
  if (viewer.kind === "teacher") return viewer.teacherId !== null && project.teacher_id === viewer.teacherId;
  if (viewer.kind === "family") {
    if (!viewer.emails.has(project.family_email)) return false;
    return inPhoto.every((child) => consented.has(recordKey(child)) || (child.familyEmail !== "" && viewer.emails.has(child.familyEmail)));
  }
  return false;
}

/** Projects with their photos as this viewer may see them (photos they may not see are left out, never hinted at). */
async function withPhotos(db: DB, projects: ProjectRow[], viewer: Viewer) {
  if (projects.length === 0) return [];
  const photos = await db
    .selectFrom("portfolio_photos")
    .select(["id", "project_id", "widths", "width", "height", "kind", "duration_ms"])
    .where(
      "project_id",
      "in",
      projects.map((project) => project.id),
    )
    .orderBy("id")
    .execute();
  const marks = photos.length
    ? await db
        .selectFrom("portfolio_photo_children")
        .select(["photo_id", "family_email", "child_key"])
        .where(
          "photo_id",
          "in",
          photos.map((photo) => photo.id),
        )
        .execute()
    : [];
  const consented = await mediaConsented(
    db,
    marks.map((mark) => ({ familyEmail: mark.family_email, childKey: mark.child_key })),
  );
  return projects.map((project) => {
    const shown: PhotoView[] = [];
    for (const photo of photos.filter((p) => p.project_id === project.id)) {
      const inPhoto = marks.filter((mark) => mark.photo_id === photo.id).map((mark) => ({ familyEmail: mark.family_email, childKey: mark.child_key }));
      if (!photoVisible(project, inPhoto, viewer, consented)) continue;
      shown.push({
        id: photo.id,
        kind: photo.kind,
        durationMs: photo.duration_ms,
        width: photo.width,
        height: photo.height,
        widths: photoWidths(photo.widths),
        restricted: inPhoto.some((child) => !consented.has(recordKey(child))),
      });
    }
    return {
      id: project.id,
      childName: project.child_name,
      // Never the family's e-mail: these views reach families and the public site.
      enrolmentId: project.enrolment_id,
      course: project.course_en === null ? null : { en: project.course_en, ar: project.course_ar ?? project.course_en },
      title: project.title,
      note: project.note,
      link: project.link,
      public: project.public === 1,
      byFamily: project.by_family === 1,
      createdAt: project.created_at,
      photos: shown,
    };
  });
}
export type ProjectView = Awaited<ReturnType<typeof withPhotos>>[number];

/** The group's roster (enrolled children) and its projects, as its instructor sees them. */
export async function sectionPortfolio(db: DB, sectionId: number) {
  const section = await sectionWithCourse(db, sectionId);
  if (!section) return undefined;
  const [roster, projects] = await Promise.all([
    rosterOf(db, sectionId),
    projectBase(db).where("p.section_id", "=", sectionId).orderBy("p.id", "desc").limit(MAX_PROJECTS).execute(),
  ]);
  const consented = await mediaConsented(db, roster);
  return {
    section: { id: section.id, courseEn: section.name_en, courseAr: section.name_ar },
    roster: roster.map((child) => ({ enrolmentId: child.enrolmentId, childName: child.childName, mediaConsent: consented.has(recordKey(child)) })),
    projects: await withPhotos(db, projects, { kind: "staff" }),
  };
}
export type SectionPortfolio = NonNullable<Awaited<ReturnType<typeof sectionPortfolio>>>;

async function rosterOf(db: DB, sectionId: number) {
  const rows = await enrolledChildKeysInSection(db, sectionId, 500);
  return rows.map((row) => ({ enrolmentId: row.id, childName: row.child_name, familyEmail: familyEmailOf(row.email), childKey: row.child_key }));
}

/** The projects of the family's own children, each with the photos the family may see. */
export async function familyPortfolio(db: DB, userId: number) {
  const emails = await familyEmailsOf(db, userId);
  if (emails.size === 0) return [];
  const projects = await projectBase(db)
    .where("p.family_email", "in", [...emails])
    .orderBy("p.child_name")
    .orderBy("p.id", "desc")
    .limit(MAX_PROJECTS)
    .execute();
  return withPhotos(db, projects, { kind: "family", emails });
}

/** The public section: the newest projects families chose to show that have a photo cleared by consent (no child's name). */
export async function publicPortfolio(db: DB) {
  const projects = await projectBase(db).where("p.public", "=", 1).orderBy("p.id", "desc").limit(MAX_PROJECTS).execute();
  const shown = (await withPhotos(db, projects, { kind: "public" })).filter((project) => project.photos.length > 0).slice(0, PUBLIC_PROJECTS);
  return shown.map((project) => ({
    id: project.id,
    title: project.title,
    note: project.note,
    link: project.link,
    course: project.course,
    photos: project.photos.map(({ id, kind, durationMs, width, height, widths }) => ({ id, kind, durationMs, width, height, widths })),
  }));
}
export type PublicPortfolio = Awaited<ReturnType<typeof publicPortfolio>>;

/** The photo's stored copy for this viewer at (at most) `width`, or undefined when there is none they may see. */
export async function photoFileFor(db: DB, photoId: number, viewer: Viewer, width: number | undefined) {
  const photo = await visibleItem(db, photoId, "photo", viewer);
  if (!photo) return undefined;
  const widths = photoWidths(photo.widths);
  // The smallest copy at least as wide as asked, else the largest.
  const chosen = widths.find((w) => width !== undefined && w >= width) ?? widths.at(-1);
  return chosen === undefined ? undefined : photoFileName(photo.upload, chosen);
}

/** The row of a photo or video of this kind that the viewer may see (the one rule, photoVisible), or undefined. */
async function visibleItem(db: DB, id: number, kind: "photo" | "video", viewer: Viewer) {
  const item = await db
    .selectFrom("portfolio_photos")
    .select(["id", "project_id", "upload", "widths", "bytes"])
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!item) return undefined;
  const project = await projectBase(db).where("p.id", "=", item.project_id).executeTakeFirst();
  if (!project) return undefined;
  const inPhoto = (await db.selectFrom("portfolio_photo_children").select(["family_email", "child_key"]).where("photo_id", "=", item.id).execute()).map(
    (mark) => ({ familyEmail: mark.family_email, childKey: mark.child_key }),
  );
  return photoVisible(project, inPhoto, viewer, await mediaConsented(db, inPhoto)) ? item : undefined;
}

/** The video's stored file name for this viewer, or undefined when there is none they may see (decision 144). */
export async function videoFileFor(db: DB, videoId: number, viewer: Viewer): Promise<string | undefined> {
  const video = await visibleItem(db, videoId, "video", viewer);
  return video ? videoFileName(video.upload) : undefined;
}

export type AddResult =
  | { ok: true; projectId: number; photoId: number | null }
  | {
      ok: false;
      reason:
        | "notFound"
        | "notOnRoster"
        | "childNotOnRoster"
        | "full"
        | "noFile"
        | "notAnImage"
        | "imageTooLarge"
        | "videoTooLarge"
        | "videoTooLong"
        | "noVideoTools";
    };

/** The media pipeline for portfolios: the private storage, ffmpeg for videos, the largest photo taken. */
export interface PortfolioMedia {
  storage: PrivateStorage;
  video: VideoTools;
  maxImageBytes: number;
}

type Stored = { kind: "photo" | "video"; upload: string; widths: string; width: number; height: number; bytes: number; durationMs: number };
type Refusal = Extract<AddResult, { ok: false }>["reason"];

/**
 * Runs the media pipeline into the private storage: a video (by its bytes: MP4, MOV, WebM) through
 * ffmpeg (decision 144: checked, re-muxed to MP4, every metadata dropped), anything else through
 * the image pipeline (format checked, sizes, EXIF and GPS dropped).
 */
async function storeMedia(media: PortfolioMedia, bytes: Uint8Array): Promise<Stored | Refusal> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (looksLikeVideo(buffer)) {
    if (buffer.byteLength > VIDEO_MAX_BYTES) return "videoTooLarge";
    try {
      const video = await storeVideo(media.storage, buffer, media.video);
      return {
        kind: "video",
        upload: video.name.replace(/\.mp4$/, ""),
        widths: "",
        width: video.width,
        height: video.height,
        bytes: video.bytes,
        durationMs: video.durationMs,
      };
    } catch (error) {
      if (error instanceof VideoToolsMissingError) return "noVideoTools";
      if (error instanceof NotAVideoError) return error.reason === "tooLong" ? "videoTooLong" : "notAnImage";
      throw error;
    }
  }
  if (buffer.byteLength > media.maxImageBytes) return "imageTooLarge";
  try {
    const image = await storeImage(media.storage, buffer);
    const copies = [...image.srcset.matchAll(/([a-f0-9]{24})-(\d+)\.webp/g)];
    return {
      kind: "photo",
      upload: copies[0]![1]!,
      widths: copies.map((copy) => Number(copy[2])).join(","),
      width: image.width,
      height: image.height,
      bytes: 0,
      durationMs: 0,
    };
  } catch (error) {
    if (error instanceof NotAnImageError) return "notAnImage";
    throw error;
  }
}

interface NewPhoto {
  media: PortfolioMedia;
  file: { bytes: Uint8Array } | undefined;
  inPhoto: ChildRef[];
}

/**
 * Writes a project (when `project` is given) and its photo in one transaction, audited; the photo's
 * copies are stored first and removed again when the transaction fails.
 */
async function writeProject(
  db: DB,
  userId: number,
  target:
    | { projectId: number }
    | {
        project: {
          child: ChildRef & { childName: string };
          enrolmentId: number;
          sectionId: number | null;
          byFamily: boolean;
          title: string;
          note: string;
          link: string;
        };
      },
  photo: NewPhoto,
): Promise<AddResult> {
  const result = photo.file ? await storeMedia(photo.media, photo.file.bytes) : undefined;
  if (typeof result === "string") return { ok: false, reason: result };
  const stored = result;
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      let projectId: number;
      if ("projectId" in target) {
        projectId = target.projectId;
        const count = await trx
          .selectFrom("portfolio_photos")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("project_id", "=", projectId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_PHOTOS) return { ok: false as const, reason: "full" as const };
        await trx.updateTable("portfolio_projects").set({ updated_at: now }).where("id", "=", projectId).execute();
      } else {
        const { project } = target;
        projectId = (
          await trx
            .insertInto("portfolio_projects")
            .values({
              family_email: project.child.familyEmail,
              child_key: project.child.childKey,
              child_name: project.child.childName,
              enrolment_id: project.enrolmentId,
              section_id: project.sectionId,
              title: project.title,
              note: project.note,
              link: project.link,
              by_family: project.byFamily ? 1 : 0,
              added_by: userId,
              created_at: now,
              updated_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
        await recordAudit(trx, {
          userId,
          action: "create",
          entity: "portfolio_project",
          entityId: projectId,
          name: project.title,
          summary: { enrolmentId: project.enrolmentId },
        });
      }
      let photoId: number | null = null;
      if (stored) {
        photoId = (
          await trx
            .insertInto("portfolio_photos")
            .values({
              project_id: projectId,
              upload: stored.upload,
              widths: stored.widths,
              width: stored.width,
              height: stored.height,
              kind: stored.kind,
              bytes: stored.bytes,
              duration_ms: stored.durationMs,
              created_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
        const children = new Map(photo.inPhoto.map((child) => [recordKey(child), child]));
        for (const child of children.values()) {
          await trx.insertInto("portfolio_photo_children").values({ photo_id: photoId, family_email: child.familyEmail, child_key: child.childKey }).execute();
        }
        await recordAudit(trx, {
          userId,
          action: "photo",
          entity: "portfolio_project",
          entityId: projectId,
          summary: { photoId, kind: stored.kind, children: children.size },
        });
      }
      return { ok: true as const, projectId, photoId };
    });
  } finally {
    // A refused or failed write keeps no copies (the row names them when it was written).
    if (stored) {
      const kept = await db.selectFrom("portfolio_photos").select("id").where("upload", "=", stored.upload).executeTakeFirst();
      if (!kept) await photo.media.storage.remove(storedFiles(stored)).catch(() => undefined);
    }
  }
}

/**
 * An instructor's (or staff's) project for a child of the group's roster, or one more photo for a
 * project of the group; everyone marked as in the photo must be on the roster. The caller has
 * checked that they teach the group.
 */
export async function addSectionProject(
  db: DB,
  media: PortfolioMedia,
  sectionId: number,
  input: { projectId?: number; enrolmentId?: number; title: string; note: string; link: string; inPhoto: number[]; file?: { bytes: Uint8Array } },
  userId: number,
): Promise<AddResult> {
  const roster = new Map((await rosterOf(db, sectionId)).map((child) => [child.enrolmentId, child]));
  if (input.inPhoto.some((id) => !roster.has(id))) return { ok: false, reason: "notOnRoster" };
  const inPhoto = input.inPhoto.map((id) => roster.get(id)!);
  if (input.projectId !== undefined) {
    const project = await db
      .selectFrom("portfolio_projects")
      .select("id")
      .where("id", "=", input.projectId)
      .where("section_id", "=", sectionId)
      .executeTakeFirst();
    if (!project) return { ok: false, reason: "notFound" };
    if (!input.file) return { ok: false, reason: "noFile" };
    return writeProject(db, userId, { projectId: project.id }, { media, file: input.file, inPhoto });
  }
  const child = roster.get(input.enrolmentId ?? 0);
  if (!child) return { ok: false, reason: "childNotOnRoster" };
  return writeProject(
    db,
    userId,
    { project: { child, enrolmentId: child.enrolmentId, sectionId, byFamily: false, title: input.title, note: input.note, link: input.link } },
    { media, file: input.file, inPhoto },
  );
}

/** A family's own project for one of its children (an enrolment it holds); its photo shows that child. */
export async function addFamilyProject(db: DB, media: PortfolioMedia, userId: number, input: FamilyProjectInput): Promise<AddResult> {
  const owner = await ownerOf(db, userId);
  const enrolment = await ownedEnrolment(db, owner, input.enrolmentId);
  if (!enrolment) return { ok: false, reason: "notFound" };
  const child = { familyEmail: familyEmailOf(enrolment.email), childKey: enrolment.child_key, childName: enrolment.child_name };
  return writeProject(
    db,
    userId,
    { project: { child, enrolmentId: enrolment.id, sectionId: enrolment.section_id, byFamily: true, title: input.title, note: input.note, link: input.link } },
    { media, file: input.file, inPhoto: [child] },
  );
}

/** The family's children it may add projects for: one entry per enrolment it holds (newest first). */
export async function familyChildren(db: DB, userId: number) {
  const owner = await ownerOf(db, userId);
  return ownedLiveEnrolmentsWithCourse(db, owner, 50);
}

/** The family shows a project of its own child on the public site, or stops (audited: the cached public pages follow). */
export async function setProjectShown(db: DB, userId: number, projectId: number, shown: boolean): Promise<boolean> {
  const emails = await familyEmailsOf(db, userId);
  if (emails.size === 0) return false;
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("portfolio_projects")
      .set({ public: shown ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", projectId)
      .where("family_email", "in", [...emails])
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, { userId, action: shown ? "show" : "hide", entity: "portfolio_project", entityId: projectId });
    return true;
  });
}

/**
 * Erasure with the family's account: the children's projects and their photos go, and the marks
 * of these children in other children's photos lose who they were (kept, as a child without
 * consent: the photo stays hidden from everyone but staff). Returns the stored files to remove once
 * the erasure has committed, and how many projects went.
 */
export async function erasePortfolio(db: DB, children: ChildRef[]): Promise<{ files: string[]; projects: number }> {
  const files: string[] = [];
  let erased = 0;
  for (const child of children) {
    const projects = await db
      .selectFrom("portfolio_projects")
      .select("id")
      .where("family_email", "=", child.familyEmail)
      .where("child_key", "=", child.childKey)
      .execute();
    const ids = projects.map((project) => project.id);
    erased += ids.length;
    if (ids.length > 0) {
      const photos = await db.selectFrom("portfolio_photos").select(["id", "upload", "widths", "kind"]).where("project_id", "in", ids).execute();
      for (const photo of photos) files.push(...storedFiles(photo));
      if (photos.length > 0)
        await db
          .deleteFrom("portfolio_photo_children")
          .where(
            "photo_id",
            "in",
            photos.map((photo) => photo.id),
          )
          .execute();
      await db.deleteFrom("portfolio_photos").where("project_id", "in", ids).execute();
      await db.deleteFrom("portfolio_projects").where("id", "in", ids).execute();
    }
    await db
      .updateTable("portfolio_photo_children")
      .set({ family_email: "", child_key: sql<string>`'erased-' || cast(id as text)` })
      .where("family_email", "=", child.familyEmail)
      .where("child_key", "=", child.childKey)
      .execute();
  }
  return { files, projects: erased };
}
