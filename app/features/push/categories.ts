/** The kinds of notification a guardian may turn off one by one on /account (issue 45, decision 131). */
export const PUSH_CATEGORIES = ["schedule", "classTomorrow", "absence", "invoice", "makeup", "waitlist", "certificate"] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];
