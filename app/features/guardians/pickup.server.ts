import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { familyTimetable } from "~/features/timetable/timetable.server";
import { existingAccount } from "~/features/accounts/queries.server";

/** How many coming classes the pickup card shows per child: the next few collections, not the term. */
const NEXT_CLASSES = 3;

export interface PickupCard {
  collector: { name: string; phone: string | null };
  children: { name: string; classes: { course: string; date: string; time: string; mode: string }[] }[];
}

/**
 * What a pickup guardian sees (decision 139): their own name and phone (as the desk will check
 * them) and, for each child, the next classes to collect from; no links, references, instructors,
 * invoices or anything else of the family.
 */
export async function pickupCard(db: DB, userId: number, lang: Lang): Promise<PickupCard> {
  const [user, timeZone] = await Promise.all([existingAccount(db, userId), academyTimeZone(db)]);
  // The link secret only signs the manage links, which the card drops.
  const children = await familyTimetable(db, userId, timeZone, lang, "-");
  return {
    collector: { name: user.username, phone: user.contact_number || null },
    children: children.map((child) => ({
      name: child.name,
      classes: child.enrolments
        .flatMap((enrolment) =>
          enrolment.meetings
            .filter((m) => !m.cancelled)
            .map((m) => ({ startsAt: m.startsAt, course: enrolment.courseName, date: m.dateLabel, time: m.timeLabel, mode: enrolment.mode })),
        )
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
        .slice(0, NEXT_CLASSES)
        .map(({ startsAt: _startsAt, ...rest }) => rest),
    })),
  };
}
