import { useTranslation } from "react-i18next";
import { CurrencyOptions } from "~/ui/CurrencyOptions";
import { Field } from "~/ui/Field";
import { ChoiceOptions } from "./ChoiceOptions";
import { PaySettingsFields } from "./PaySettingsFields";
import { CheckSetting, NumberSetting, SettingsBlock, type SettingsForm } from "./settings-form";
import type { SettingsGroup } from "./settings-groups";

type Choices = { zones: string[]; countries: { code: string; name: string; calling: string }[] };

const socials = ["facebook", "instagram", "linkedin", "youtube", "twitter"] as const;

/** The controls of one settings page (/admin/settings/{group}): exactly the settings SETTINGS_GROUPS gives it. */
export function SettingsGroupFields({ group, s, choices }: { group: SettingsGroup; s: SettingsForm; choices: Choices | null }) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  switch (group) {
    case "contact":
      return (
        <SettingsBlock>
          <Field label={t("settings.email")} error={s.error("email")}>
            {(ids) => <input type="email" dir="ltr" {...s.text("email", ids)} />}
          </Field>
          <Field label={t("settings.phone")} error={s.error("phone")}>
            {(ids) => <input type="tel" dir="ltr" {...s.text("phone", ids)} />}
          </Field>
          <Field label={t("settings.phoneCountry")} hint={t("settings.phoneCountryHint")} error={s.error("phoneCountry")}>
            {(ids) => (
              <select {...s.text("phoneCountry", ids)}>
                <ChoiceOptions
                  choices={(choices?.countries ?? []).map((c) => ({
                    value: c.code,
                    label: c.calling ? t("settings.countryOption", { name: c.name, code: c.calling }) : c.name,
                  }))}
                />
              </select>
            )}
          </Field>
          <Field label={t("settings.timeZone")} hint={t("settings.timeZoneHint")} error={s.error("timeZone")}>
            {(ids) => (
              <select dir="ltr" {...s.text("timeZone", ids)}>
                <ChoiceOptions choices={(choices?.zones ?? []).map((zone) => ({ value: zone, label: zone }))} />
              </select>
            )}
          </Field>
          <Field label={t("settings.addressEn")} error={s.error("address.en")}>
            {(ids) => <textarea rows={2} dir="ltr" lang="en" {...s.text("address.en", ids)} />}
          </Field>
          <Field label={t("settings.addressAr")} error={s.error("address.ar")}>
            {(ids) => <textarea rows={2} dir="rtl" lang="ar" {...s.text("address.ar", ids)} />}
          </Field>
          <Field label={t("settings.hoursEn")} hint={t("settings.hoursHint")} error={s.error("openingHours.en")}>
            {(ids) => <textarea rows={3} dir="ltr" lang="en" {...s.text("openingHours.en", ids)} />}
          </Field>
          <Field label={t("settings.hoursAr")} hint={t("settings.hoursHint")} error={s.error("openingHours.ar")}>
            {(ids) => <textarea rows={3} dir="rtl" lang="ar" {...s.text("openingHours.ar", ids)} />}
          </Field>
        </SettingsBlock>
      );
    case "whatsapp":
      return (
        <>
          <SettingsBlock title={t("settings.whatsappTitle")}>
            <Field label={t("settings.whatsappNumber")} hint={t("settings.whatsappHint")} error={s.error("whatsappNumber")} className="sm:col-span-2">
              {(ids) => <input type="text" inputMode="numeric" dir="ltr" {...s.text("whatsappNumber", ids)} />}
            </Field>
            <Field label={t("settings.whatsappMessageEn")} error={s.error("whatsappMessage.en")}>
              {(ids) => <textarea rows={2} dir="ltr" lang="en" {...s.text("whatsappMessage.en", ids)} />}
            </Field>
            <Field label={t("settings.whatsappMessageAr")} error={s.error("whatsappMessage.ar")}>
              {(ids) => <textarea rows={2} dir="rtl" lang="ar" {...s.text("whatsappMessage.ar", ids)} />}
            </Field>
          </SettingsBlock>
          <SettingsBlock title={t("settings.socialTitle")} intro={t("settings.socialHint")}>
            {socials.map((name) => (
              <Field key={name} label={t(`settings.${name}`)} error={s.error(`social.${name}`)}>
                {(ids) => <input type="url" dir="ltr" {...s.text(`social.${name}`, ids)} />}
              </Field>
            ))}
          </SettingsBlock>
        </>
      );
    case "money":
      return (
        <>
          <SettingsBlock title={tb("settings.title")} intro={tb("settings.intro")}>
            <Field label={tb("settings.taxName")} hint={tb("settings.taxNameHint")} error={s.error("taxName")}>
              {(ids) => <input type="text" maxLength={40} dir="ltr" {...s.text("taxName", ids)} />}
            </Field>
            <Field label={tb("settings.taxNameAr")} hint={tb("settings.taxNameArHint")} error={s.error("taxNameAr")}>
              {(ids) => <input type="text" maxLength={40} dir="rtl" lang="ar" {...s.text("taxNameAr", ids)} />}
            </Field>
            <Field label={tb("settings.taxPercent")} hint={tb("settings.taxPercentHint")} error={s.error("taxPercent")}>
              {(ids) => <input inputMode="decimal" {...s.number("taxPercent", ids)} step={0.01} />}
            </Field>
            <Field label={tb("settings.taxRegistration")} error={s.error("taxRegistration")}>
              {(ids) => <input type="text" maxLength={60} dir="ltr" {...s.text("taxRegistration", ids)} />}
            </Field>
            <NumberSetting s={s} name="invoiceDueDays" label={tb("settings.invoiceDueDays")} hint={tb("settings.invoiceDueDaysHint")} />
            <Field label={tb("settings.defaultCurrency")} hint={tb("settings.defaultCurrencyHint")} error={s.error("defaultCurrency")}>
              {(ids) => (
                <select {...s.text("defaultCurrency", ids)}>
                  <CurrencyOptions />
                </select>
              )}
            </Field>
            <CheckSetting s={s} name="taxInclusive" label={tb("settings.taxInclusive")} hint={tb("settings.taxInclusiveHint")} />
            <NumberSetting s={s} name="instalmentReminderDays" label={t("settings.instalmentReminderDays")} hint={t("settings.instalmentReminderDaysHint")} />
            <NumberSetting s={s} name="paymentHoldMinutes" label={t("settings.paymentHoldMinutes")} hint={t("settings.paymentHoldMinutesHint")} />
          </SettingsBlock>
          <PaySettingsFields s={s} />
        </>
      );
    case "booking":
      return (
        <SettingsBlock>
          <NumberSetting s={s} name="demoBookingsPerFamily" label={t("settings.demoBookingsPerFamily")} hint={t("settings.demoBookingsPerFamilyHint")} />
          <NumberSetting s={s} name="demoChangeCutoffHours" label={t("settings.demoChangeCutoffHours")} hint={t("settings.demoChangeCutoffHoursHint")} />
          <NumberSetting s={s} name="waitlistHoldHours" label={t("settings.waitlistHoldHours")} hint={t("settings.waitlistHoldHoursHint")} />
          <NumberSetting s={s} name="enrolmentsPerFamily" label={t("settings.enrolmentsPerFamily")} hint={t("settings.enrolmentsPerFamilyHint")} />
          <NumberSetting
            s={s}
            name="sectionChangeCutoffHours"
            label={t("settings.sectionChangeCutoffHours")}
            hint={t("settings.sectionChangeCutoffHoursHint")}
          />
          <NumberSetting s={s} name="absenceNoticeHours" label={t("settings.absenceNoticeHours")} hint={t("settings.absenceNoticeHoursHint")} />
          <NumberSetting s={s} name="makeupCreditDays" label={t("settings.makeupCreditDays")} hint={t("settings.makeupCreditDaysHint")} />
          <NumberSetting s={s} name="makeupAllowance" label={t("settings.makeupAllowance")} hint={t("settings.makeupAllowanceHint")} />
          <NumberSetting s={s} name="latePickupMinutes" label={t("settings.latePickupMinutes")} hint={t("settings.latePickupMinutesHint")} />
        </SettingsBlock>
      );
    case "follow-up":
      return (
        <SettingsBlock intro={t("settings.followupIntro")}>
          <Field label={t("settings.followupSubjectEn")} error={s.error("followupMail.subject.en")}>
            {(ids) => <input type="text" dir="ltr" lang="en" {...s.text("followupMail.subject.en", ids)} />}
          </Field>
          <Field label={t("settings.followupSubjectAr")} error={s.error("followupMail.subject.ar")}>
            {(ids) => <input type="text" dir="rtl" lang="ar" {...s.text("followupMail.subject.ar", ids)} />}
          </Field>
          <Field label={t("settings.followupBodyEn")} hint={t("settings.followupHint")} error={s.error("followupMail.body.en")}>
            {(ids) => <textarea rows={8} dir="ltr" lang="en" {...s.text("followupMail.body.en", ids)} />}
          </Field>
          <Field label={t("settings.followupBodyAr")} hint={t("settings.followupHint")} error={s.error("followupMail.body.ar")}>
            {(ids) => <textarea rows={8} dir="rtl" lang="ar" {...s.text("followupMail.body.ar", ids)} />}
          </Field>
        </SettingsBlock>
      );
    case "summer-camp":
      return (
        <SettingsBlock>
          <Field label={t("settings.campStartDate")} error={s.error("campStartDate")}>
            {(ids) => <input type="date" dir="ltr" {...s.text("campStartDate", ids)} />}
          </Field>
          <NumberSetting s={s} name="campRecentSignups" label={t("settings.campRecentSignups")} hint={t("settings.campRecentSignupsHint")} />
        </SettingsBlock>
      );
    case "messaging":
      return (
        <SettingsBlock>
          <NumberSetting s={s} name="messagingQuietStart" label={t("settings.messagingQuietStart")} hint={t("settings.messagingQuietStartHint")} />
          <NumberSetting s={s} name="messagingQuietEnd" label={t("settings.messagingQuietEnd")} hint={t("settings.messagingQuietEndHint")} />
          <NumberSetting s={s} name="messagingDailyCap" label={t("settings.messagingDailyCap")} hint={t("settings.messagingDailyCapHint")} />
          <NumberSetting
            s={s}
            name="messagingFallbackMinutes"
            label={t("settings.messagingFallbackMinutes")}
            hint={t("settings.messagingFallbackMinutesHint")}
          />
          <Field label={t("settings.messagingPriceCurrency")} hint={t("settings.messagingPriceCurrencyHint")} error={s.error("messagingPriceCurrency")}>
            {(ids) => (
              <select {...s.text("messagingPriceCurrency", ids)}>
                <CurrencyOptions />
              </select>
            )}
          </Field>
          {(["messagingPriceWhatsappNews", "messagingPriceWhatsappService", "messagingPriceSms"] as const).map((name) => (
            <NumberSetting key={name} s={s} name={name} label={t(`settings.${name}`)} hint={t("settings.messagingPriceHint")} />
          ))}
        </SettingsBlock>
      );
    case "security":
      return (
        <SettingsBlock>
          <CheckSetting s={s} name="requireStaffSecondFactor" label={t("settings.requireSecondFactor")} hint={t("settings.requireSecondFactorHint")} />
          <CheckSetting s={s} name="certificateFullName" label={t("settings.certificateFullName")} hint={t("settings.certificateFullNameHint")} />
          <CheckSetting s={s} name="familyPortfolioUploads" label={t("settings.familyPortfolioUploads")} hint={t("settings.familyPortfolioUploadsHint")} />
        </SettingsBlock>
      );
  }
}
