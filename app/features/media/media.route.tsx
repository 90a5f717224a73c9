import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData, useLocation, useNavigation, useRevalidator } from "react-router";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { formatDateTime } from "~/features/admin/format";
import { parseListQuery } from "~/features/admin/list/list-query.server";
import { SaveButton } from "~/features/admin/StaffForm";
import { IMAGE_ACCEPT, sendImage, UploadError } from "~/features/admin-content/upload-client";
import { getSiteSettings } from "~/features/site/site.server";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { safeUrl } from "~/lib/safe-url";
import { useHydrated } from "~/lib/use-hydrated";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/media.route";
import type { MediaItem, MediaUse } from "./media.schema";
import { listMedia, mediaList } from "./media.server";

const PAGE_SIZE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const query = { ...parseListQuery(mediaList, url.searchParams), pageSize: PAGE_SIZE };
  const [result, settings] = await Promise.all([listMedia(context.db, query, lang), getSiteSettings(context.db)]);
  // Set by the server when an image posted without JavaScript was over the limit (server/app.ts).
  const tooLargeMb = url.searchParams.get("upload") === "too-large" ? Math.round((context.config.maxUploadBytes / 1024 / 1024) * 10) / 10 : null;
  return { query, result, timeZone: settings.timeZone, tooLargeMb };
}

/** What a form of the page shows after its post: the server's answer, or the question before a delete. */
export interface MediaFormState {
  form: "upload" | "alt" | "delete";
  /** The image the form belongs to (none for the upload). */
  id?: number;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  /** A delete not yet confirmed. */
  ask?: true;
  usedBy?: MediaUse[];
}

/**
 * The page's forms, with or without JavaScript (an upload posts here only without it): each goes
 * through its JSON endpoint (decision 019), so checks, audit and messages are the API's.
 */
export async function action({ request, context }: Route.ActionArgs) {
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
    const body = new FormData();
    body.append("altEn", text("altEn"));
    body.append("altAr", text("altAr"));
    const file = form.get("file");
    // A form sent without choosing a file carries an empty, unnamed one: the API then asks for a file.
    if (file instanceof File && file.size > 0) body.append("file", file, file.name || "image");
    const answer = await context.callApi({ method: "POST", path: "/api/admin/media", body, lang });
    const ok = answer.status === 201;
    return reply(
      { form: "upload", ok, message: answer.body.message ?? "", errors: answer.body.errors, values: ok ? undefined : { altEn: text("altEn"), altAr: text("altAr") } },
      ok ? 200 : answer.status,
    );
  }

  const id = /^\d{1,10}$/.test(text("id")) ? Number(text("id")) : 0;
  if (text("intent") === "alt") {
    const values = { altEn: text("altEn"), altAr: text("altAr") };
    const answer = await context.callApi({ method: "PATCH", path: `/api/admin/media/${id}`, body: values, lang });
    const ok = answer.status >= 200 && answer.status < 300;
    return reply({ form: "alt", id, ok, message: answer.body.message ?? "", errors: answer.body.errors, values: ok ? undefined : values }, answer.status);
  }
  if (text("intent") === "delete") {
    if (text("confirmed") !== "yes") return reply({ form: "delete", id, ok: true, message: "", ask: true }, 200);
    const answer = await context.callApi({ method: "DELETE", path: `/api/admin/media/${id}`, body: undefined, lang });
    const ok = answer.status >= 200 && answer.status < 300;
    return reply({ form: "delete", id, ok, message: answer.body.message ?? "", usedBy: answer.body.usedBy as MediaUse[] | undefined }, answer.status);
  }
  throw data({ message: "Bad request." }, { status: 400 });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

const isState = (value: unknown): value is MediaFormState => typeof value === "object" && value !== null && "form" in value;

