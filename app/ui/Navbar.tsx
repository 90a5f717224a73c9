import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { AccountMenu } from "~/features/accounts/AccountMenu";
import { LanguageSwitch } from "./LanguageSwitch";
import { LocalLink, LocalNavLink } from "./LocalLink";

const links = [
  { to: "/", key: "home", end: true },
  { to: "/courses", key: "courses" },
  { to: "/contact-us-school", key: "forSchools" },
  { to: "/products", key: "products" },
  { to: "/projects", key: "projects" },
  { to: "/blog", key: "blog" },
  { to: "/summer-camp", key: "summerCamp" },
  { to: "/stemlab", key: "stemLab" },
  { to: "/contact-us", key: "contact" },
] as const;

export function Navbar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  // Close the phone menu after every navigation.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  // Escape closes the open phone menu and puts focus back on its toggle, like any disclosure.
  // The account menu inside handles its own Escape first.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label={t("nav.label")} className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <LocalLink to="/" className="flex shrink-0 items-center gap-2 font-bold text-indigo-700">
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span>{t("brand")}</span>
        </LocalLink>
        {/* Before scripts run (or without them) the phone menu shows while focus is on its toggle
            or inside it, so a tap on the toggle still reaches every link. */}
        <div className="group/menu ms-auto lg:ms-0 lg:contents">
          <button
            ref={toggle}
            type="button"
            className="rounded-md p-2 text-slate-700 lg:hidden"
            aria-expanded={open}
            aria-controls="main-menu"
            // The labels the enhancement script of a page without React switches between (decision 055).
            data-open-label={t("nav.openMenu")}
            data-close-label={t("nav.closeMenu")}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <div
            id="main-menu"
            className={`${open ? "flex" : hydrated ? "hidden" : "hidden group-focus-within/menu:flex"} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white p-4 lg:static lg:ms-auto lg:flex lg:flex-row lg:items-center lg:border-0 lg:p-0`}
          >
            <ul className="flex flex-col gap-1 lg:flex-row">
              {links.map((link) => (
                <li key={link.key}>
                  <LocalNavLink to={link.to} end={"end" in link} className={linkClass}>
                    {t(`nav.${link.key}`)}
                  </LocalNavLink>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex items-center gap-2 lg:ms-3 lg:mt-0">
              <LanguageSwitch />
              <AccountMenu />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
