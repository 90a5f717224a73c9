/** What other features use of push (decisions 131, 143): events tell the family through notifyFamily. */
export { notifyFamily, type FamilyNotice } from "./notify.server";
export { PUSH_CATEGORIES, type PushCategory } from "./categories";
export { pushChoicesOf } from "./push.server";
export { savePushChoices } from "./push.api";
