import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import type { TFunction } from "i18next";
import { formatDateTime } from "~/features/admin-kit/format";
import { useLang } from "~/i18n/use-lang";
import type { FormState } from "~/lib/forms/form-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/revisions.route";
import type { DiffPart, FieldChange } from "./revision-compare.server";
import { RESTORE_FORM } from "./revision-forms";
import { sectionFieldLabel } from "./page-section-labels";
import { loadRevisionsPage, restoreRevisionAction } from "./revisions-page.server";

export const loader = (args: Route.LoaderArgs) => loadRevisionsPage(args);

/** "Restore this revision" posts here, with or without JavaScript. */
export const action = restoreRevisionAction;

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** A field of a post, course, testimonial or page section as the editor labels it ("Title (Arabic)"). */
function fieldLabel(t: TFunction<"admin-content">, collection: string, field: string): string {
  const lang = /(En|Ar)$/.exec(field)?.[1] as "En" | "Ar" | undefined;
  const base = lang ? field.slice(0, -2) : field;
  if (collection === "page-sections") {
    const label = sectionFieldLabel(t, base);
    return lang ? `${label} (${t(`tabs.${lang}`)})` : label;
  }
  const prefix = collection === "blogs" ? "blog" : collection === "courses" ? "course" : "testimonial";
  const keys: Record<string, string> = {
    imageUrl: `${prefix}.fields.image`,
    metaTitle: "seo.metaTitle",
    metaDescription: "seo.metaDescription",
    metaKeywords: "seo.metaKeywords",
    content: "revisions.content",
    faqs: "revisions.faqs",
  };
  const label = t((keys[base] ?? `${prefix}.fields.${base}`) as never) as string;
  return lang ? `${label} (${t(`tabs.${lang}`)})` : label;
}

export default function RevisionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const { collection, id, name, editor, revisions, kept, comparison, timeZone } = loaderData;
  const refused = useActionData<FormState>();
  const navigation = useNavigation();
  const when = (iso: string) => formatDateTime(iso, lang, timeZone);
  // The name keeps its own direction inside the other language's sentence (first-strong isolate).
  const title = name ? t("revisions.titleOf", { name: `\u2068${name}\u2069` }) : t("revisions.title");
  const page = `/admin/${collection}/edit/${id}/revisions`;
  return (
    <div className="space-y-6">
      <PageMeta title={title} description={title} />
      <LocalLink to={editor} className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>{" "}
        {t("revisions.back")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{t("revisions.intro", { kept })}</p>
      <p className="text-sm text-slate-600">{t("revisions.restoreHint")}</p>
      <FormAlert message={refused?.form === RESTORE_FORM ? [refused.message, ...Object.values(refused.errors ?? {})].filter(Boolean).join(" ") : undefined} />
      {revisions.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{t("revisions.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t("revisions.caption")}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("revisions.when")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("revisions.who")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("revisions.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision) => {
                const at = when(revision.createdAt);
                const shown = comparison?.revision.id === revision.id;
                return (
                  <tr key={revision.id} className={`border-t border-slate-200 ${shown ? "bg-indigo-50" : ""}`}>
                    <td className="px-3 py-2 whitespace-nowrap">{at}</td>
                    <td className="px-3 py-2">{revision.userName || <span className="text-slate-600">{t("revisions.unknownAuthor")}</span>}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-3">
                        {shown ? (
                          <span className="font-semibold text-slate-700">{t("revisions.comparing")}</span>
                        ) : (
                          <LocalLink
                            to={`${page}?compare=${revision.id}#comparison`}
                            aria-label={t("revisions.compareLabel", { when: at })}
                            className="font-semibold text-indigo-700 hover:underline"
                          >
                            {t("revisions.compare")}
                          </LocalLink>
                        )}
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="revision" value={revision.id} />
                          <button
                            type="submit"
                            disabled={navigation.state === "submitting"}
                            aria-label={t("revisions.restoreLabel", { when: at })}
                            className="rounded-lg border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                          >
                            {t("revisions.restore")}
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {comparison ? (
        <section id="comparison" aria-labelledby="comparison-title" className="scroll-mt-24 space-y-4">
          <h2 id="comparison-title" className="text-xl font-bold text-slate-900">
            {t("revisions.compareTitle", { when: when(comparison.revision.createdAt) })}
          </h2>
          {comparison.changes.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{t("revisions.noChanges")}</p>
          ) : (
            <dl className="space-y-4">
              {comparison.changes.map((change) => (
                <ChangedField key={change.field} label={fieldLabel(t, collection, change.field)} change={change} />
              ))}
            </dl>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** Arabic fields read right to left, whatever the page's language. */
const dirOfField = (field: string) => (field.endsWith("Ar") ? "rtl" : "auto");

function ChangedField({ label, change }: { label: string; change: FieldChange }) {
  const { t } = useTranslation("admin-content");
  const dir = dirOfField(change.field);
  const empty = <span className="text-slate-500">{t("revisions.empty_value")}</span>;
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="font-semibold text-slate-900">{label}</dt>
      {change.parts ? (
        <dd dir={dir} className="mt-2 whitespace-pre-wrap break-words leading-7 text-slate-800">
          <DiffText parts={change.parts} />
        </dd>
      ) : (
        <dd className="mt-2 grid gap-2 md:grid-cols-2">
          <div>
            <p className="text-xs font-semibold uppercase text-slate-600">{t("revisions.before")}</p>
            <p dir={dir} className="whitespace-pre-wrap break-words rounded bg-red-50 px-2 py-1 text-red-900">
              {change.before || empty}
            </p>
          </div>
          <div>
            <p className="text-xs font-semibold uppercase text-slate-600">{t("revisions.after")}</p>
            <p dir={dir} className="whitespace-pre-wrap break-words rounded bg-green-50 px-2 py-1 text-green-900">
              {change.after || empty}
            </p>
          </div>
        </dd>
      )}
    </div>
  );
}

/** A word diff: removed words struck through in red, added ones underlined in green (each named for screen readers). */
function DiffText({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation("admin-content");
  return (
    <>
      {parts.map((part, index) =>
        part.kind === "removed" ? (
          <del key={index} className="rounded bg-red-100 text-red-900">
            <span className="sr-only">{t("revisions.removed")} </span>
            {part.text}
          </del>
        ) : part.kind === "added" ? (
          <ins key={index} className="rounded bg-green-100 text-green-900">
            <span className="sr-only">{t("revisions.added")} </span>
            {part.text}
          </ins>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
