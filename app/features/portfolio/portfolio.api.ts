import { familyEndpoint } from "~/features/family/account-owner.server";
import { z } from "zod";
import { photoWidthQuery } from "~/features/media/media.schema";
import { defineEndpoint, fileAnswer, type Caller } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Config } from "~server/config";
import { portfolioStorage } from "~server/storage/private-storage";
import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, videoTools } from "~server/storage/videos";
import { idParams } from "~/lib/record-id";
import { isStaffRole } from "~/lib/roles";
import { imageReceiver } from "~/features/media/uploads.api";
import { getSiteSettings } from "~/features/site/site.server";
import { assertTeachesSection, taughtTeacherId } from "~/features/teaching/teaching-access.server";
import { familyProjectSchema, MAX_IN_PHOTO, projectShownSchema, teachingProjectSchema } from "./portfolio.schema";
import {
  addFamilyProject,
  addSectionProject,
  familyEmailsOf,
  familyPortfolio,
  photoFileFor,
  publicPortfolio,
  sectionPortfolio,
  setProjectShown,
  videoFileFor,
  type AddResult,
  type PortfolioMedia,
  type Viewer,
} from "./portfolio.server";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "portfolio", `api.${key}`, values);

/** The portfolio's media pipeline: the private store, ffmpeg for videos (decision 144), the image size limit. */
const portfolioMedia = (config: Config): PortfolioMedia => ({
  storage: portfolioStorage(config),
  video: videoTools(config.ffmpegPath),
  maxImageBytes: config.maxUploadBytes,
});

/** The most a portfolio upload may weigh: a photo's limit or a video's, whichever is larger (each is checked again by kind). */
const uploadLimit = (config: Config) => Math.max(config.maxUploadBytes, VIDEO_MAX_BYTES);

/** A refused addition as 404 / 409 / 413 / 400 (on its field) / 503, in the caller's language; 201 on success. */
function added(caller: Caller, config: Config, result: AddResult) {
  if (result.ok) return { status: 201, body: { message: say(caller, "added"), projectId: result.projectId, photoId: result.photoId } };
  const values = { mb: Math.round((config.maxUploadBytes / 1024 / 1024) * 10) / 10, videoMb: VIDEO_MAX_BYTES / 1024 / 1024, seconds: VIDEO_MAX_SECONDS };
  const message = say(caller, result.reason === "childNotOnRoster" ? "notOnRoster" : result.reason, values);
  if (result.reason === "notFound") throw new HttpError(404, message);
  if (result.reason === "full") throw new HttpError(409, message);
  // ffmpeg is missing on this server: the request was fine, the service is not there (photos still work).
  if (result.reason === "noVideoTools") throw new HttpError(503, message);
  if (result.reason === "imageTooLarge" || result.reason === "videoTooLarge") throw new HttpError(413, message, { file: message });
  const field = { notOnRoster: "inPhoto", childNotOnRoster: "enrolmentId", noFile: "file", notAnImage: "file", videoTooLong: "file" }[result.reason];
  throw new HttpError(400, message, { [field]: message });
}

/** Additions of projects and photos: one budget per caller (each one runs the image pipeline). */
const additions = [{ name: "portfolio-add", limit: 120, windowMs: 60 * 60_000 }];

/** GET /api/teaching/sections/:id/portfolio: the group's roster (with each child's media consent) and its projects, every photo (own groups only). */
export const sectionProjects = defineEndpoint({
  method: "GET",
  path: "/api/teaching/sections/:id/portfolio",
  access: "teaching",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    await assertTeachesSection(db, caller.user, params.id);
    const group = await sectionPortfolio(db, params.id);
    if (!group) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: group };
  },
});

/**
 * POST /api/teaching/sections/:id/portfolio (multipart, the photo in `file`): a project for a child
 * of the group (`enrolmentId`, `title`, `note`, `link`) with its first photo, or with `projectId`
 * one more photo; `inPhoto` names the enrolments of the children in the photo. Audited.
 */
export const addSectionPortfolio = defineEndpoint({
  method: "POST",
  path: "/api/teaching/sections/:id/portfolio",
  access: "teaching",
  params: idParams,
  limits: additions,
  multipart: { file: "file", receive: ({ config }) => imageReceiver(config, MAX_IN_PHOTO + 8, uploadLimit(config)) },
  // The group is checked before the fields are read (as the skills'): another instructor's group answers 403 whatever was sent.
  load: ({ db }, caller, params) => assertTeachesSection(db, caller.user, params.id),
  input: teachingProjectSchema,
  async run({ deps: { db, config }, caller, params }, input) {
    return added(caller, config, await addSectionProject(db, portfolioMedia(config), params.id, input, caller.user.id));
  },
});

