import { moneyUnderRandomOperations } from "./money-random.suite";

// Issue 38's randomised money test on one instance (the suite says what it proves);
// money-random-two-instances.test.ts runs it with a second instance, on the other worker.
moneyUnderRandomOperations(1);
