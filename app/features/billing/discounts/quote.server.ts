import type { DB } from "~server/db/db";
import { provenEmailOf } from "~/features/family/account-owner.server";
import { serverT } from "~server/i18n";
import { zonedParts } from "~/lib/zoned-time";
import { childKey } from "~/lib/child-key";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateLabel } from "~/kernel/slot-format";
import { siblingPercent } from "./discount-settings.server";
import { currencyCode, toMinor, type CurrencyCode } from "~/lib/money";
import { getSiteSettings } from "~/features/site/site.server";
import { percentOf, type OfferKind } from "./money";
import { discountOf, familyKeyOf, findPromo, problemOf, PromoRefused, redeemPromo, type PromoProblem } from "./promo.server";
import { invoiceTax, taxNameIn, totalOf, type PriceLine } from "./price-lines";
import { ownedEnrolledChildKeys, ownedOpenCampChildNames } from "~/features/enrolments/queries.server";
import { sectionPrice } from "~/features/sections/queries.server";
import { accountById } from "~/features/accounts/queries.server";
import { campPrice } from "~/features/admin/queries.server";
import { savedChildName } from "~/features/family/children.server";

/** What is priced: a course section (its course's fee) or a summer camp, by id. */
export interface Offer {
  kind: OfferKind;
  id: number;
}

/**
 * Who pays. The sibling discount needs a signed-in account (`userId`: its saved children and
 * enrolments, decision 088); the per-family limit of a code is counted on `email`.
 */
export interface QuoteFamily {
  userId: number | null;
  email?: string | null;
  childId?: number | null;
  childName?: string | null;
}

/** The tax the invoice will carry (decision 101): added on top (exclusive) or inside the price (inclusive). */
export interface QuoteTax {
  /** "VAT (18%) added" / "Includes VAT (18%)" in both languages. */
  label_en: string;
  label_ar: string;
  name: string;
  rateBp: number;
  inclusive: boolean;
  amountMinor: number;
}

export interface Quote {
  currency: CurrencyCode;
  /** The priced lines before tax (billing's invoice adds its tax line to these). */
  lines: PriceLine[];
  tax: QuoteTax | null;
  /** What the family pays, tax included: the invoice's total (invoiceTax on the same lines and settings). */
  totalMinor: number;
  /** The code that gave a discount, normalised. */
  promo: { id: number; code: string; discountMinor: number } | null;
  /** Why the code given gives nothing (the quote is then without it). */
  codeProblem: PromoProblem | null;
}

/** Both languages of a line's label (`discounts` namespace, `line.*`). */
const label = (key: string, values: (lang: Lang) => Record<string, string | number>) => ({
  label_en: serverT("en", "discounts", `line.${key}`, values("en")),
  label_ar: serverT("ar", "discounts", `line.${key}`, values("ar")),
});

/** The offer's name in both languages, its fee and its early-booking price, in minor units. */
async function offerPrice(db: DB, offer: Offer) {
  if (offer.kind === "section") {
    return sectionPrice(db, offer.id);
  }
  return campPrice(db, offer.id);
}

/** A day of the academy's calendar in words (noon UTC of that date, read in UTC: the same day everywhere). */
const dayInWords = (date: string, lang: Lang) => formatDateLabel(`${date}T12:00:00Z`, "UTC", lang);

/**
 * Whether another child of the signed-in family has a live enrolment (decision 088): a course
 * enrolment of the account (or of its e-mail) no longer held for its payment (decision 100), or a
 * camp enrolment under the account's e-mail, of a
 * child who is not this one (the same saved child, or the same name, is the same child).
 */
async function hasEnrolledSibling(db: DB, family: QuoteFamily): Promise<boolean> {
  if (family.userId === null) return false;
  const user = await accountById(db, family.userId);
  if (!user) return false;
  // The one ownership rule (account-owner.server): an unproven e-mail reaches no other family's enrolments.
  const owner = { id: family.userId, provenEmail: provenEmailOf(user) };
  const saved = family.childId ? await savedChildName(db, family.userId, family.childId) : undefined;
  const names = new Set([family.childName, saved?.name].filter((name): name is string => !!name?.trim()).map(childKey));
  // A seat held for a payment that has not come is not a sibling yet (decision 100): anyone can hold one for an invented child.
  const sections = await ownedEnrolledChildKeys(db, owner, 200);
  const other = (childId: number | null, key: string) => !(childId !== null && childId === (family.childId ?? null)) && !names.has(key);
  if (sections.some((row) => other(row.child_id, row.child_key))) return true;
  if (!owner.provenEmail) return false;
  const camps = await ownedOpenCampChildNames(db, owner, 200);
  return camps.some((row) => other(null, childKey(row.student_name)));
}

