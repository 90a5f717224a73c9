import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/users.route";
import { formatDateTime } from "~/features/admin/format";
import { AdminTable, ListFilter } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { usersBase, usersList } from "./users.server";
import { LtrValue } from "~/ui/Bidi";
import { ACCOUNT_FORMS } from "~/features/accounts/account-forms";
import { staffInviteAction } from "~/features/accounts/account-actions.server";
import { staffInviteSchema } from "~/features/accounts/accounts.schema";
import { useApiForm } from "~/lib/forms/use-api-form";
import { TextField } from "~/ui/FormControls";
import { FormAlert } from "~/ui/FormAlert";
import { SaveButton } from "~/features/admin/StaffForm";

/** The invitation form posts here without JavaScript. */
export const action = staffInviteAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const query = parseListQuery(usersList, new URL(request.url).searchParams);
  const [result, settings] = await Promise.all([listRows(usersBase(context.db), usersList, query), getSiteSettings(context.db)]);
  return { query, result, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { query, result, timeZone } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("users.title")} description={t("users.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("users.title")}</h1>
      <InviteStaffForm />
      <AdminTable<Row>
        caption={t("users.title")}
        result={result}
        query={query}
        rowKey={(u) => u.id}
        rowHref={(u) => `/admin/users/${u.id}`}
        csvHref="/api/admin/users"
        emptyText={t("users.empty")}
        filters={
          <ListFilter
            name="role"
            label={t("users.role")}
            value={query.filters.role}
            options={(["user", "editor", "admin"] as const).map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
          />
        }
        columns={[
          { key: "username", header: t("users.username"), sort: "name", cell: (u) => u.username },
          { key: "email", header: t("users.email"), sort: "email", cell: (u) => <LtrValue>{u.email}</LtrValue> },
          { key: "role", header: t("users.role"), sort: "role", cell: (u) => t(`users.roles.${u.role}`) },
          { key: "state", header: t("users.state"), cell: (u) => (u.disabled ? t("users.disabled") : t("users.active")) },
          { key: "created", header: t("users.registered"), sort: "created", cell: (u) => formatDateTime(u.created_at, lang, timeZone) },
        ]}
      />
    </div>
  );
}

/** Invites someone to the staff by e-mail (a one-time link that creates their staff account). */
function InviteStaffForm() {
  const { t } = useTranslation("accounts");
  const { t: ta } = useTranslation("admin");
  const form = useApiForm({
    id: ACCOUNT_FORMS.invite,
    schema: staffInviteSchema,
    request: () => ({ path: "/api/admin/invites" }),
    messages: { failed: ta("form.saveFailed"), network: ta("form.network") },
  });
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.invite} aria-labelledby="invite-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t("invite.form.title")}
      </h2>
      <FormAlert message={form.refusal} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField form={form} name="email" type="email" autoComplete="off" label={t("invite.form.email")} hint={t("invite.form.hint")} className="min-w-64 flex-1" />
        <SaveButton pending={form.pending} label={t("invite.form.submit")} />
      </div>
    </form>
  );
}
