import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import type { Family } from "~/features/family/account-owner.server";
import { mayUse } from "~/features/family/family-parts";
import { listGuardians, type GuardianEntry } from "./guardians.server";
import { pickupCard, type PickupCard } from "./pickup.server";

export interface GuardiansPageData {
  /** The family's guardians, for the roles that may list them (else null). */
  list: GuardianEntry[] | null;
  /** Whether this account invites and removes (the primary guardian). */
  manages: boolean;
  /** A pickup guardian's card (the others see the timetable itself). */
  pickup: PickupCard | null;
}

/** /account's guardians section and pickup card, as the role allows (decision 139). */
export async function guardiansPageData(db: DB, family: Family, lang: Lang): Promise<GuardiansPageData> {
  return {
    list: mayUse(family.role, "guardians-list") ? await listGuardians(db, family.id) : null,
    manages: mayUse(family.role, "guardians"),
    pickup: family.role === "pickup" ? await pickupCard(db, family.userId, lang) : null,
  };
}
