import { defineEndpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { campRates, issueCampCertificates } from "./camp-certificates.server";
import { childJson, issueAnswer, say } from "./certificates.api";
import { campIssueSchema, campRatesQuery } from "./certificates.schema";

/**
 * The summer camp's certificates (decision 089): `teaching` access like the camp's check-out, as
 * camps have no teacher assignment (decision 078). Revoking, the PDF and the public check are the
 * groups' endpoints (certificates.api.ts), which know a camp certificate by its kind.
 */

/** GET /api/teaching/camp/certificates?camp=&session=: each child of a camp period with their check-out days, rate and certificates. */
export const listCampCertificates = defineEndpoint({
  method: "GET",
  path: "/api/teaching/camp/certificates",
  access: "teaching",
  input: campRatesQuery,
  async run({ deps: { db }, caller }, input) {
    const rates = await campRates(db, input.camp, input.session, await academyTimeZone(db));
    if (!rates || rates.children.length === 0) throw new HttpError(404, say(caller.lang, "api.periodNotFound"));
    return {
      status: 200,
      body: {
        campId: rates.camp.id,
        session: rates.camp.session,
        camp: { en: rates.camp.titleEn, ar: rates.camp.titleAr },
        held: rates.held,
        children: rates.children.map((child) => childJson(child, rates.held, input.threshold ?? null)),
      },
    };
  },
});

/** POST /api/teaching/camp/certificates: issue to every qualifying child of a camp period, or to one (`enrolmentId`, the camp enrolment); idempotent per child. */
export const issueCampCertificatesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/teaching/camp/certificates",
  access: "teaching",
  input: campIssueSchema,
  async run({ deps: { db }, caller }, input) {
    const results = await issueCampCertificates(db, {
      campId: input.camp,
      session: input.session,
      enrolmentId: input.enrolmentId,
      threshold: input.threshold,
      language: input.language,
      timeZone: await academyTimeZone(db),
      userId: caller.user.id,
    });
    if (!results) throw new HttpError(404, say(caller.lang, "api.periodNotFound"), { camp: say(caller.lang, "api.periodNotFound") });
    if (results.length === 0 && input.enrolmentId === undefined)
      throw new HttpError(404, say(caller.lang, "api.periodNotFound"), { session: say(caller.lang, "api.periodNotFound") });
    if (results.length === 0) throw new HttpError(404, say(caller.lang, "api.campChildNotFound"), { enrolmentId: say(caller.lang, "api.campChildNotFound") });
    return issueAnswer(results, caller.lang);
  },
});

export const campCertificateEndpoints = [listCampCertificates, issueCampCertificatesEndpoint];
