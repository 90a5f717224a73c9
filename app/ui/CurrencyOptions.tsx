import { CURRENCY_CODES, currencyLabel } from "~/lib/money";
import { useLang } from "~/i18n/use-lang";

/** The `<option>`s of a currency select: every code the academy prices in (app/lib/money.ts), named in the page's language. */
export function CurrencyOptions() {
  const lang = useLang();
  return (
    <>
      {CURRENCY_CODES.map((code) => (
        <option key={code} value={code}>
          {currencyLabel(code, lang)}
        </option>
      ))}
    </>
  );
}
