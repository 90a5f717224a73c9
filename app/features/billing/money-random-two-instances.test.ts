import { moneyUnderRandomOperations } from "./money-random.suite";

// Issue 38's randomised money test with half the requests through a second app instance on the
// same database (the suite says what it proves); money-random.test.ts runs it on one instance.
moneyUnderRandomOperations(2);
