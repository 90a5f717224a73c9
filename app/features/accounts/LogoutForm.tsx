import type { ReactNode } from "react";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";

/**
 * A log-out button that is a real form: without JavaScript it posts to /logout (the page's
 * action ends the session and redirects); once hydrated, `onLogout` does it with toasts instead.
 */
export function LogoutForm({
  onLogout,
  from,
  disabled,
  className,
  children,
}: {
  onLogout: () => void | Promise<void>;
  /** "admin": the page's action returns to the staff sign-in instead of /login. */
  from?: "admin";
  disabled?: boolean;
  className: string;
  children: ReactNode;
}) {
  const lang = useLang();
  return (
    <form
      method="post"
      action={localizePath("/logout", lang)}
      onSubmit={(event) => {
        event.preventDefault();
        void onLogout();
      }}
    >
      {from ? <input type="hidden" name="from" value={from} /> : null}
      <button type="submit" disabled={disabled} className={className}>
        {children}
      </button>
    </form>
  );
}
