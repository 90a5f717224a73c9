import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { IMAGE_ACCEPT } from "~/features/media/upload-client";
import type { Route } from "./+types/account-pickup.route";
import { photoFormOf } from "./attendance-forms";
import { accountPickupAction, accountPickupData } from "./account-pickup.server";
import { PassQr } from "./PassParts";

export const loader = ({ request, context }: Route.LoaderArgs) => accountPickupData(context, request);
/** The photo forms post here (multipart) with or without JavaScript: the page ships none. */
export const action = accountPickupAction;
export const handle = { hydrate: false, staticWhenSignedIn: true };

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const link = "font-medium text-indigo-700 underline hover:text-indigo-900";

/** One collector's photo form: the photo they have (shown from the private store) and a file field. */
function PhotoForm({ of, label, photoId }: { of: "self" | number; label: string; photoId: number | null }) {
  const { t } = useTranslation("teaching");
  const formId = photoFormOf(of);
  const served = useServedState(formId);
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4">
      <form method="post" encType="multipart/form-data" id={formId} className="space-y-3" aria-labelledby={`${formId}-name`}>
        <input type="hidden" name="of" value={of} />
        <div className="flex items-center gap-4">
          {photoId ? (
            <img
              src={`/api/pickup-photos/${photoId}?w=320`}
              alt={t("pickup.photo", { name: label })}
              width={80}
              height={80}
              className="size-20 rounded-lg object-cover"
            />
          ) : null}
          <div>
            <h3 id={`${formId}-name`} className="font-semibold text-slate-900">
              <bdi>{label}</bdi>
            </h3>
            <p className="text-sm text-slate-700">{t(photoId ? "pickupPass.hasPhoto" : "pickupPass.noPhoto")}</p>
          </div>
        </div>
        <FormAlert message={served?.message} />
        <div>
          <label htmlFor={`${formId}-file`} className="block font-medium text-slate-900">
            {t("pickupPass.file")}
          </label>
          <p id={`${formId}-hint`} className="text-sm text-slate-700">
            {t("pickupPass.fileHint")}
          </p>
          <input
            id={`${formId}-file`}
            type="file"
            name="file"
            accept={IMAGE_ACCEPT}
            required
            aria-describedby={`${formId}-hint`}
            className="mt-1 block w-full text-sm"
          />
        </div>
        <button type="submit" className="min-h-11 rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
          {t("pickupPass.save")}
        </button>
      </form>
    </li>
  );
}

/**
 * /account/pickup (issue 45 item 4, decision 142): the guardian's own pickup pass for today (a QR
 * code the instructor scans at pickup; for a role that collects), and the photos shown at pickup:
 * the guardian's own, and, for those who act for the family, each person of the pickup lists.
 */
export default function AccountPickupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { pass, photos } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:py-14">
      <PageMeta title={t("pickupPass.heading")} description={t("pickupPass.intro")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("pickupPass.heading")}</h1>
        <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
          <LocalLink to="/account" className={link}>
            {t("passes.back")}
          </LocalLink>
          <LocalLink to="/account/passes" className={link}>
            {t("passes.link")}
          </LocalLink>
        </p>
      </header>
      {pass ? (
        <section aria-labelledby="pickup-pass-heading" className="rounded-xl border border-slate-300 bg-white p-4 text-center" data-pickup-pass="">
          <h2 id="pickup-pass-heading" className="text-xl font-bold text-slate-900">
            <bdi>{pass.name}</bdi>
          </h2>
          <p className="mt-1 text-slate-700">{t("pickupPass.intro")}</p>
          <PassQr svg={pass.qrSvg} alt={t("pickupPass.qr", { name: pass.name })} />
          <p className="text-sm text-slate-700">{t("pickupPass.validUntil", { when: pass.validUntil })}</p>
        </section>
      ) : null}
      <section aria-labelledby="pickup-photos-heading" className="space-y-3">
        <h2 id="pickup-photos-heading" className="text-xl font-bold text-slate-900">
          {t("pickupPass.photos")}
        </h2>
        <p className="text-slate-700">{t("pickupPass.photosIntro")}</p>
        {!photos.self && photos.people.length === 0 ? <p className="text-slate-700">{t("pickupPass.nobody")}</p> : null}
        <ul className="space-y-3">
          {photos.self && pass ? <PhotoForm of="self" label={t("pickupPass.you", { name: pass.name })} photoId={photos.self.photoId} /> : null}
          {photos.people.map((person) => (
            <PhotoForm key={person.id} of={person.id} label={t("pickupPass.forChild", { name: person.name, child: person.child })} photoId={person.photoId} />
          ))}
        </ul>
      </section>
    </main>
  );
}
