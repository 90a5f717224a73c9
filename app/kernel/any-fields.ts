import { z } from "zod";

/**
 * An endpoint's declared input when the real schema can only be chosen once the context is known
 * (the course's age rule, the group the caller teaches, the query Meta sends): a raw form or JSON
 * object, parsed again inside `run`. One declaration for every such endpoint (decision 146).
 */
export const anyFields = z.record(z.string(), z.unknown());
