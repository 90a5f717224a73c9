import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { toast } from "~/ui/toast";
import { alertClass } from "~/features/accounts/AuthCard";
import { useHydrated, usePasskeySupport } from "./PasskeySignIn";

const buttonClass =
  "rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";

/**
 * Creating a passkey is a browser ceremony (WebAuthn): without JavaScript the page says so
 * instead of showing a button that cannot work. The server checks what the browser sends.
 */
export function AddPasskey() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const supported = usePasskeySupport();
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (!supported) {
    return (
      <p className="text-sm text-slate-700" data-needs-script>
        {t(hydrated ? "security.passkeys.unsupported" : "security.passkeys.needsScript")}
      </p>
    );
  }

  const add = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const options = await apiRequest<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"]; message?: string }>(
        "POST",
        "/api/account/passkeys/options",
        { body: {}, lang },
      );
      if (!options.ok || !options.data?.options) throw new Error(options.data?.message ?? String(options.status));
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.data.options });
      } catch {
        setProblem(t("security.passkeys.cancelled"));
        return;
      }
      const saved = await apiRequest("POST", "/api/account/passkeys", { body: { response }, lang });
      if (!saved.ok) throw new Error(saved.data?.message ?? String(saved.status));
      if (saved.data?.message) toast.success(saved.data.message);
      await revalidate();
    } catch (error) {
      setProblem(t("security.passkeys.failed", { message: error instanceof Error ? error.message : "" }));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-2">
      {problem ? (
        <p role="alert" className={alertClass}>
          {problem}
        </p>
      ) : null}
      <button type="button" className={buttonClass} disabled={pending} onClick={() => void add()}>
        {pending ? t("security.passkeys.adding") : t("security.passkeys.add")}
      </button>
    </div>
  );
}