/**
 * The price of an offer for a family before paying (issue 31 part 5): the fee, the early-booking
 * price while it runs (to its last day, academy calendar), the sibling discount, then a code's;
 * each discount taken from what is left after the ones before, so the total never goes below zero.
 * Undefined when the offer does not exist. With `redeem`, runs inside that enrolment's transaction
 * (`db` is it) and uses the code (redeemPromo), throwing PromoRefused when it cannot be used.
 */
export async function priceQuote(
  db: DB,
  request: { offer: Offer; family: QuoteFamily; code?: string | null },
  options: { now?: Date; redeem?: { enrolmentId: number } } = {},
): Promise<Quote | undefined> {
  const offer = await offerPrice(db, request.offer);
  if (!offer) return undefined;
  const currency = currencyCode(offer.currency);
  const today = zonedParts(options.now ?? new Date(), await academyTimeZone(db)).date;
  const fee = toMinor(offer.price, currency);
  const names = { en: offer.name_en, ar: offer.name_ar.trim() || offer.name_en };
  const lines: PriceLine[] = [
    { kind: "price", ...label(request.offer.kind === "camp" ? "campFee" : "courseFee", (lang) => ({ name: names[lang] })), amountMinor: fee },
  ];
  const early = offer.early_price_minor;
  if (early !== null && offer.early_price_until && today <= offer.early_price_until && early < fee) {
    const until = offer.early_price_until;
    lines.push({ kind: "discount", ...label("earlyBooking", (lang) => ({ date: dayInWords(until, lang) })), amountMinor: early - fee });
  }
  const percent = await siblingPercent(db);
  if (percent > 0 && (await hasEnrolledSibling(db, request.family))) {
    const off = percentOf(totalOf(lines), percent);
    if (off > 0) lines.push({ kind: "discount", ...label("sibling", () => ({ percent })), amountMinor: -off });
  }
  let promo: Quote["promo"] = null;
  let codeProblem: PromoProblem | null = null;
  const code = request.code?.trim();
  if (code) {
    const left = totalOf(lines);
    const target = { kind: request.offer.kind, currency };
    let found: { id: number; code: string; discountMinor: number } | null = null;
    if (options.redeem) {
      if (!request.family.email) throw new PromoRefused("unknown");
      const used = await redeemPromo(db, {
        code,
        offer: target,
        enrolmentId: options.redeem.enrolmentId,
        familyKey: familyKeyOf(request.family.email),
        leftMinor: left,
        today,
      });
      if (!used.ok) throw new PromoRefused(used.problem);
      found = { id: used.promo.id, code: used.promo.code, discountMinor: used.discountMinor };
    } else {
      // A quote checks everything but the family's own count, which only the enrolment (knowing the
      // family) checks: a quote must not tell a stranger which addresses used a code.
      const row = await findPromo(db, code);
      codeProblem = problemOf(row, target, today);
      if (row && !codeProblem) found = { id: row.id, code: row.code, discountMinor: discountOf(row, left) };
    }
    if (found) {
      promo = found;
      const shown = found.code;
      lines.push({ kind: "discount", ...label("promo", () => ({ code: shown })), amountMinor: -found.discountMinor });
    }
  }
  // The tax as the invoice will compute it, from the same lines and settings (one rule: invoiceTax).
  const settings = await getSiteSettings(db);
  const taxed = invoiceTax(lines, settings);
  const rate = (settings.taxRateBp / 100).toString();
  const tax =
    taxed.taxMinor > 0
      ? {
          ...label(settings.taxInclusive ? "taxIncluded" : "taxAdded", (l) => ({ name: taxNameIn(settings, l), rate })),
          name: settings.taxName,
          rateBp: settings.taxRateBp,
          inclusive: settings.taxInclusive,
          amountMinor: taxed.taxMinor,
        }
      : null;
  return { currency, lines, tax, totalMinor: taxed.totalMinor, promo, codeProblem };
}
