import QRCode from "qrcode";
import { data, type AppLoadContext } from "react-router";
import { langFromPath, type Lang } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { isStaffRole } from "~/lib/roles";
import { requireAdminPage } from "~/lib/page-guards.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { listGroupCertificates, type childJson } from "./certificates.api";
import { formatInstant, formatIssuedOn } from "./certificate-format";
import { DEFAULT_THRESHOLD } from "./certificates.schema";

type Language = "family" | "en" | "ar";

/** One child as the rates endpoints answer it (childJson): the pages always ask with a threshold, so `qualifies` is there. */
export type ListedChild = ReturnType<typeof childJson>;

/** The page's threshold and language, from its query (the "show" form is a GET, so it works without JavaScript). */
export function pageChoices(url: URL): { threshold: number; language: Language } {
  const typed = url.searchParams.get("threshold") ?? "";
  const threshold = /^\d{1,3}$/.test(typed) && Number(typed) <= 100 ? Number(typed) : DEFAULT_THRESHOLD;
  const language = url.searchParams.get("language");
  return { threshold, language: language === "en" || language === "ar" ? language : "family" };
}

/** The page's notice after a post: how many were issued, or that one was revoked. */
export function pageNotice(url: URL) {
  const issued = url.searchParams.get("issued");
  return issued !== null && /^\d{1,4}$/.test(issued)
    ? { kind: "issued" as const, count: Number(issued) }
    : url.searchParams.has("revoked")
      ? { kind: "revoked" as const, count: 0 }
      : null;
}

/**
 * The children of a rates list as a certificates page shows them: dates in the page's language,
 * and each live certificate's verification link and QR code (a group's or a camp's alike).
 */
export async function pageChildren(context: AppLoadContext, lang: Lang, listed: ListedChild[]) {
  const timeZone = await academyTimeZone(context.db);
  return Promise.all(
    listed.map(async (child) => {
      const live = child.certificate;
      return {
        enrolmentId: child.enrolmentId,
        name: child.childName,
        attended: child.attended,
        rate: child.rate,
        qualifies: child.qualifies === true,
        live: live
          ? {
              id: live.id,
              code: live.code,
              issuedLabel: formatIssuedOn(live.issuedOn, lang),
              pdfUrl: live.pdf,
              verifyUrl: `${lang === "ar" ? "/ar" : ""}/certificates/${live.code}`,
              // The same address the PDF's QR code carries (in the certificate's own language).
              qr: `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(`${context.config.publicUrl}${live.language === "ar" ? "/ar" : ""}/certificates/${live.code}`, { type: "svg", margin: 1 })).toString("base64")}`,
            }
          : null,
        revoked: child.revoked.map((c) => ({
          id: c.id,
          code: c.code,
          label: c.revokedAt === null ? "" : formatInstant(c.revokedAt, timeZone, lang),
          reason: c.reason ?? "",
        })),
      };
    }),
  );
}

/**
 * /teaching/sections/:id/certificates: what the issue page shows, read through the group's JSON
 * endpoint run in process (the same access: staff, or the group's instructor).
 */
export async function certificatesPageData(context: AppLoadContext, request: Request, id: string) {
  const member = requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const choices = pageChoices(url);
  const answer = await context.run(listGroupCertificates, { input: { threshold: String(choices.threshold) }, params: { id }, lang });
  if (!answer.ok || answer.status !== 200) throw data({ message: answer.body.message ?? "" }, { status: answer.status });
  const body = answer.body;
  return {
    section: { id: body.sectionId, course: pickPair(body.course, lang), held: body.held },
    ...choices,
    children: await pageChildren(context, lang, body.children),
    /** Staff go back to the group's staff page; an instructor to their teaching home. */
    backTo: isStaffRole(member.role) ? `/admin/sections/${body.sectionId}` : "/teaching",
    notice: pageNotice(url),
  };
}

export type CertificatesPageData = Awaited<ReturnType<typeof certificatesPageData>>;