/** `/admin/media`: the media library (issue 16). Upload, search, alt text in both languages, delete. */
export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { t: ta } = useTranslation("admin");
  const { query, result, timeZone } = loaderData;
  const answer = useActionData<typeof action>();
  const state = isState(answer) ? answer : undefined;
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `?${params.toString()}`;
  };
  return (
    <div className="space-y-6">
      <PageMeta title={t("media.title")} description={t("media.intro")} />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t("media.title")}</h1>
        <p className="max-w-3xl text-slate-700">{t("media.intro")}</p>
      </div>

      <UploadForm
        state={state?.form === "upload" ? state : loaderData.tooLargeMb !== null ? { form: "upload", ok: false, message: t("api.tooLarge", { mb: loaderData.tooLargeMb }) } : undefined}
      />
      {state?.form === "delete" && state.ok && !state.ask ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {state.message}
        </p>
      ) : null}

      <section aria-labelledby="media-grid-title" className="space-y-4">
        <h2 id="media-grid-title" className="sr-only">
          {t("media.title")}
        </h2>
        <Form method="get" role="search" aria-label={t("media.searchLabel")} className="flex flex-wrap items-end gap-3">
          <Field label={t("media.searchLabel")} className="min-w-64 flex-1">
            {({ id }) => <input id={id} type="search" name="q" defaultValue={query.q} placeholder={t("media.searchPlaceholder")} className={inputClass} />}
          </Field>
          <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
            {t("media.search")}
          </button>
          {query.q ? (
            <Link to="?" className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
              {t("media.clearSearch")}
            </Link>
          ) : null}
        </Form>

        <p role="status" className="text-sm text-slate-600">
          {t("media.count", { count: result.total })}
        </p>
        {result.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">{query.q ? t("media.noMatches") : t("media.empty")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {result.rows.map((item, index) => (
              <MediaCard key={item.id} item={item} number={(result.page - 1) * result.pageSize + index + 1} timeZone={timeZone} state={state?.id === item.id ? state : undefined} />
            ))}
          </ul>
        )}

        {pages > 1 ? (
          <nav aria-label={ta("table.pagination")} className="flex items-center justify-between gap-3 text-sm">
            {result.page > 1 ? (
              <Link to={pageLink(result.page - 1)} className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
                {ta("table.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">{ta("table.pageOf", { page: result.page, pages })}</span>
            {result.page < pages ? (
              <Link to={pageLink(result.page + 1)} className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
                {ta("table.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** The two alt text fields of a form: English left-to-right, Arabic right-to-left. */
function AltFields({ values, errors, hint }: { values: { altEn: string; altAr: string }; errors?: Record<string, string>; hint?: boolean }) {
  const { t } = useTranslation("admin-content");
  return (
    <>
      <Field label={t("media.altEn")} error={errors?.altEn} hint={hint ? t("media.altHint") : undefined}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="altEn" defaultValue={values.altEn} maxLength={300} dir="ltr" lang="en" aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} />
        )}
      </Field>
      <Field label={t("media.altAr")} error={errors?.altAr}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="altAr" defaultValue={values.altAr} maxLength={300} dir="rtl" lang="ar" aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} />
        )}
      </Field>
    </>
  );
}

/**
 * Uploads an image with its alt texts. Without JavaScript it posts (multipart) to the page; once
 * hydrated it goes straight to POST /api/admin/media with a progress bar.
 */
function UploadForm({ state }: { state: MediaFormState | undefined }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; errors?: Record<string, string> } | null>(null);
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const busy = posting || progress !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = new FormData(formElement);
    const file = fields.get("file");
    setFailure(null);
    setProgress(0);
    try {
      const answer = await sendImage<{ message?: string }>(
        "/api/admin/media",
        file instanceof File && file.size > 0 ? file : new File([], ""),
        { altEn: String(fields.get("altEn") ?? ""), altAr: String(fields.get("altAr") ?? "") },
        { lang, onProgress: setProgress },
      );
      toast.success(answer.message ?? t("media.uploaded"));
      formElement.reset();
      await revalidator.revalidate();
    } catch (err) {
      setFailure(err instanceof UploadError && err.message ? { message: err.message, errors: err.errors } : { message: t("upload.failed") });
    } finally {
      setProgress(null);
    }
  }

  const shown = failure ?? (state && !state.ok ? { message: state.message, errors: state.errors } : null);
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={submit} aria-labelledby="media-upload-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="media-upload-title" className="text-lg font-semibold text-slate-900">
        {t("media.uploadTitle")}
      </h2>
      <input type="hidden" name="intent" value="upload" />
      <FormAlert message={shown?.message} />
      {state?.ok ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t("media.file")} hint={t("media.fileHint")}>
          {({ id, describedBy }) => <input id={id} type="file" name="file" accept={IMAGE_ACCEPT} required aria-describedby={describedBy} className="block w-full text-sm" />}
        </Field>
        <AltFields values={{ altEn: state?.values?.altEn ?? "", altAr: state?.values?.altAr ?? "" }} errors={shown?.errors} hint />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SaveButton pending={busy} label={busy ? t("media.uploading") : t("media.uploadButton")} />
        {progress !== null ? (
          <span role="status" className="text-sm text-slate-700">
            <progress max={100} value={Math.round(progress * 100)} className="me-2 align-middle" aria-label={t("upload.progress")} />
            {t("upload.uploading", { percent: Math.round(progress * 100) })}
          </span>
        ) : null}
      </div>
    </Form>
  );
}

/** One image of the library: picture, facts, where it is used, its alt text form and delete. */
function MediaCard({ item, number, timeZone, state }: { item: MediaItem; number: number; timeZone: string; state: MediaFormState | undefined }) {
  const { t } = useTranslation("admin-content");
  const { t: ta } = useTranslation("admin");
  const lang = useLang();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("id") === String(item.id);
  const src = safeUrl(item.url);
  const alt = lang === "ar" ? item.altAr : item.altEn;
  const titleId = `media-${item.id}-title`;
  const date = formatDateTime(item.createdAt, lang, timeZone);
  const altState = state?.form === "alt" ? state : undefined;
  const deleteState = state?.form === "delete" ? state : undefined;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white" aria-labelledby={titleId}>
      <a href={src} className="block bg-slate-100" target="_blank" rel="noopener">
        {src ? (
          <img src={src} {...responsiveImage(item.url, imageSizes.card)} alt={alt} width={item.width ?? 800} height={item.height ?? 450} loading="lazy" className="aspect-video w-full object-contain" />
        ) : null}
        <span className="sr-only">{t("media.open")}</span>
      </a>
      <div className="flex flex-1 flex-col gap-3 p-3 text-sm">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {alt || <span className="text-slate-600 italic">{t("media.noAlt")}</span>}
        </h3>
        <p className="text-slate-600">
          {item.width && item.height ? (
            <>
              {/* The numbers read left to right in both languages (width first); the unit follows in the page's. */}
              <bdi dir="ltr">{`${item.width} × ${item.height}`}</bdi> {t("media.pixels")}
              {" · "}
            </>
          ) : null}
          {item.uploadedBy ? t("media.uploadedBy", { date, name: item.uploadedBy }) : t("media.uploadedOn", { date })}
        </p>
        <div>
          {item.usedBy.length > 0 ? (
            <>
              <p className="font-medium text-slate-800">{t("media.usedIn")}</p>
              <ul className="list-disc ps-5 text-slate-700">
                {item.usedBy.map((use) => (
                  <li key={`${use.kind}-${use.id}`}>
                    {ta(`audit.entities.${use.kind}`)}
                    {": "}
                    {use.editPath ? (
                      <LocalLink to={use.editPath} className="text-indigo-700 underline-offset-2 hover:underline">
                        <bdi>{use.name || `#${use.id}`}</bdi>
                      </LocalLink>
                    ) : (
                      <bdi>{use.name || `#${use.id}`}</bdi>
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-slate-600">{t("media.notUsed")}</p>
          )}
        </div>

        <Form method="post" className="space-y-2 border-t border-slate-100 pt-3" aria-label={t("media.editAlt", { number })} preventScrollReset>
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={item.id} />
          {altState && !altState.ok && !altState.errors ? <FormAlert message={altState.message} /> : null}
          <AltFields key={`${item.altEn}\n${item.altAr}`} values={altState?.values ? { altEn: altState.values.altEn ?? "", altAr: altState.values.altAr ?? "" } : { altEn: item.altEn, altAr: item.altAr }} errors={altState?.errors} />
          <div className="flex flex-wrap items-center gap-3">
            <SaveButton pending={submitting("alt")} label={t("media.saveAlt")} />
            {altState?.ok ? (
              <span role="status" className="text-green-800">
                {altState.message}
              </span>
            ) : null}
          </div>
        </Form>

        <div className="mt-auto space-y-2 border-t border-slate-100 pt-3">
          {deleteState?.ask ? (
            <div role="alertdialog" aria-labelledby={`media-${item.id}-confirm`} className="rounded-lg border border-red-300 bg-red-50 p-3">
              <Form method="post" className="space-y-2" preventScrollReset>
                <p id={`media-${item.id}-confirm`} className="font-semibold text-slate-900">
                  {t("media.confirmDelete")}
                </p>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={item.id} />
                <input type="hidden" name="confirmed" value="yes" />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" disabled={submitting("delete")} className="rounded-md bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
                    {t("media.confirmYes")}
                  </button>
                  <Link to={location.search || "?"} preventScrollReset className="rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50">
                    {t("media.keep")}
                  </Link>
                </div>
              </Form>
            </div>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                disabled={submitting("delete")}
                aria-describedby={item.usedBy.length > 0 ? `media-${item.id}-in-use` : undefined}
                className="rounded-md border border-red-300 px-3 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                {t("media.delete")}
                <span className="sr-only"> {number}</span>
              </button>
              {item.usedBy.length > 0 ? (
                <p id={`media-${item.id}-in-use`} className="mt-1 text-xs text-slate-600">
                  {t("media.deleteInUse")}
                </p>
              ) : null}
            </Form>
          )}
          {deleteState && !deleteState.ask && !deleteState.ok ? <FormAlert message={deleteState.message} /> : null}
        </div>
      </div>
    </li>
  );
}
