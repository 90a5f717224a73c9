import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";

/** The staff pages of messages side by side (decisions 134, 140): the inbox, the broadcasts, the automations and the templates. */
export function MessagesNav({ current }: { current: "inbox" | "broadcasts" | "automations" | "templates" }) {
  const { t } = useTranslation("messaging");
  const link = (to: string, name: "inbox" | "broadcasts" | "automations" | "templates", label: string) => (
    <LocalLink
      to={to}
      aria-current={current === name ? "page" : undefined}
      className={`rounded-lg px-3 py-2 font-semibold ${current === name ? "bg-indigo-700 text-white" : "text-indigo-700 underline hover:text-indigo-900"}`}
    >
      {label}
    </LocalLink>
  );
  return (
    <nav aria-label={t("inbox.nav")} className="flex flex-wrap gap-2">
      {link("/admin/messages", "inbox", t("inbox.inboxLink"))}
      {link("/admin/messages/broadcasts", "broadcasts", t("inbox.broadcastsLink"))}
      {link("/admin/messages/automations", "automations", t("inbox.automationsLink"))}
      {link("/admin/messages/templates", "templates", t("inbox.templatesLink"))}
    </nav>
  );
}
