import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { formatDateTime } from "~/features/admin-kit/format";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { useLang } from "~/i18n/use-lang";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { safeUrl } from "~/lib/safe-url";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { MediaAltFields } from "./MediaAltFields";
import type { MediaFormState } from "./media-forms";
import type { MediaItem } from "./media.schema";

/** One image of the library: picture, facts, where it is used, its alt text form and delete. */
export function MediaCard({ item, number, timeZone, state }: { item: MediaItem; number: number; timeZone: string; state: MediaFormState | undefined }) {
  const { t } = useTranslation("admin-content");
  const { t: ta } = useTranslation("admin");
  const lang = useLang();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("id") === String(item.id);
  const src = safeUrl(item.url);
  const alt = lang === "ar" ? item.altAr : item.altEn;
  const titleId = `media-${item.id}-title`;
  const date = formatDateTime(item.createdAt, lang, timeZone);
  const altState = state?.form === "alt" ? state : undefined;
  const deleteState = state?.form === "delete" ? state : undefined;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <a href={src} className="block bg-slate-100" target="_blank" rel="noopener">
        {src ? (
          <img
            src={src}
            {...responsiveImage(item.url, imageSizes.card)}
            alt={alt}
            width={item.width ?? 800}
            height={item.height ?? 450}
            loading="lazy"
            className="aspect-video w-full object-contain"
          />
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
          <MediaAltFields
            key={`${item.altEn}\n${item.altAr}`}
            values={altState?.values ? { altEn: altState.values.altEn ?? "", altAr: altState.values.altAr ?? "" } : { altEn: item.altEn, altAr: item.altAr }}
            errors={altState?.errors}
          />
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
                  <button
                    type="submit"
                    disabled={submitting("delete")}
                    className="rounded-md bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    {t("media.confirmYes")}
                  </button>
                  <Link
                    to={location.search || "?"}
                    preventScrollReset
                    className="rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50"
                  >
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
