import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";
import { imageUrlField } from "./content-blocks.schema";

/** "Robotics, Python , " → ["Robotics", "Python"]: comma separated, trimmed, blanks dropped. */
export const splitSubjects = (text: string): string[] =>
  text
    .split(",")
    .map((subject) => subject.trim())
    .filter((subject) => subject !== "");

const subjectList = z
  .array(z.string({ error: v.invalid }).trim().max(80, v.tooLong), { error: v.required })
  .max(20, v.tooLong)
  .transform((items) => items.filter((item) => item !== ""))
  .refine((items) => items.length > 0, v.required);

/** The Create Teacher form's own fields (specification section 5); the photo is checked apart. */
export const createTeacherFormSchema = z.object({
  teachername: requiredText(120),
  subjects: requiredText(1000),
  experience: requiredText(300),
});

/** The payload of POST /admin/teacher-dashboard/create-teacher (specification sections 3 and 7). */
export const createTeacherSchema = z.object({
  teachername: requiredText(120),
  subjects: subjectList,
  experience: requiredText(300),
  teacherphoto: z.array(imageUrlField, { error: v.required }).min(1, v.required).max(1, v.invalid),
});

/** The bilingual edit form of a teacher; subjects typed comma separated. */
export const teacherSchema = z.object({
  nameEn: requiredText(120),
  nameAr: optionalText(120),
  profileEn: optionalText(300),
  profileAr: optionalText(300),
  experienceEn: requiredText(300),
  experienceAr: optionalText(300),
  subjects: z.string({ error: v.required }).max(1000, v.tooLong).transform(splitSubjects).pipe(subjectList),
  photo: imageUrlField,
});

export type TeacherInput = z.input<typeof teacherSchema>;
export type TeacherValues = z.output<typeof teacherSchema>;
