import { hostileInputOnEveryEndpoint } from "./hostile-input.suite";

// Hostile input on every endpoint (issue 8; the suite says what it proves), one of its three
// parts (decision 147): every read, the uploads, and the route table walked.
hostileInputOnEveryEndpoint("reads and uploads");
