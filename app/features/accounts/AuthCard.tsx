import type { ReactNode } from "react";
import { LocalLink } from "~/ui/LocalLink";

/** The frame shared by the sign-in, sign-up and password pages. */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 md:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

const primaryButton =
  "w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";

export const alertClass = "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800";

/** The form's submit button: disabled only while a send is under way, never while the page loads. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" disabled={pending} className={primaryButton}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A refusal that needs words around it (a link to ask again), above the form. */
export function PageAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={`mb-4 ${alertClass}`}>
      {children}
    </p>
  );
}

/** A line under a form leading to another account page ("No account yet? Create an account"). */
export function CardLink({ to, lead, space = "mt-6", children }: { to: string; lead?: string; space?: "mt-3" | "mt-6"; children: ReactNode }) {
  return (
    <p className={`${space} text-sm text-slate-700`}>
      {lead ? `${lead} ` : null}
      <LocalLink to={to} className="font-medium text-indigo-700 underline hover:text-indigo-900">
        {children}
      </LocalLink>
    </p>
  );
}