/** GET /api/account/portfolio: the projects of the family's children, each with the photos the family may see, and whether it may add its own. */
export const accountPortfolio = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/portfolio",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const [projects, settings] = await Promise.all([familyPortfolio(db, caller.user.id), getSiteSettings(db)]);
    return { status: 200, body: { projects, familyUploads: settings.familyPortfolioUploads } };
  },
});

/**
 * POST /api/account/portfolio (multipart, the photo in `file`): the family's own project for one of
 * its children (`enrolmentId` of an enrolment it holds), only while staff allow it (the setting
 * `familyPortfolioUploads`; 403 otherwise).
 */
export const addAccountPortfolio = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/portfolio",
  limits: additions,
  multipart: { file: "file", receive: ({ config }) => imageReceiver(config, 10, uploadLimit(config)) },
  // The setting is asked before the input is read: while it is off, nothing sent matters.
  input: async ({ db }, _raw, { lang }) => {
    if (!(await getSiteSettings(db)).familyPortfolioUploads) throw new HttpError(403, serverT(lang, "portfolio", "api.familyOff"));
    return familyProjectSchema;
  },
  async run({ deps: { db, config }, caller }, input) {
    return added(caller, config, await addFamilyProject(db, portfolioMedia(config), caller.user.id, input));
  },
});

/** POST /api/account/portfolio/:id: the family shows its child's project on the public site (`public: true`) or stops. */
export const showAccountProject = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/portfolio/:id",
  params: idParams,
  limits: [{ name: "portfolio-show", limit: 300, windowMs: 60 * 60_000 }],
  input: projectShownSchema,
  async run({ deps: { db }, caller, params }, input) {
    if (!(await setProjectShown(db, caller.user.id, params.id, input.public))) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: { message: say(caller, input.public ? "shown" : "hidden"), public: input.public } };
  },
});

/** GET /api/portfolio: the public section: projects families chose to show, with their photos cleared by consent only (no child's name). */
export const publicProjects = defineEndpoint({
  method: "GET",
  path: "/api/portfolio",
  access: "anyone",
  input: z.object({}),
  async run({ deps: { db } }) {
    return { status: 200, body: { projects: await publicPortfolio(db) } };
  },
});

/** Who the caller is to the photo rule: staff (with their second factor), an instructor, a family, or anyone. */
async function viewerOf(db: Parameters<typeof familyEmailsOf>[0], caller: Caller): Promise<Viewer> {
  const user = caller.user;
  if (!user) return { kind: "public" };
  if (isStaffRole(user.role) && !caller.secondFactorMissing) return { kind: "staff" };
  if (user.role === "instructor") return { kind: "teacher", teacherId: await taughtTeacherId(db, user) };
  return { kind: "family", emails: await familyEmailsOf(db, user.id) };
}

/**
 * GET /api/portfolio/photos/:id?w=640: a photo's stored copy (WebP, at least `w` wide when there is
 * one), only to a caller the photo rule admits; anyone else hears 404, as for a photo that does not
 * exist. Never cached by a shared cache (consent and choices change).
 */
export const portfolioPhoto = defineEndpoint({
  method: "GET",
  path: "/api/portfolio/photos/:id",
  access: "anyone",
  produces: "webp",
  params: idParams,
  input: photoWidthQuery,
  async run({ deps: { db, config }, caller, params }, input) {
    const name = await photoFileFor(db, params.id, await viewerOf(db, caller), input.w);
    const bytes = name ? await portfolioStorage(config).read(name) : undefined;
    if (!bytes) throw new HttpError(404, say(caller, "notFound"));
    return fileAnswer("webp", new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      inline: true,
      cacheControl: "private, no-store",
      headers: { "X-Robots-Tag": "noindex", "Cross-Origin-Resource-Policy": "same-origin" },
    });
  },
});

/**
 * GET /api/portfolio/videos/:id: a video's MP4 (decision 144), under the same rule as a photo
 * (anyone else hears 404); a Range request gets 206 and the part asked for, so phones can play it.
 */
export const portfolioVideo = defineEndpoint({
  method: "GET",
  path: "/api/portfolio/videos/:id",
  access: "anyone",
  produces: "mp4",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db, config }, caller, params }) {
    const name = await videoFileFor(db, params.id, await viewerOf(db, caller));
    const bytes = name ? await portfolioStorage(config).read(name) : undefined;
    if (!bytes) throw new HttpError(404, say(caller, "notFound"));
    return fileAnswer("mp4", new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      inline: true,
      ranges: true,
      cacheControl: "private, no-store",
      headers: { "X-Robots-Tag": "noindex", "Cross-Origin-Resource-Policy": "same-origin" },
    });
  },
});

export const portfolioEndpoints = [
  sectionProjects,
  addSectionPortfolio,
  accountPortfolio,
  addAccountPortfolio,
  showAccountProject,
  publicProjects,
  portfolioPhoto,
  portfolioVideo,
];
