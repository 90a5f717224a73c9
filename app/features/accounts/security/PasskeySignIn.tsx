import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { alertClass } from "~/features/accounts/AuthCard";

const buttonClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";

/** Whether this browser can use passkeys (WebAuthn); false on the server and before hydration. */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === "function",
    () => false,
  );
}
const noSubscription = () => () => {};

/** True once the page runs in the browser (false in the server's HTML and when JavaScript is off). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * "Use a passkey": the WebAuthn ceremony runs in the browser, the server checks it
 * (/api/passkeys/login/options, then /api/passkeys/login). It needs JavaScript, so it appears only
 * once the page has hydrated in a browser that has passkeys; the password form works without it.
 * `secondStep`: the second step after a staff password (only that account's passkeys).
 */
export function PasskeySignIn({ goTo, secondStep = false, lead }: { goTo: string; secondStep?: boolean; lead?: string }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const supported = usePasskeySupport();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (!supported) return null;

  const signIn = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await apiRequest<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"]; message?: string }>(
        "POST",
        "/api/passkeys/login/options",
        { body: { secondStep }, lang },
      );
      if (!options.ok || !options.data?.options) throw new Error(options.data?.message ?? String(options.status));
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options.data.options });
      } catch {
        setProblem(t("security.passkeyCancelled"));
        return;
      }
      const result = await apiRequest("POST", "/api/passkeys/login", { body: { response }, lang });
      if (!result.ok) throw new Error(result.data?.message ?? String(result.status));
      await revalidate();
      await navigate(goTo);
    } catch (error) {
      setProblem(t("security.passkeyFailed", { message: error instanceof Error ? error.message : "" }));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mt-4 space-y-2">
      {lead ? <p className="text-sm text-slate-700">{lead}</p> : null}
      {problem ? (
        <p role="alert" className={alertClass}>
          {problem}
        </p>
      ) : null}
      <button type="button" className={buttonClass} disabled={pending} onClick={() => void signIn()}>
        {pending ? t("security.signingIn") : t("security.signInPasskey")}
      </button>
    </div>
  );
}
