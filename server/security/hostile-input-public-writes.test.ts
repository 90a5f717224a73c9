import { hostileInputOnEveryEndpoint } from "./hostile-input.suite";

// Hostile input on every endpoint (issue 8; the suite says what it proves), one of its three
// parts (decision 147): the public and parents' own writes, and hostile cookies and headers.
hostileInputOnEveryEndpoint("public and account writes");
