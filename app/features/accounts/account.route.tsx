import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator } from "react-router";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { withNotice } from "~/lib/forms/notice";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { LtrValue } from "~/ui/Bidi";
import { PageMeta } from "~/ui/PageMeta";
import { PasswordInput } from "~/ui/PasswordInput";
import { academyTimeZone } from "~/features/booking/academy-zone.server";
import type { Route } from "./+types/account.route";
import { ACCOUNT_FORMS } from "./account-forms";
import { accountPageAction } from "./account-actions.server";
import { accountOverview, type AccountBooking, type AccountWaitlistPlace } from "./account-space.server";
import type { SavedChild } from "./account-children.server";
import { buttonOnlySchema, changePasswordSchema, CHILD_AGE_LIMITS, childSchema, deleteAccountSchema, MAX_CHILDREN, profileSchemaFor } from "./accounts.schema";
import { AccountFields } from "./AccountFields";
import { alertClass } from "./AuthCard";
import { requireAccountPage } from "./guards.server";
import { useAccountForm } from "./use-account-form";
import { DevicesSection } from "./DevicesSection";
import { listDevices } from "./devices.server";

/** The three forms post here without JavaScript; a hidden `form` field says which one. */
export const action = accountPageAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccountPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const timeZone = await academyTimeZone(context.db);
  const [overview, devices] = await Promise.all([accountOverview(context.db, user.id, timeZone, lang, context.config.sessionSecret), listDevices(context.db, user.id, context.sessionRef)]);
  return { ...overview, devices, timeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6";
const buttonClass =
  "rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";

/** /account: the parent's own space (issue 17, decision 026). */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const { profile, bookings, waitlist, enrollments, brochureRequests, children } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("space.meta.title")} description={t("space.meta.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("space.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("space.intro", { name: profile.username || profile.email })}</p>
        {profile.emailVerified ? null : (
          <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {t("space.unverified")}{" "}
            <LocalLink to="/forgot-password" className="font-medium text-indigo-700 underline">
              {t("space.confirmLink")}
            </LocalLink>
          </p>
        )}
        <LocalLink to="/account/security" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("security.link")}
        </LocalLink>
      </header>

      <section aria-labelledby="bookings-heading" className={sectionClass}>
        <h2 id="bookings-heading" className="text-xl font-bold text-slate-900">
          {t("space.bookings.heading")}
        </h2>
        <BookingList id="upcoming" title={t("space.bookings.upcoming")} empty={t("space.bookings.noneUpcoming")} bookings={bookings.upcoming} />
        <BookingList id="past" title={t("space.bookings.past")} empty={t("space.bookings.nonePast")} bookings={bookings.past} />
        <LocalLink to="/courses" className="mt-4 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("space.bookings.bookMore")}
        </LocalLink>
      </section>

      {waitlist.length > 0 ? <WaitlistSection places={waitlist} /> : null}

      <section aria-labelledby="enrollments-heading" className={sectionClass}>
        <h2 id="enrollments-heading" className="text-xl font-bold text-slate-900">
          {t("space.enrollments.heading")}
        </h2>
        {enrollments.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("space.enrollments.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {enrollments.map((enrollment, index) => (
              <li key={enrollment.reference ?? index} className="py-3">
                <p className="font-semibold text-slate-900">{enrollment.campTitle}</p>
                <Facts>
                  <Fact label={t("space.enrollments.student")}>{enrollment.studentName}</Fact>
                  <Fact label={t("space.enrollments.session")}>{enrollment.session}</Fact>
                  <Fact label={t("space.enrollments.sent")}>
                    <DateText iso={enrollment.createdAt} />
                  </Fact>
                  <Fact label={t("space.enrollments.status")}>{t(`space.submissionStatus.${enrollment.status}`)}</Fact>
                </Facts>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="brochures-heading" className={sectionClass}>
        <h2 id="brochures-heading" className="text-xl font-bold text-slate-900">
          {t("space.brochures.heading")}
        </h2>
        {brochureRequests.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("space.brochures.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {brochureRequests.map((request, index) => (
              <li key={`${request.createdAt}-${index}`} className="py-3">
                <Facts>
                  <Fact label={t("space.brochures.student")}>{request.studentName}</Fact>
                  <Fact label={t("space.brochures.grade")}>{request.grade}</Fact>
                  <Fact label={t("space.brochures.sent")}>
                    <DateText iso={request.createdAt} />
                  </Fact>
                  <Fact label={t("space.brochures.status")}>{t(`space.submissionStatus.${request.status}`)}</Fact>
                </Facts>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ChildrenSection savedChildren={children} />
      <ProfileSection profile={profile} />
      <PasswordSection hasPassword={profile.hasPassword} />
      <DevicesSection devices={loaderData.devices} timeZone={loaderData.timeZone} className={sectionClass} />
      <DataSection email={profile.email} />
    </main>
  );
}

// Statuses are worded here, not taken from the booking namespace: that one is large and left out
// of pages other than the booking steps (app/i18n/namespaces.ts).
function BookingList({ id, title, empty, bookings }: { id: string; title: string; empty: string; bookings: AccountBooking[] }) {
  const { t } = useTranslation("accounts");
  return (
    <div className="mt-4">
      <h3 id={`${id}-bookings`} className="font-semibold text-slate-800">
        {title}
      </h3>
      {bookings.length === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <ul aria-labelledby={`${id}-bookings`} className="mt-2 divide-y divide-slate-200">
          {bookings.map((booking) => (
            <li key={booking.reference} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">{booking.courseName}</p>
                <Facts>
                  <Fact label={t("space.bookings.child")}>{booking.childName}</Fact>
                  <Fact label={t("space.bookings.when")}>
                    {t("space.bookings.dateTime", { date: booking.dateLabel, time: booking.timeLabel })}
                    {/* The zone on its own line: its label has brackets of its own, which nest badly right to left. */}
                    <span className="block text-slate-600">{booking.zoneLabel}</span>
                  </Fact>
                  <Fact label={t("space.bookings.status")}>
                    <StatusBadge status={booking.status}>{t(`space.bookingStatus.${booking.status}`)}</StatusBadge>
                  </Fact>
                </Facts>
              </div>
              {booking.rescheduleUrl || booking.cancelUrl ? (
                <div className="flex shrink-0 flex-wrap gap-2 self-start">
                  {booking.rescheduleUrl ? (
                    <Link
                      to={booking.rescheduleUrl}
                      // Starts with the visible words (WCAG 2.5.3), then names which class.
                      aria-label={t("space.bookings.rescheduleFor", { course: booking.courseName, date: booking.dateLabel })}
                      className="rounded-lg border border-indigo-300 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
                    >
                      {t("space.bookings.reschedule")}
                    </Link>
                  ) : null}
                  {booking.cancelUrl ? (
                    <Link
                      to={booking.cancelUrl}
                      aria-label={t("space.bookings.cancelFor", { course: booking.courseName, date: booking.dateLabel })}
                      className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      {t("space.bookings.cancel")}
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The parent's current places in the lines of full demo times (decision 032). Accepting opens the
 * offer's page (the e-mail's link); leaving posts the entry's token to its page, whose action goes
 * through the leave endpoint, so it works without JavaScript and mail scanners change nothing.
 */
function WaitlistSection({ places }: { places: AccountWaitlistPlace[] }) {
  const { t } = useTranslation("accounts");
  return (
    <section aria-labelledby="waitlist-heading" className={sectionClass}>
      <h2 id="waitlist-heading" className="text-xl font-bold text-slate-900">
        {t("space.waitlist.heading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("space.waitlist.intro")}</p>
      <ul aria-labelledby="waitlist-heading" className="mt-2 divide-y divide-slate-200">
        {places.map((place) => {
          const named = { course: place.courseName, date: place.dateLabel };
          return (
            <li key={place.token} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">{place.courseName}</p>
                <Facts>
                  <Fact label={t("space.waitlist.child")}>{place.childName}</Fact>
                  <Fact label={t("space.waitlist.when")}>
                    {t("space.bookings.dateTime", { date: place.dateLabel, time: place.timeLabel })}
                    <span className="block text-slate-600">{place.zoneLabel}</span>
                  </Fact>
                  <Fact label={t("space.waitlist.state")}>
                    {place.status === "offered" ? (
                      <span className="font-semibold text-green-900">{t("space.waitlist.heldUntil", { until: place.offerExpiresLabel ?? "" })}</span>
                    ) : (
                      t("space.waitlist.position", { position: place.position ?? 1 })
                    )}
                  </Fact>
                </Facts>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2 self-start">
                {place.acceptUrl ? (
                  <Link
                    to={place.acceptUrl}
                    aria-label={t("space.waitlist.acceptFor", named)}
                    className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
                  >
                    {t("space.waitlist.accept")}
                  </Link>
                ) : null}
                <Form method="post" action={place.pageUrl}>
                  <input type="hidden" name="token" value={place.token} />
                  <button
                    type="submit"
                    name="intent"
                    value="leave"
                    aria-label={t(place.status === "offered" ? "space.waitlist.declineFor" : "space.waitlist.leaveFor", named)}
                    className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                  >
                    {t(place.status === "offered" ? "space.waitlist.decline" : "space.waitlist.leave")}
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

function StatusBadge({ status, children }: { status: AccountBooking["status"]; children: ReactNode }) {
  const colour = status === "booked" ? "bg-green-100 text-green-900" : status === "cancelled" ? "bg-slate-100 text-slate-800" : "bg-indigo-50 text-indigo-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colour}`}>{children}</span>;
}

/** A day in the page's language (the day the form was sent, in the academy's sense of "long date"). */
function DateText({ iso }: { iso: string }) {
  const lang = useLang();
  return <time dateTime={iso}>{new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso))}</time>;
}

function ProfileSection({ profile }: { profile: { username: string; email: string; contactNumber: string } }) {
  const { t } = useTranslation("accounts");
  const { revalidate } = useRevalidator();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.profile,
    schema: profileSchemaFor(usePhoneCountry()),
    request: () => ({ method: "PATCH", path: "/api/account/profile" }),
    initial: { username: profile.username, contactNumber: profile.contactNumber },
    // Keep the saved values in the fields; the navbar's initials follow the new name.
    onSuccess: () => revalidate(),
  });
  return (
    <section aria-labelledby="profile-heading" className={sectionClass}>
      <h2 id="profile-heading" className="text-xl font-bold text-slate-900">
        {t("space.profile.heading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {t("space.profile.email")}: <LtrValue>{profile.email}</LtrValue>
      </p>
      <p className="text-xs text-slate-600">{t("space.profile.emailNote")}</p>
      <form {...form.formProps} id={ACCOUNT_FORMS.profile} className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.profile} />
        <FormAlert message={form.refusal} className={alertClass} />
        <AccountFields names={["username", "contactNumber"] as const} form={form} />
        <button type="submit" disabled={form.pending} className={buttonClass}>
          {form.pending ? t("space.profile.submitting") : t("space.profile.submit")}
        </button>
      </form>
    </section>
  );
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("accounts");
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.password,
    schema: changePasswordSchema,
    request: () => ({ path: "/api/account/password" }),
  });
  return (
    <section aria-labelledby="password-heading" className={sectionClass}>
      <h2 id="password-heading" className="text-xl font-bold text-slate-900">
        {t("space.password.heading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{hasPassword ? t("space.password.intro") : t("space.password.setIntro")}</p>
      {hasPassword ? (
        <form {...form.formProps} id={ACCOUNT_FORMS.password} className="mt-4 max-w-md space-y-4">
          <input type="hidden" name="form" value={ACCOUNT_FORMS.password} />
          <FormAlert message={form.refusal} className={alertClass} />
          <Field label={t("space.password.current")} error={form.error("currentPassword")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput id={id} autoComplete="current-password" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("currentPassword")} />
            )}
          </Field>
          <Field label={t("fields.newPassword")} error={form.error("password")} hint={t("fields.passwordHint")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput id={id} autoComplete="new-password" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("password")} />
            )}
          </Field>
          <button type="submit" disabled={form.pending} className={buttonClass}>
            {form.pending ? t("space.password.submitting") : t("space.password.submit")}
          </button>
        </form>
      ) : (
        <PasswordLinkForm />
      )}
    </section>
  );
}

/** A Google-only account asks for an e-mailed link that sets its first password (decision 033). */
function PasswordLinkForm() {
  const { t } = useTranslation("accounts");
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.passwordLink,
    schema: buttonOnlySchema,
    request: () => ({ path: "/api/account/password/link" }),
  });
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.passwordLink} className="mt-4 max-w-md space-y-4">
      <input type="hidden" name="form" value={ACCOUNT_FORMS.passwordLink} />
      <FormAlert message={form.refusal} className={alertClass} />
      <button type="submit" disabled={form.pending} className={buttonClass}>
        {form.pending ? t("space.password.sendingLink") : t("space.password.sendLink")}
      </button>
    </form>
  );
}

/** Saved children (decision 033): each one's name and age can be changed or removed; more can be added. */
function ChildrenSection({ savedChildren }: { savedChildren: SavedChild[] }) {
  const { t } = useTranslation("accounts");
  return (
    <section aria-labelledby="children-heading" className={sectionClass}>
      <h2 id="children-heading" className="text-xl font-bold text-slate-900">
        {t("space.children.heading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("space.children.intro")}</p>
      {savedChildren.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("space.children.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {savedChildren.map((child) => (
            <ChildRow key={child.id} child={child} />
          ))}
        </ul>
      )}
      {savedChildren.length < MAX_CHILDREN ? <AddChildForm /> : <p className="mt-4 text-sm text-slate-700">{t("space.children.full")}</p>}
    </section>
  );
}

/** The name and age inputs of a child's form (the booking form's rules). */
function ChildFields({ form }: { form: ReturnType<typeof useChildForm> }) {
  const { t } = useTranslation("accounts");
  const ageField = form.field("age");
  return (
    <>
      <Field label={t("space.children.name")} error={form.error("name")} className="min-w-0 flex-1">
        {({ id, describedBy, invalid }) => (
          <input id={id} type="text" autoComplete="off" maxLength={100} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} aria-required="true" {...form.field("name")} />
        )}
      </Field>
      <Field label={t("space.children.age")} error={form.error("age")} hint={t("space.children.ageHint")} className="w-32">
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={CHILD_AGE_LIMITS.min}
            max={CHILD_AGE_LIMITS.max}
            step={1}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required="true"
            {...ageField}
            {...form.methods.register("age", { valueAsNumber: true })}
          />
        )}
      </Field>
    </>
  );
}

function useChildForm(id: string, request: () => { method?: "POST" | "PUT"; path: string }, initial?: SavedChild) {
  const { revalidate } = useRevalidator();
  return useAccountForm("request", {
    id,
    schema: childSchema,
    request,
    initial: initial ? { name: initial.name, age: String(initial.age) } : undefined,
    // The saved list comes from the server again (the new child, or the new name in the list).
    onSuccess: async (_answer, _values, reset) => {
      if (!initial) reset();
      await revalidate();
    },
  });
}

function ChildRow({ child }: { child: SavedChild }) {
  const { t } = useTranslation("accounts");
  const { revalidate } = useRevalidator();
  const formId = `${ACCOUNT_FORMS.child}-${child.id}`;
  const removeId = `${ACCOUNT_FORMS.removeChild}-${child.id}`;
  const form = useChildForm(formId, () => ({ method: "PUT", path: `/api/account/children/${child.id}` }), child);
  const remove = useAccountForm("request", {
    id: removeId,
    schema: buttonOnlySchema,
    request: () => ({ method: "DELETE", path: `/api/account/children/${child.id}` }),
    onSuccess: () => revalidate(),
  });
  return (
    <li className="py-4">
      <form {...form.formProps} id={formId} aria-label={child.name} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.child} />
        <input type="hidden" name="childId" value={child.id} />
        <FormAlert message={form.refusal} className={alertClass} />
        <ChildFields form={form} />
        <button type="submit" disabled={form.pending} aria-label={t("space.children.saveFor", { name: child.name })} className={`${buttonClass} sm:mt-7`}>
          {form.pending ? t("space.children.saving") : t("space.children.save")}
        </button>
      </form>
      <form {...remove.formProps} id={removeId} className="mt-2">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.removeChild} />
        <input type="hidden" name="childId" value={child.id} />
        <FormAlert message={remove.refusal} className={alertClass} />
        <button
          type="submit"
          disabled={remove.pending}
          aria-label={t("space.children.removeFor", { name: child.name })}
          className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {remove.pending ? t("space.children.removing") : t("space.children.remove")}
        </button>
      </form>
    </li>
  );
}

function AddChildForm() {
  const { t } = useTranslation("accounts");
  const form = useChildForm(ACCOUNT_FORMS.addChild, () => ({ path: "/api/account/children" }));
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.addChild} aria-labelledby="add-child-heading" className="mt-6">
      <h3 id="add-child-heading" className="font-semibold text-slate-800">
        {t("space.children.addHeading")}
      </h3>
      <input type="hidden" name="form" value={ACCOUNT_FORMS.addChild} />
      <FormAlert message={form.refusal} className={alertClass} />
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        <ChildFields form={form} />
        <button type="submit" disabled={form.pending} className={`${buttonClass} sm:mt-7`}>
          {form.pending ? t("space.children.adding") : t("space.children.add")}
        </button>
      </div>
    </form>
  );
}

