import { z } from "zod";
import { v } from "~/lib/validation";
import { postedRecordId } from "~/lib/record-id";
import { receivedFile } from "~/features/media/media.schema";

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
    meetingId: postedRecordId,
    enrolmentId: postedRecordId,
    token: passToken.optional(),
    pickupId: postedRecordId.optional(),
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
export const pickupQuery = z.object({ meetingId: postedRecordId, enrolmentId: postedRecordId });

/** POST /api/account/pickup-photos (multipart): `of` is `self` or a consent pickup person's id; the photo in `file`. */
export const pickupPhotoSchema = z.object({
  of: z.union([z.literal("self"), postedRecordId], { error: v.invalid }),
  file: receivedFile.optional(),
});
