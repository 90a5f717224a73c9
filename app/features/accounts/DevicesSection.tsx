import { useTranslation } from "react-i18next";
import { formatInstant } from "~/lib/dates";
import { useRevalidator } from "react-router";
import { LtrValue } from "~/ui/Bidi";
import { FormAlert } from "~/ui/FormAlert";
import { localizePath, type Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { ACCOUNT_FORMS } from "./account-forms";
import { alertClass } from "./AuthCard";
import type { SignedInDevice } from "./devices.server";
import { useAccountForm } from "./use-account-form";

/** A stored instant in the academy's time zone: the site's one date and 24-hour clock (decision 112). */
const when = (iso: string, lang: Lang, timeZone: string): string => formatInstant(iso, lang, timeZone);

/**
 * "Signed-in devices" on /account (issue 25): each live session with its browser and system, the
 * address it was last seen from and when; any of them can be signed out (a plain form post without
 * JavaScript). Signing out this device ends up on the sign-in page.
 */
export function DevicesSection({ devices, timeZone, className }: { devices: SignedInDevice[]; timeZone: string; className: string }) {
  const { t } = useTranslation("accounts");
  return (
    <section aria-labelledby="devices-heading" className={className}>
      <h2 id="devices-heading" className="text-xl font-bold text-slate-900">
        {t("devices.heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("devices.intro")}</p>
      <ul className="mt-4 divide-y divide-slate-200">
        {devices.map((device) => (
          <DeviceRow key={device.id} device={device} timeZone={timeZone} />
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">{t("devices.ipHint")}</p>
    </section>
  );
}

function DeviceRow({ device, timeZone }: { device: SignedInDevice; timeZone: string }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const { revalidate } = useRevalidator();
  const formId = `${ACCOUNT_FORMS.endSession}-${device.id}`;
  const form = useAccountForm("request", {
    id: formId,
    schema: () => import("./accounts.schema").then((schemas) => schemas.buttonOnlySchema),
    endpoint: { method: "DELETE", path: `/api/account/sessions/${device.id}` },
    after: { signedOut: localizePath("/login", lang) },
    onSuccess: async (answer) => {
      // This browser is signed out: a full load, so every part of the page forgets the account.
      if (answer.signedOut === true) window.location.assign(localizePath("/login", lang));
      else await revalidate();
    },
  });
  const name =
    device.browser && device.os ? t("devices.label", { browser: device.browser, os: device.os }) : (device.browser ?? device.os ?? t("devices.unknown"));
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-device={device.current ? "current" : "other"}>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {name}
          {device.current ? (
            <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t("devices.thisDevice")}</span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>{t("devices.lastSeen")}</dt>
          <dd>{when(device.lastSeenAt, lang, timeZone)}</dd>
          <dt>{t("devices.signedIn")}</dt>
          <dd>{when(device.signedInAt, lang, timeZone)}</dd>
          <dt>{t("devices.ip")}</dt>
          <dd className="break-all">{device.ip ? <LtrValue>{device.ip}</LtrValue> : "—"}</dd>
        </dl>
      </div>
      <form {...form.formProps} id={formId} className="shrink-0">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.endSession} />
        <input type="hidden" name="sessionId" value={device.id} />
        <FormAlert message={form.refusal} className={alertClass} />
        <button
          type="submit"
          disabled={form.pending}
          aria-label={device.current ? undefined : t("devices.endFor", { device: name })}
          className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {device.current ? t("devices.endThis") : t("devices.end")}
        </button>
      </form>
    </li>
  );
}
