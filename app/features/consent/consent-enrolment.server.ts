import type { DB, Trx } from "~server/db/db";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { answeredVersions, currentConsentForms, readConsent, saveConsentAnswers, type ConsentAnswerInput, type Signature } from "./consent.server";

/** The consent part of an enrolment, checked: what to store with it once the seat is taken. */
export interface EnrolmentConsent {
  answers: ConsentAnswerInput[];
  save: (trx: Trx, link: Pick<Signature, "enrolmentId" | "enrollmentId">) => Promise<void>;
}

/**
 * The consent forms of an enrolment (decision 078): the fields of the same post, read before the
 * seat is taken. A required form this child has not answered in its current version refuses the
 * enrolment with 400 and the form's field message; `save` stores the answers in the enrolment's
 * transaction, so a confirmed enrolment always has its forms and a refused one leaves none.
 */
export async function checkEnrolmentConsent(
  db: DB,
  raw: Record<string, unknown>,
  who: { email: string; childName: string; signerName: string; userId: number | null; lang: Lang; phoneCountry: string; secret: string },
  otherErrors: Record<string, string> = {},
): Promise<EnrolmentConsent> {
  const forms = await currentConsentForms(db, who.lang);
  const answered = forms.length ? await answeredVersions(db, who.email, who.childName) : new Set<number>();
  const { answers, errors } = readConsent(raw, forms, answered, who.phoneCountry, (key, values) => serverT(who.lang, "consent", key, values));
  const all = { ...otherErrors, ...errors };
  if (Object.keys(all).length > 0) throw new HttpError(400, serverT(who.lang, "consent", "api.summary"), all);
  return {
    answers,
    save: (trx, link) =>
      saveConsentAnswers(trx, who.secret, answers, {
        email: who.email,
        childName: who.childName,
        signerName: who.signerName,
        userId: who.userId,
        lang: who.lang,
        ...link,
      }),
  };
}
