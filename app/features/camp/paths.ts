import { localizePath, type Lang } from "~/i18n/lang";

/** The enrollment's confirmation page; the unguessable reference lets a reload (or the e-mail) find it. */
export const enrollConfirmedPath = (reference: string, lang: Lang) => localizePath(`/enroll/confirmed?ref=${encodeURIComponent(reference)}`, lang);
