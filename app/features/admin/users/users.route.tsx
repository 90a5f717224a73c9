import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/users.route";
import { formatDateTime } from "~/features/admin-kit/format";
import { AdminTable, ListFilter } from "~/features/admin-kit/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin-kit/list/list-query.server";
import { teacherChoices, usersBase, usersList } from "./users.server";
import { langFromPath } from "~/i18n/lang";
import { LtrValue } from "~/ui/Bidi";
import { listPendingInvites } from "~/features/accounts/staff-invite.server";
import { usersPageAction } from "./users-actions.server";
import { InviteStaffForm, PendingInvites } from "./StaffInvites";

/** The invitation form and each pending invitation's "Revoke" post here without JavaScript. */
export const action = usersPageAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const query = parseListQuery(usersList, new URL(request.url).searchParams);
  const lang = langFromPath(new URL(request.url).pathname);
  const [result, settings, invites, teachers] = await Promise.all([
    listRows(usersBase(context.db), usersList, query),
    getSiteSettings(context.db),
    listPendingInvites(context.db),
    teacherChoices(context.db, lang),
  ]);
  return { query, result, timeZone: settings.timeZone, invites, teachers };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { query, result, timeZone, invites, teachers } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("users.title")} description={t("users.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("users.title")}</h1>
      <InviteStaffForm teachers={teachers} />
      <PendingInvites invites={invites} timeZone={timeZone} />
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
            options={(["user", "instructor", "editor", "admin"] as const).map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
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
