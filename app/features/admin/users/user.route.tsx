import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/user.route";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { formatDateTime } from "~/features/admin-kit/format";
import { ChoiceFormPanel } from "~/features/admin-kit/StaffForm";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import { userRoleFormSchema } from "./users.schema";
import { getAdminUser, teacherChoices } from "./users.server";
import { langFromPath } from "~/i18n/lang";
import { Field, inputClass } from "~/ui/Field";
import { countDevices } from "~/features/accounts/devices.server";
import { userPageAction } from "./users-actions.server";
import { EndSessionsPanel } from "./EndSessionsPanel";
import { BackArrow, LtrValue } from "~/ui/Bidi";

/** "End all sessions" posts here without JavaScript. */
export const action = userPageAction;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = requireAdminPage(context, request, "admin");
  const id = idOr404Page(params.id);
  const lang = langFromPath(new URL(request.url).pathname);
  const [user, settings, sessions, teachers] = await Promise.all([
    getAdminUser(context.db, id),
    getSiteSettings(context.db),
    countDevices(context.db, id),
    teacherChoices(context.db, lang),
  ]);
  if (!user) throw data(null, { status: 404 });
  return { user, isSelf: user.id === staff.id, timeZone: settings.timeZone, sessions, teachers };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

// A fresh form for each record: client navigation from one to the next keeps the route mounted.
export default function UserPage(props: Route.ComponentProps) {
  return <UserEditor key={props.loaderData.user.id} {...props} />;
}

function UserEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const revalidator = useRevalidator();
  const { user, isSelf, timeZone, sessions, teachers } = loaderData;
  const [busy, setBusy] = useState(false);
  const form = useAdminForm({
    id: "user-role",
    schema: userRoleFormSchema,
    defaults: { role: user.role, teacherId: user.teacher_id === null ? "" : String(user.teacher_id) },
    request: (values) => {
      // Granting staff power asks first (answering undefined sends nothing).
      if (values.role !== "user" && user.role === "user" && !window.confirm(t("users.confirmPromote"))) return undefined;
      // An instructor teaches as a teacher profile (decision 073); the server refuses the role without one.
      const teacher = values.role === "instructor" ? { teacherId: values.teacherId ? Number(values.teacherId) : null } : {};
      return { method: "PATCH", path: `/api/admin/users/${user.id}`, body: { role: values.role, ...teacher } };
    },
    saved: t("users.roleSaved"),
  });

  // Not a form: one click sends the other state.
  async function send(body: { disabled: boolean }, done: string) {
    try {
      const result = await apiRequest("PATCH", `/api/admin/users/${user.id}`, { body, lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.saveFailed"));
        return;
      }
      toast.success(done);
      await revalidator.revalidate();
    } catch {
      toast.error(t("form.network"));
    }
  }

  async function toggleDisabled() {
    if (!user.disabled && !window.confirm(t("users.confirmDisable"))) return;
    setBusy(true);
    await send({ disabled: !user.disabled }, user.disabled ? t("users.enabledDone") : t("users.disabledDone"));
    setBusy(false);
  }

  return (
    <div className="space-y-6">
      <PageMeta title={user.username} description={t("users.title")} />
      <LocalLink to="/admin/users" className="text-sm font-medium text-indigo-700 hover:underline">
        <BackArrow /> {t("form.backToList")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">{user.username}</h1>
      {isSelf ? <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">{t("users.you")}</p> : null}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-slate-600">{t("users.email")}</dt>
        <dd className="break-all">
          <LtrValue>{user.email}</LtrValue>
        </dd>
        <dt className="font-medium text-slate-600">{t("users.emailProven")}</dt>
        <dd data-testid="email-proven">{user.email_verified_at ? t("users.proven") : t("users.notProven")}</dd>
        <dt className="font-medium text-slate-600">{t("users.contactNumber")}</dt>
        <dd>{user.contact_number || "—"}</dd>
        <dt className="font-medium text-slate-600">{t("users.role")}</dt>
        <dd>{t(`users.roles.${user.role}`)}</dd>
        <dt className="font-medium text-slate-600">{t("users.state")}</dt>
        <dd>{user.disabled ? t("users.disabled") : t("users.active")}</dd>
        <dt className="font-medium text-slate-600">{t("users.registered")}</dt>
        <dd>{formatDateTime(user.created_at, lang, timeZone)}</dd>
      </dl>

      <ChoiceFormPanel
        form={form}
        name="role"
        titleId="role-title"
        title={t("users.changeRole")}
        label={t("users.role")}
        options={(["user", "instructor", "editor", "admin"] as const).map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        save={t("users.saveRole")}
      >
        <Field label={t("users.teacher")} hint={t("users.teacherHint")} error={form.error("teacherId")}>
          {({ id, describedBy, invalid }) => (
            <select id={id} className={`${inputClass} max-w-xs`} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("teacherId")}>
              <option value="">{t("users.noTeacher")}</option>
              {teachers.map((teacher) => (
                <option key={teacher.id} value={String(teacher.id)}>
                  {teacher.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {user.email_verified_at ? null : <p className="text-sm text-amber-900">{t("users.unprovenRoleHint")}</p>}
      </ChoiceFormPanel>

      <EndSessionsPanel userId={user.id} sessions={sessions} />

      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="access-title">
        <h2 id="access-title" className="text-lg font-semibold text-slate-900">
          {t("users.state")}
        </h2>
        <p className="text-sm text-slate-600">{t("users.disableHint")}</p>
        <button
          type="button"
          onClick={toggleDisabled}
          disabled={busy}
          className={`rounded-lg px-4 py-2 font-semibold disabled:opacity-60 ${user.disabled ? "bg-emerald-600 text-white hover:bg-emerald-700" : "bg-red-600 text-white hover:bg-red-700"}`}
        >
          {user.disabled ? t("users.enable") : t("users.disable")}
        </button>
      </section>
    </div>
  );
}
