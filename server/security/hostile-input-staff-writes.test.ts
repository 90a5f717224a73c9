import { hostileInputOnEveryEndpoint } from "./hostile-input.suite";

// Hostile input on every endpoint (issue 8; the suite says what it proves), one of its three
// parts (decision 147): the staff endpoints' writes, and every staff endpoint refused without a session.
hostileInputOnEveryEndpoint("staff writes");
