// The key is shared with the consent forms (a child's answers are found by it): it lives in app/lib.
export { childKey } from "~/lib/child-key";
