import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { isFormState } from "~/lib/forms/form-state";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import { inputClass } from "~/ui/Field";
import type { Route } from "./+types/consent-complete.route";
import { familyForms, linkEmail } from "./consent-missing.server";
import { ConsentFieldset } from "./ConsentFieldset";
import { completeAction } from "./consent-pages.action.server";
import { completeFormName } from "./consent-form-names";

// Server HTML, plain forms: the page works the same with or without JavaScript (decision 055).
export const handle = { hydrate: false };
export const action = completeAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const token = url.searchParams.get("token") ?? "";
  const email = await linkEmail(context.db, token);
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!email) return data({ gone: true as const, token: "", children: [], done: false }, { status: 404, headers });
  const children = (await familyForms(context.db, email, lang)).filter((child) => child.forms.length > 0);
  return data({ gone: false as const, token, children, done: url.searchParams.has("done") }, { headers });
}

/** /consent/complete?token=…: a reminder's link (decision 078): each child's missing forms, signed without signing in. */
export default function ConsentCompletePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const { gone, token, children, done } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <PageMeta title={t("complete.title")} description={t("complete.intro")} />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("complete.title")}</h1>
      {gone ? (
        <p role="alert" className="mt-4 text-slate-800">
          {t("complete.gone")}
        </p>
      ) : children.length === 0 ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("complete.allDone")}
        </p>
      ) : (
        <div id="forms" className="mt-4 space-y-8">
          {done ? (
            <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
              {t("complete.saved")}
            </p>
          ) : null}
          <p className="text-slate-700">{t("complete.intro")}</p>
          {children.map((child, i) => {
            const served = isFormState(actionData, completeFormName(child.childName)) ? actionData : null;
            const signerId = `signer-${i}`;
            return (
              <form
                key={child.childName}
                method="post"
                className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                aria-labelledby={`child-${i}`}
              >
                <h2 id={`child-${i}`} className="text-xl font-bold text-slate-900">
                  {t("complete.forChild", { child: child.childName })}
                </h2>
                <FormAlert message={served?.message} />
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="childName" value={child.childName} />
                <ConsentFieldset forms={child.forms} value={(name) => served?.values[name]} error={(name) => served?.errors[name]} />
                <div>
                  <label htmlFor={signerId} className="mb-1 block text-sm font-medium text-slate-800">
                    {t("complete.signer")}
                  </label>
                  <input
                    id={signerId}
                    type="text"
                    name="signerName"
                    required
                    autoComplete="name"
                    defaultValue={served?.values.signerName}
                    className={inputClass}
                    aria-invalid={served?.errors.signerName ? true : undefined}
                  />
                  {served?.errors.signerName ? (
                    <p role="alert" className="mt-1 text-sm text-red-700">
                      {served.errors.signerName}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
                  {t("complete.send", { child: child.childName })}
                </button>
              </form>
            );
          })}
        </div>
      )}
    </main>
  );
}
