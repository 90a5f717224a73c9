import { z } from "zod";
import { v } from "~/lib/validation";

/** What staff change on an account: its role and/or whether it is disabled. */
export const userUpdateSchema = z
  .object({
    role: z.enum(["user", "instructor", "editor", "admin"], { error: v.choice }).optional(),
    disabled: z.boolean({ error: v.invalid }).optional(),
  })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, { message: v.required, path: ["role"] });

export type UserUpdate = z.output<typeof userUpdateSchema>;
