import type { Lang } from "~/i18n/lang";
import { plainMoney, toMinor } from "~/lib/money";

/**
 * The one way a page shows an amount (decision 112): formatMoney's text in `<bdi dir="ltr">`, on one
 * line, so "4,996 US$" never becomes "$US 4,996" in an Arabic paragraph. `minor` is in minor units;
 * `price` is a catalogue price in whole major units (courses.price, camps.price).
 */
export function Money({
  currency,
  lang,
  className,
  ...amount
}: ({ minor: number } | { price: number }) & { currency: string; lang: Lang; className?: string }) {
  const minor = "minor" in amount ? amount.minor : toMinor(amount.price, currency);
  return (
    <bdi dir="ltr" className={`whitespace-nowrap ${className ?? ""}`.trim()}>
      {plainMoney(minor, currency, lang)}
    </bdi>
  );
}
