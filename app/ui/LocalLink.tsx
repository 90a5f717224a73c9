import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLocalizePath } from "~/i18n/use-lang";

/** A Link whose `to` is an unprefixed site path; it points at the current language's page. */
export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  return <Link to={useLocalizePath()(to)} {...props} />;
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  return <NavLink to={useLocalizePath()(to)} {...props} />;
}
