import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { ACCOUNT_FORMS } from "~/features/accounts/account-forms";
import { staffInviteFormSchema, buttonOnlySchema } from "~/features/accounts/accounts.schema";
import type { PendingInvite } from "~/features/accounts/staff-invite.server";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { formatDateTime } from "~/features/admin-kit/format";
import { useLang } from "~/i18n/use-lang";
import { useApiForm } from "~/lib/forms/use-api-form";
import { LtrValue } from "~/ui/Bidi";
import { Field, inputClass } from "~/ui/Field";
import { TextField } from "~/ui/FormControls";
import { FormAlert } from "~/ui/FormAlert";

/**
 * Invites someone to the staff by e-mail, as admin, editor or instructor (a one-time link that makes
 * their staff account); an instructor's invitation names the teacher profile they teach as.
 */
export function InviteStaffForm({ teachers }: { teachers: { id: number; name: string }[] }) {
  const { t } = useTranslation("accounts");
  const { t: ta } = useTranslation("admin");
  const { revalidate } = useRevalidator();
  const form = useApiForm({
    id: ACCOUNT_FORMS.invite,
    schema: staffInviteFormSchema,
    initial: { role: "admin", language: "both" },
    request: ({ email, role, teacherId, language }) => ({
      path: "/api/admin/invites",
      body: { email, role, language: language ?? "both", ...(role === "instructor" ? { teacherId: teacherId ? Number(teacherId) : null } : {}) },
    }),
    messages: { failed: ta("form.saveFailed"), network: ta("form.network") },
    onSuccess: async (_answer, _values, reset) => {
      reset();
      await revalidate();
    },
  });
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.invite} aria-labelledby="invite-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t("invite.form.title")}
      </h2>
      <FormAlert message={form.refusal} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          form={form}
          name="email"
          type="email"
          autoComplete="off"
          label={t("invite.form.email")}
          hint={t("invite.form.hint")}
          className="min-w-64 flex-1"
        />
        <Field label={t("invite.form.role")} hint={t("invite.form.roleHint")} error={form.error("role")} className="min-w-56 flex-1">
          {({ id, describedBy, invalid }) => (
            <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("role")}>
              {(["admin", "editor", "instructor"] as const).map((role) => (
                <option key={role} value={role}>
                  {t(`invite.form.roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("invite.form.teacher")} hint={t("invite.form.teacherHint")} error={form.error("teacherId")} className="min-w-56 flex-1">
          {({ id, describedBy, invalid }) => (
            <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("teacherId")}>
              <option value="">{t("invite.form.noTeacher")}</option>
              {teachers.map((teacher) => (
                <option key={teacher.id} value={String(teacher.id)}>
                  {teacher.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("invite.form.language")} hint={t("invite.form.languageHint")} error={form.error("language")} className="min-w-56 flex-1">
          {({ id, describedBy, invalid }) => (
            <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("language")}>
              {(["both", "en", "ar"] as const).map((language) => (
                <option key={language} value={language}>
                  {t(`invite.form.languages.${language}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SaveButton pending={form.pending} label={t("invite.form.submit")} />
      </div>
    </form>
  );
}

/** Invitations not yet accepted, each with "Revoke" (a plain form post without JavaScript). */
export function PendingInvites({ invites, timeZone }: { invites: PendingInvite[]; timeZone: string }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  return (
    <section aria-labelledby="pending-invites-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="pending-invites-title" className="text-lg font-semibold text-slate-900">
        {t("invite.pending.title")}
      </h2>
      {invites.length === 0 ? (
        <p className="text-slate-600">{t("invite.pending.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {invites.map((invite) => (
            <li key={invite.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">
                  <LtrValue>{invite.email}</LtrValue>
                </p>
                <p className="text-sm text-slate-600">
                  {t(`invite.form.roles.${invite.role}`)} · {t("invite.pending.invitedBy")}: {invite.invitedBy ?? t("invite.pending.unknownInviter")} ·{" "}
                  {t("invite.pending.expires")}: {formatDateTime(invite.expiresAt, lang, timeZone)}
                </p>
              </div>
              <RevokeForm invite={invite} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RevokeForm({ invite }: { invite: PendingInvite }) {
  const { t } = useTranslation("accounts");
  const { t: ta } = useTranslation("admin");
  const { revalidate } = useRevalidator();
  const formId = `${ACCOUNT_FORMS.revokeInvite}-${invite.id}`;
  const form = useApiForm({
    id: formId,
    schema: buttonOnlySchema,
    request: () => ({ method: "DELETE", path: `/api/admin/invites/${invite.id}` }),
    messages: { failed: ta("form.saveFailed"), network: ta("form.network") },
    onSuccess: () => revalidate(),
  });
  return (
    <form {...form.formProps} id={formId} className="shrink-0">
      <input type="hidden" name="form" value={ACCOUNT_FORMS.revokeInvite} />
      <input type="hidden" name="inviteId" value={invite.id} />
      <FormAlert message={form.refusal} />
      <button
        type="submit"
        disabled={form.pending}
        aria-label={t("invite.pending.revokeFor", { email: invite.email })}
        className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {t("invite.pending.revoke")}
      </button>
    </form>
  );
}
