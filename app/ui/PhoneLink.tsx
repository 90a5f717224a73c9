import { displayPhone, noBreak, telHref } from "~/lib/phone-display";

/**
 * A link that calls a telephone number, the number shown so it never breaks mid-number (issue 28).
 * With `label`, the link reads "label: number", the number isolated left to right inside text of
 * either direction; without, the whole link is the number, left to right.
 */
export function PhoneLink({ phone, label, className }: { phone: string; label?: string; className?: string }) {
  if (label === undefined) {
    return (
      <a href={telHref(phone)} dir="ltr" className={className}>
        {displayPhone(phone)}
      </a>
    );
  }
  return (
    <a href={telHref(phone)} className={className}>
      {noBreak(label)}:{"\u00a0"}
      <bdi dir="ltr">{displayPhone(phone)}</bdi>
    </a>
  );
}
