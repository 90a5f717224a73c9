import { requireFamilyPage } from "~/features/family/account-owner.server";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { langFromPath, localizePath, type Lang } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import type { FormState } from "~/lib/forms/form-state";
import { withNotice } from "~/lib/forms/notice";
import { requireTaughtGroupPage, requireTeachingPage } from "~/features/teaching/teaching-page.server";
import { accountPortfolio, addAccountPortfolio, addSectionPortfolio, sectionProjects } from "./portfolio.api";
import { familyChildren, type ProjectView } from "./portfolio.server";
import { PORTFOLIO_FORMS } from "./portfolio-forms";
import { VIDEO_MAX_BYTES } from "~server/storage/videos";

/** A project as the pages show it, its course in the page's language. */
export const projectForPage = (project: ProjectView, lang: Lang) => ({ ...project, course: project.course ? pickPair(project.course, lang) : null });

/** An upload refused as too large before the page read it (server/app.ts: a photo's or a video's limit, the larger), in MB. */
const tooLargeOf = (request: Request, context: AppLoadContext) =>
  new URL(request.url).searchParams.get("upload") === "too-large"
    ? Math.round((Math.max(context.config.maxUploadBytes, VIDEO_MAX_BYTES) / 1024 / 1024) * 10) / 10
    : null;

/** /teaching/sections/:id/portfolio: the roster and the group's projects through GET /api/teaching/sections/:id/portfolio (its access). */
export async function teachingPortfolioData(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const { lang, group } = await requireTaughtGroupPage(context, request, rawId, sectionProjects);
  return {
    section: { id: group.section.id, course: pickPair({ en: group.section.courseEn, ar: group.section.courseAr }, lang) },
    roster: group.roster,
    projects: group.projects.map((project) => projectForPage(project, lang)),
    tooLargeMb: tooLargeOf(request, context),
  };
}
export type TeachingPortfolioData = Awaited<ReturnType<typeof teachingPortfolioData>>;

/** The posted form's text fields (first value each), every `inPhoto` box ticked, and the photo when one was chosen. */
async function postedForm(request: Request) {
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ message: "Bad request." }, { status: 400 });
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  const file = form.get("file");
  // A form sent without choosing a file carries an empty, unnamed one: no photo.
  const received =
    file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name || "photo" } : undefined;
  const inPhoto = form.getAll("inPhoto").filter((value): value is string => typeof value === "string");
  return { fields, inPhoto, file: received };
}

/** A refusal rendered back into the page: its form, the values typed (not the file), the messages. */
const refused = (form: string, fields: Record<string, string>, answer: { status: number; body: { message?: string; errors?: Record<string, string> } }) =>
  data({ form, values: fields, errors: answer.body.errors ?? {}, message: answer.body.message ?? "" } satisfies FormState, {
    status: answer.status,
    headers: { "Cache-Control": "private, no-store" },
  });

/** The page's forms without JavaScript (multipart): each runs POST /api/teaching/sections/:id/portfolio in process. */
export async function teachingPortfolioAction({ request, context, params }: ActionFunctionArgs) {
  requireTeachingPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const id = params.id ?? "";
  const { fields, inPhoto, file } = await postedForm(request);
  const photoOf = /^portfolio-photo-(\d{1,10})$/.exec(fields.form ?? "");
  const input = photoOf
    ? { projectId: photoOf[1], inPhoto, file }
    : { enrolmentId: fields.enrolmentId ?? "", title: fields.title ?? "", note: fields.note ?? "", link: fields.link ?? "", inPhoto, file };
  const answer = await context.run(addSectionPortfolio, { params: { id }, input, lang });
  if (answer.ok) return redirect(withNotice(localizePath(`/teaching/sections/${id}/portfolio`, lang), "portfolio-added"), 303);
  return refused(photoOf ? PORTFOLIO_FORMS.photo(Number(photoOf[1])) : PORTFOLIO_FORMS.newProject, { ...fields, inPhoto: inPhoto.join(",") }, answer);
}

/** /account/portfolio: the family's children it may add a project for, while staff allow it (GET /api/account/portfolio says). */
export async function familyPortfolioData(context: AppLoadContext, request: Request) {
  const user = await requireFamilyPage(context, request, "act");
  const lang = langFromPath(new URL(request.url).pathname);
  const answer = await context.run(accountPortfolio, { input: {}, lang });
  if (!answer.ok) throw data({ message: answer.body.message }, { status: answer.status });
  const allowed = answer.body.familyUploads === true;
  const children = allowed ? await familyChildren(context.db, user.id) : [];
  return {
    allowed,
    children: children.map((child) => ({
      enrolmentId: child.enrolmentId,
      label: `${child.childName} · ${pickPair({ en: child.courseEn, ar: child.courseAr }, lang)}`,
    })),
    tooLargeMb: tooLargeOf(request, context),
  };
}

/** The family's form without JavaScript (multipart): POST /api/account/portfolio in process, then back to /account. */
export async function familyPortfolioAction({ request, context }: ActionFunctionArgs) {
  await requireFamilyPage(context, request, "act");
  const lang = langFromPath(new URL(request.url).pathname);
  const { fields, file } = await postedForm(request);
  const input = { enrolmentId: fields.enrolmentId ?? "", title: fields.title ?? "", note: fields.note ?? "", link: fields.link ?? "", file };
  const answer = await context.run(addAccountPortfolio, { input, lang });
  if (answer.ok) return redirect(withNotice(localizePath("/account", lang), "portfolio-added"), 303);
  return refused(PORTFOLIO_FORMS.family, fields, answer);
}
