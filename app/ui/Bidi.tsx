import type { ReactNode } from "react";

/**
 * A left-to-right value (e-mail, phone number, code) inside text of either direction: isolated so
 * an Arabic line does not move its "+" or "-" to the wrong end ("441234567890+").
 */
export function LtrValue({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** The "back" arrow: points to the start edge, so it turns around on right-to-left pages. */
export function BackArrow() {
  return (
    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
      ←
    </span>
  );
}
