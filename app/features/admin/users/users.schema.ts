import { z } from "zod";
import { v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** What staff change on an account: its role and/or whether it is disabled. */
export const userUpdateSchema = z
  .object({
    role: z.enum(["user", "instructor", "editor", "admin"], { error: v.choice }).optional(),
    disabled: z.boolean({ error: v.invalid }).optional(),
    // The teacher profile an instructor teaches as (decision 073): needed when the role becomes instructor.
    teacherId: z.number({ error: v.choice }).int(v.choice).min(1, v.choice).max(MAX_RECORD_ID, v.choice).nullable().optional(),
  })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, { message: v.required, path: ["role"] });

export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The role form of /admin/users/{id} in the browser: the teacher profile as its select gives it. */
export const userRoleFormSchema = z.object({
  role: z.enum(["user", "instructor", "editor", "admin"], { error: v.choice }),
  teacherId: z.string().optional(),
});
