import type { ReactNode } from "react";
import { useStaticPage } from "~/root";

/**
 * A part of a page the enhancement script replaces in place (app/enhance/swap.ts, decision 055):
 * on a page without React it carries the markup of its loading and failure states as templates.
 * On a page React hydrates it is a plain `<div>` and React renders those states itself.
 */
export function SwapRegion({
  id,
  className,
  loading,
  failed,
  children,
}: {
  id: string;
  className?: string;
  loading?: ReactNode;
  failed?: ReactNode;
  children: ReactNode;
}) {
  const staticPage = useStaticPage();
  return (
    <div id={id} data-swap="" className={className}>
      {staticPage && loading ? <template data-swap-loading="">{loading}</template> : null}
      {staticPage && failed ? <template data-swap-failed="">{failed}</template> : null}
      {children}
    </div>
  );
}
