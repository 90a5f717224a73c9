/** What other features use of push (decision 131). */
export { queuePush, type QueuedPush } from "./push.server";
export { PUSH_CATEGORIES, type PushCategory } from "./categories";
export { pushChoicesOf } from "./push.server";
export { savePushChoices } from "./push.api";