function DataSection({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.deleteAccount,
    schema: deleteAccountSchema,
    request: () => ({ path: "/api/account/delete" }),
    successToast: false,
    // A full load: every part of the page (navbar, caches) starts again signed out.
    onSuccess: () => window.location.assign(withNotice(localizePath("/", lang), "account-deleted")),
  });
  return (
    <section aria-labelledby="data-heading" className={sectionClass}>
      <h2 id="data-heading" className="text-xl font-bold text-slate-900">
        {t("space.data.heading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("space.data.downloadIntro")}</p>
      {/* A plain link: the browser saves the file the API names (Content-Disposition), with or without script. */}
      <a href="/api/account/export" download className={`mt-3 inline-block ${buttonClass}`}>
        {t("space.data.download")}
      </a>
      <h3 className="mt-8 text-lg font-bold text-red-800">{t("space.data.deleteHeading")}</h3>
      <p className="mt-2 text-sm text-slate-700">{t("space.data.deleteIntro")}</p>
      <form {...form.formProps} id={ACCOUNT_FORMS.deleteAccount} className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.deleteAccount} />
        <FormAlert message={form.refusal} className={alertClass} />
        <Field
          label={
            <>
              {t("space.data.confirmEmail")} <LtrValue>{email}</LtrValue>
            </>
          }
          error={form.error("email")}
        >
          {({ id, describedBy, invalid }) => (
            <input id={id} type="email" autoComplete="off" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("email")} />
          )}
        </Field>
        <button
          type="submit"
          disabled={form.pending}
          className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
        >
          {form.pending ? t("space.data.deleting") : t("space.data.delete")}
        </button>
      </form>
    </section>
  );
}
