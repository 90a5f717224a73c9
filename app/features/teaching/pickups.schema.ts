import { z } from "zod";
import { v } from "~/lib/validation";
import { receivedFile } from "~/features/media/media.schema";

/** A record id as a form posts it (text of digits) or as JSON (a number). */
const postedId = z
  .union(
    [
      z.number({ error: v.invalid }),
      z
        .string({ error: v.invalid })
        .trim()
        .regex(/^\d{1,10}$/, v.invalid)
        .transform(Number),
    ],
    { error: v.invalid },
  )
  .pipe(z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(2_147_483_647, v.invalid));

/** A pass's token: signToken's shape (an id, an expiry, a MAC), bounded before any work. */
export const passToken = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(200, v.tooLong)
  .regex(/^[\w-]{1,12}\.\d{1,12}\.[\w-]{43}$/, v.invalid);

/**
 * POST /api/teaching/pickups: the child of a class meeting and the collector's proof: a guardian's
 * pickup pass (`token`), or a person of the child's consent pickup list (`pickupId`) with their PIN.
 */
export const pickupSchema = z
  .object({
    meetingId: postedId,
    enrolmentId: postedId,
    token: passToken.optional(),
    pickupId: postedId.optional(),
    pin: z
      .string({ error: v.invalid })
      .trim()
      .regex(/^(\d{4,6})?$/, v.invalid)
      .optional()
      .default(""),
  })
  .refine((input) => (input.token === undefined) !== (input.pickupId === undefined), { message: v.required, path: ["pickupId"] });
export type PickupBody = z.output<typeof pickupSchema>;

/** GET /api/teaching/pickups: one child of one class meeting. */
export const pickupQuery = z.object({ meetingId: postedId, enrolmentId: postedId });

/** POST /api/account/pickup-photos (multipart): `of` is `self` or a consent pickup person's id; the photo in `file`. */
export const pickupPhotoSchema = z.object({
  of: z.union([z.literal("self"), postedId], { error: v.invalid }),
  file: receivedFile.optional(),
});
