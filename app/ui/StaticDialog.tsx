import { useId, type ReactNode } from "react";

/**
 * The server-rendered, closed twin of `Modal` for a page without React (decision 055): the same
 * markup, opened by app/enhance/dialogs.ts from a button with `data-dialog={id}`.
 */
export function StaticDialog({ id, title, children, className = "max-w-lg" }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <dialog
      id={id}
      aria-labelledby={titleId}
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
    >
      <div className="p-6">
        <h2 id={titleId} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
