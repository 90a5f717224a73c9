import { useTranslation } from "react-i18next";
import { dateLocale } from "~/lib/dates";
import { Form } from "react-router";
import type { Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { isFormState } from "~/lib/forms/form-state";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { alertClass } from "~/features/accounts/AuthCard";
import { AddPasskey } from "./AddPasskey";
import { SECURITY_FORMS, type CodesShown } from "./security-forms";
import type { securityOverview } from "./security.server";

type Overview = Awaited<ReturnType<typeof securityOverview>>;
export const sectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6";
const smallButton = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
const primary =
  "rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

const formatDate = (iso: string, lang: Lang) => new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

/** A refusal of one of this page's forms, rendered back (with or without JavaScript). */
function refusalOf(state: unknown, form: string) {
  return isFormState(state, form) ? state : undefined;
}

export function PasskeysSection({ overview, state }: { overview: Overview; state: unknown }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const removal = refusalOf(state, SECURITY_FORMS.remove);
  return (
    <section aria-labelledby="passkeys-title" className={sectionClass}>
      <h2 id="passkeys-title" className="text-xl font-bold text-slate-900">
        {t("security.passkeys.title")}
      </h2>
      <FormAlert message={removal?.message} className={`mt-3 ${alertClass}`} />
      {overview.passkeys.length === 0 ? <p className="mt-3 text-slate-700">{t("security.passkeys.none")}</p> : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {overview.passkeys.map((passkey) => {
          const renameState = refusalOf(state, `${SECURITY_FORMS.rename}-${passkey.id}`);
          return (
            <li key={passkey.id} className="flex flex-wrap items-end gap-3 py-3">
              <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
                <input type="hidden" name="form" value={SECURITY_FORMS.rename} />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <Field label={t("security.passkeys.name")} error={renameState?.errors.name} className="min-w-48 flex-1">
                  {({ id, describedBy, invalid }) => (
                    <input
                      type="text"
                      id={id}
                      name="name"
                      required
                      maxLength={60}
                      defaultValue={passkey.name}
                      className={inputClass}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                    />
                  )}
                </Field>
                <button type="submit" className={smallButton}>
                  {t("security.passkeys.rename")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="form" value={SECURITY_FORMS.remove} />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <button type="submit" className={smallButton} aria-label={`${t("security.passkeys.remove")}: ${passkey.name}`}>
                  {t("security.passkeys.remove")}
                </button>
              </Form>
              <p className="w-full text-sm text-slate-600">
                {t("security.passkeys.created", { date: formatDate(passkey.createdAt, lang) })} ·{" "}
                {passkey.lastUsedAt ? t("security.passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt, lang) }) : t("security.passkeys.neverUsed")}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-4">
        {!overview.passkeysAvailable ? (
          <p className="text-sm text-slate-700">{t("security.api.passkeysUnavailable")}</p>
        ) : overview.passkeys.length >= overview.maxPasskeys ? (
          <p className="text-sm text-slate-700">{t("security.passkeys.full", { max: overview.maxPasskeys })}</p>
        ) : (
          <AddPasskey />
        )}
      </div>
    </section>
  );
}

/** One code field and a button, posted to this page's action (works without JavaScript). */
function CodeForm({ form, label, button, state }: { form: string; label: string; button: string; state: unknown }) {
  const refused = refusalOf(state, form);
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="form" value={form} />
      <FormAlert message={refused && !refused.errors.code ? refused.message : undefined} className={`w-full ${alertClass}`} />
      <Field label={label} error={refused?.errors.code} className="min-w-48">
        {({ id, describedBy, invalid }) => (
          <input
            type="text"
            id={id}
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            dir="ltr"
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <button type="submit" className={primary}>
        {button}
      </button>
    </Form>
  );
}

export function TotpSection({ totp, state }: { totp: NonNullable<Overview["totp"]>; state: unknown }) {
  const { t } = useTranslation("accounts");
  const shown = typeof state === "object" && state !== null && Array.isArray((state as CodesShown).recoveryCodes) ? (state as CodesShown) : undefined;
  return (
    <section aria-labelledby="totp-title" className={sectionClass}>
      <h2 id="totp-title" className="text-xl font-bold text-slate-900">
        {t("security.totp.title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("security.totp.intro")}</p>
      {shown ? (
        <div className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4" role="status">
          <p className="text-slate-900">{shown.message}</p>
          <h3 className="mt-3 font-semibold text-slate-900">{t("security.totp.codesTitle")}</h3>
          <p className="text-sm text-slate-700">{t("security.totp.codesIntro")}</p>
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-slate-900" dir="ltr" data-recovery-codes>
            {shown.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {totp.enabled ? (
        <>
          <p className="mt-3 font-medium text-slate-900">{t("security.totp.on", { count: totp.recoveryCodesLeft })}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t("security.totp.renew")}</h3>
          <CodeForm form={SECURITY_FORMS.recovery} label={t("security.totp.code")} button={t("security.totp.renewButton")} state={state} />
          <h3 className="mt-4 font-semibold text-slate-900">{t("security.totp.disable")}</h3>
          <CodeForm form={SECURITY_FORMS.totpDisable} label={t("security.totp.code")} button={t("security.totp.disableButton")} state={state} />
        </>
      ) : totp.pending ? (
        <div className="mt-3">
          <p className="text-slate-700">{t("security.totp.scan")}</p>
          <img src={totp.pending.qr} alt={t("security.totp.qrAlt")} width={200} height={200} className="mt-3 h-48 w-48 bg-white" />
          <p className="mt-3 text-sm text-slate-700">
            {t("security.totp.key")}:{" "}
            <code dir="ltr" className="break-all font-mono text-slate-900" data-totp-secret>
              {totp.pending.secret}
            </code>
          </p>
          <CodeForm form={SECURITY_FORMS.totpEnable} label={t("security.totp.code")} button={t("security.totp.confirm")} state={state} />
        </div>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t("security.totp.off")}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="form" value={SECURITY_FORMS.totpSetup} />
            <button type="submit" className={primary}>
              {t("security.totp.start")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
