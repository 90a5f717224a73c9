import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { formatPrice } from "~/lib/money";
import { CurrencyOptions } from "~/ui/CurrencyOptions";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import { getSiteSettings } from "~/features/site/site.server";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/settings.route";
import { percentToBp, settingsPageSchema } from "./settings.schema";
import { campsOffStartDate, listAdminCamps } from "./settings.server";
import { CampsOffStartDate } from "./CampsOffStartDate";
import { PaySettingsFields } from "./PaySettingsFields";
import { settingsChoices } from "./settings-choices.server";
import { ChoiceOptions } from "./ChoiceOptions";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const [settings, camps] = await Promise.all([getSiteSettings(context.db), listAdminCamps(context.db)]);
  // Decision 037: a new start date does not rewrite the batches; this screen says which camps differ.
  return { settings, camps, campsOff: await campsOffStartDate(context.db, settings.campStartDate), choices: settingsChoices(langFromPath(new URL(request.url).pathname), settings) };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const socials = ["facebook", "instagram", "linkedin", "youtube", "twitter"] as const;

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  // The tax rate is typed as a percent and stored in basis points (decision 090).
  const { taxRateBp, ...stored } = loaderData.settings;
  const form = useAdminForm({
    id: "settings",
    schema: settingsPageSchema,
    defaults: { ...stored, taxPercent: taxRateBp / 100 },
    request: ({ taxPercent, ...values }) => ({ method: "PUT", path: "/api/admin/settings", body: { ...values, taxRateBp: percentToBp(taxPercent) } }),
    saved: t("settings.saved"),
  });
  const { register } = form.methods;
  const errors = form.methods.formState.errors;

  const input = (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ({
    id: ids.id,
    "aria-describedby": ids.describedBy,
    "aria-invalid": ids.invalid,
    className: inputClass,
  });

  return (
    <div className="space-y-6">
      <PageMeta title={t("settings.title")} description={t("settings.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("settings.title")}</h1>
      <form {...form.formProps} className="space-y-6">
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.contactTitle")}</legend>
          <Field label={t("settings.email")} error={errors.email?.message}>
            {(ids) => <input type="email" {...input(ids)} {...register("email")} />}
          </Field>
          <Field label={t("settings.phone")} error={errors.phone?.message}>
            {(ids) => <input type="tel" {...input(ids)} {...register("phone")} />}
          </Field>
          <Field label={t("settings.addressEn")} error={errors.address?.en?.message}>
            {(ids) => <textarea rows={2} dir="ltr" lang="en" {...input(ids)} {...register("address.en")} />}
          </Field>
          <Field label={t("settings.addressAr")} error={errors.address?.ar?.message}>
            {(ids) => <textarea rows={2} dir="rtl" lang="ar" {...input(ids)} {...register("address.ar")} />}
          </Field>
          <Field label={t("settings.hoursEn")} hint={t("settings.hoursHint")} error={errors.openingHours?.en?.message}>
            {(ids) => <textarea rows={3} dir="ltr" lang="en" {...input(ids)} {...register("openingHours.en")} />}
          </Field>
          <Field label={t("settings.hoursAr")} hint={t("settings.hoursHint")} error={errors.openingHours?.ar?.message}>
            {(ids) => <textarea rows={3} dir="rtl" lang="ar" {...input(ids)} {...register("openingHours.ar")} />}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.whatsappTitle")}</legend>
          <Field label={t("settings.whatsappNumber")} hint={t("settings.whatsappHint")} error={errors.whatsappNumber?.message} className="sm:col-span-2">
            {(ids) => <input type="text" inputMode="numeric" {...input(ids)} {...register("whatsappNumber")} />}
          </Field>
          <Field label={t("settings.whatsappMessageEn")} error={errors.whatsappMessage?.en?.message}>
            {(ids) => <textarea rows={2} dir="ltr" lang="en" {...input(ids)} {...register("whatsappMessage.en")} />}
          </Field>
          <Field label={t("settings.whatsappMessageAr")} error={errors.whatsappMessage?.ar?.message}>
            {(ids) => <textarea rows={2} dir="rtl" lang="ar" {...input(ids)} {...register("whatsappMessage.ar")} />}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.socialTitle")}</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{t("settings.socialHint")}</p>
          {socials.map((name) => (
            <Field key={name} label={t(`settings.${name}`)} error={errors.social?.[name]?.message}>
              {(ids) => <input type="url" dir="ltr" {...input(ids)} {...register(`social.${name}`)} />}
            </Field>
          ))}
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.generalTitle")}</legend>
          <Field label={t("settings.timeZone")} hint={t("settings.timeZoneHint")} error={errors.timeZone?.message} className="sm:col-span-2">
            {(ids) => (
              <select dir="ltr" {...input(ids)} {...register("timeZone")}>
                <ChoiceOptions choices={loaderData.choices.zones.map((zone) => ({ value: zone, label: zone }))} />
              </select>
            )}
          </Field>
          <Field label={t("settings.phoneCountry")} hint={t("settings.phoneCountryHint")} error={errors.phoneCountry?.message}>
            {(ids) => (
              <select {...input(ids)} {...register("phoneCountry")}>
                <ChoiceOptions choices={loaderData.choices.countries.map((c) => ({ value: c.code, label: c.calling ? t("settings.countryOption", { name: c.name, code: c.calling }) : c.name }))} />
              </select>
            )}
          </Field>
          <Field label={t("settings.campStartDate")} error={errors.campStartDate?.message}>
            {(ids) => <input type="date" {...input(ids)} {...register("campStartDate")} />}
          </Field>
          <Field label={t("settings.campRecentSignups")} error={errors.campRecentSignups?.message}>
            {(ids) => <input type="number" min={0} step={1} {...input(ids)} {...register("campRecentSignups", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.waitlistHoldHours")} hint={t("settings.waitlistHoldHoursHint")} error={errors.waitlistHoldHours?.message}>
            {(ids) => <input type="number" min={1} max={168} step={1} {...input(ids)} {...register("waitlistHoldHours", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.paymentHoldMinutes")} hint={t("settings.paymentHoldMinutesHint")} error={errors.paymentHoldMinutes?.message}>
            {(ids) => <input type="number" min={30} max={1440} step={1} {...input(ids)} {...register("paymentHoldMinutes", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.instalmentReminderDays")} hint={t("settings.instalmentReminderDaysHint")} error={errors.instalmentReminderDays?.message}>
            {(ids) => <input type="number" min={0} max={30} step={1} {...input(ids)} {...register("instalmentReminderDays", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.demoChangeCutoffHours")} hint={t("settings.demoChangeCutoffHoursHint")} error={errors.demoChangeCutoffHours?.message}>
            {(ids) => <input type="number" min={0} max={168} step={1} {...input(ids)} {...register("demoChangeCutoffHours", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.sectionChangeCutoffHours")} hint={t("settings.sectionChangeCutoffHoursHint")} error={errors.sectionChangeCutoffHours?.message}>
            {(ids) => <input type="number" min={0} max={720} step={1} {...input(ids)} {...register("sectionChangeCutoffHours", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.absenceNoticeHours")} hint={t("settings.absenceNoticeHoursHint")} error={errors.absenceNoticeHours?.message}>
            {(ids) => <input type="number" min={0} max={168} step={1} {...input(ids)} {...register("absenceNoticeHours", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.makeupCreditDays")} hint={t("settings.makeupCreditDaysHint")} error={errors.makeupCreditDays?.message}>
            {(ids) => <input type="number" min={1} max={365} step={1} {...input(ids)} {...register("makeupCreditDays", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.makeupAllowance")} hint={t("settings.makeupAllowanceHint")} error={errors.makeupAllowance?.message}>
            {(ids) => <input type="number" min={0} max={20} step={1} {...input(ids)} {...register("makeupAllowance", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.demoBookingsPerFamily")} hint={t("settings.demoBookingsPerFamilyHint")} error={errors.demoBookingsPerFamily?.message}>
            {(ids) => <input type="number" min={1} max={20} step={1} {...input(ids)} {...register("demoBookingsPerFamily", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("settings.enrolmentsPerFamily")} hint={t("settings.enrolmentsPerFamilyHint")} error={errors.enrolmentsPerFamily?.message}>
            {(ids) => <input type="number" min={1} max={50} step={1} {...input(ids)} {...register("enrolmentsPerFamily", { valueAsNumber: true })} />}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{tb("settings.title")}</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{tb("settings.intro")}</p>
          <Field label={tb("settings.taxName")} hint={tb("settings.taxNameHint")} error={errors.taxName?.message}>
            {(ids) => <input type="text" maxLength={40} dir="ltr" {...input(ids)} {...register("taxName")} />}
          </Field>
          <Field label={tb("settings.taxNameAr")} hint={tb("settings.taxNameArHint")} error={errors.taxNameAr?.message}>
            {(ids) => <input type="text" maxLength={40} dir="rtl" lang="ar" {...input(ids)} {...register("taxNameAr")} />}
          </Field>
          <Field label={tb("settings.taxPercent")} hint={tb("settings.taxPercentHint")} error={errors.taxPercent?.message}>
            {(ids) => <input type="number" min={0} max={100} step={0.01} inputMode="decimal" dir="ltr" {...input(ids)} {...register("taxPercent", { valueAsNumber: true })} />}
          </Field>
          <Field label={tb("settings.taxRegistration")} error={errors.taxRegistration?.message}>
            {(ids) => <input type="text" maxLength={60} dir="ltr" {...input(ids)} {...register("taxRegistration")} />}
          </Field>
          <Field label={tb("settings.invoiceDueDays")} hint={tb("settings.invoiceDueDaysHint")} error={errors.invoiceDueDays?.message}>
            {(ids) => <input type="number" min={0} max={90} step={1} {...input(ids)} {...register("invoiceDueDays", { valueAsNumber: true })} />}
          </Field>
          <Field label={tb("settings.defaultCurrency")} hint={tb("settings.defaultCurrencyHint")} error={errors.defaultCurrency?.message}>
            {(ids) => (
              <select {...input(ids)} {...register("defaultCurrency")}>
                <CurrencyOptions />
              </select>
            )}
          </Field>
          <label className="flex items-start gap-3 sm:col-span-2">
            <input type="checkbox" className="mt-1 h-4 w-4" aria-describedby="tax-inclusive-hint" {...register("taxInclusive")} />
            <span>
              <span className="font-medium text-slate-900">{tb("settings.taxInclusive")}</span>
              <span id="tax-inclusive-hint" className="block text-sm text-slate-600">
                {tb("settings.taxInclusiveHint")}
              </span>
            </span>
          </label>
        </fieldset>

        <PaySettingsFields methods={form.methods} />

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.followupTitle")}</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{t("settings.followupIntro")}</p>
          <Field label={t("settings.followupSubjectEn")} error={errors.followupMail?.subject?.en?.message}>
            {(ids) => <input type="text" dir="ltr" lang="en" {...input(ids)} {...register("followupMail.subject.en")} />}
          </Field>
          <Field label={t("settings.followupSubjectAr")} error={errors.followupMail?.subject?.ar?.message}>
            {(ids) => <input type="text" dir="rtl" lang="ar" {...input(ids)} {...register("followupMail.subject.ar")} />}
          </Field>
          <Field label={t("settings.followupBodyEn")} hint={t("settings.followupHint")} error={errors.followupMail?.body?.en?.message}>
            {(ids) => <textarea rows={8} dir="ltr" lang="en" {...input(ids)} {...register("followupMail.body.en")} />}
          </Field>
          <Field label={t("settings.followupBodyAr")} hint={t("settings.followupHint")} error={errors.followupMail?.body?.ar?.message}>
            {(ids) => <textarea rows={8} dir="rtl" lang="ar" {...input(ids)} {...register("followupMail.body.ar")} />}
          </Field>
        </fieldset>

        <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.securityTitle")}</legend>
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-1 h-4 w-4" aria-describedby="second-factor-hint" {...register("requireStaffSecondFactor")} />
            <span>
              <span className="font-medium text-slate-900">{t("settings.requireSecondFactor")}</span>
              <span id="second-factor-hint" className="block text-sm text-slate-600">
                {t("settings.requireSecondFactorHint")}
              </span>
            </span>
          </label>
          <label className="mt-4 flex items-start gap-3">
            <input type="checkbox" className="mt-1 h-4 w-4" aria-describedby="certificate-name-hint" {...register("certificateFullName")} />
            <span>
              <span className="font-medium text-slate-900">{t("settings.certificateFullName")}</span>
              <span id="certificate-name-hint" className="block text-sm text-slate-600">
                {t("settings.certificateFullNameHint")}
              </span>
            </span>
          </label>
        </fieldset>

        <SaveButton pending={form.pending} />
      </form>

      <CampsOffStartDate id="camps-off-title" camps={loaderData.campsOff} title={t("settings.campsOffTitle")} text={t("settings.campsOffText")} links />

      <section aria-labelledby="camps-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="camps-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("settings.campsTitle")}
        </h2>
        <ul className="divide-y divide-slate-100">
          {loaderData.camps.map((camp) => (
            <li key={camp.id} className="flex flex-wrap items-center gap-4 py-2">
              {/* The camp list is always in English (listAdminCamps). */}
              <span lang="en" className="font-medium">
                {camp.title}
              </span>
              <span lang="en" className="text-sm text-slate-600">
                {camp.grades}
              </span>
              <span className="text-sm text-slate-600">{formatPrice(camp.price, camp.currency, "en")}</span>
              <LocalLink
                to={`/admin/settings/camps/${camp.id}`}
                aria-label={`${t("camps.edit")}: ${camp.title}`}
                className="ms-auto text-sm font-semibold text-indigo-700 hover:underline"
              >
                {t("camps.edit")}
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
