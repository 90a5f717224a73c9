import type { Insertable } from "kysely";
import type { TeachersTable } from "~server/db/schema";
import { toDbJson } from "~server/db/values";

type TeacherSeed = Omit<Insertable<TeachersTable>, "id" | "created_at" | "updated_at">;

const photo = (name: string) => `/images/teachers/${name.toLowerCase().replaceAll(" ", "-")}.svg`;

export const teachers: TeacherSeed[] = [
  {
    name_en: "Shahanwaz Khan",
    name_ar: "شاهنواز خان",
    profile_en: "STEM programme lead and financial literacy mentor",
    profile_ar: "مسؤول برامج STEM ومدرّب الثقافة المالية",
    experience_en: "10+ years teaching science and entrepreneurship",
    experience_ar: "أكثر من 10 سنوات في تدريس العلوم وريادة الأعمال",
    subjects: toDbJson(["STEM Learning", "Financial Literacy", "Entrepreneurship"]),
    photo: photo("Shahanwaz Khan"),
  },
  {
    name_en: "Anushka Jain",
    name_ar: "أنوشكا جاين",
    profile_en: "Python and Internet of Things mentor",
    profile_ar: "مدرّبة بايثون وإنترنت الأشياء",
    experience_en: "6+ years teaching programming and connected devices",
    experience_ar: "أكثر من 6 سنوات في تدريس البرمجة والأجهزة المتصلة",
    subjects: toDbJson(["Python", "Internet of Things"]),
    photo: photo("Anushka Jain"),
  },
  {
    name_en: "Shivam Pandey",
    name_ar: "شيفام باندي",
    profile_en: "Raspberry Pi and electronics mentor",
    profile_ar: "مدرّب راسبيري باي والإلكترونيات",
    experience_en: "5+ years building and teaching hardware projects",
    experience_ar: "أكثر من 5 سنوات في بناء مشاريع العتاد وتدريسها",
    subjects: toDbJson(["Raspberry Pi", "Electronics", "Linux"]),
    photo: photo("Shivam Pandey"),
  },
  {
    name_en: "Abhishek Kumar Srivastava",
    name_ar: "أبهيشيك كومار سريفاستافا",
    profile_en: "Robotics and drone aviation mentor",
    profile_ar: "مدرّب الروبوتات وقيادة الطائرات المسيّرة",
    experience_en: "8+ years teaching robotics and coaching competition teams",
    experience_ar: "أكثر من 8 سنوات في تدريس الروبوتات وتدريب فرق المسابقات",
    subjects: toDbJson(["Robotics", "Drones", "Advanced Robotics"]),
    photo: photo("Abhishek Kumar Srivastava"),
  },
  {
    name_en: "Arsalan Wasim",
    name_ar: "أرسلان وسيم",
    profile_en: "Arduino and 3D design mentor",
    profile_ar: "مدرّب أردوينو والتصميم ثلاثي الأبعاد",
    experience_en: "6+ years teaching electronics and digital fabrication",
    experience_ar: "أكثر من 6 سنوات في تدريس الإلكترونيات والتصنيع الرقمي",
    subjects: toDbJson(["Arduino", "3D Modeling", "3D Printing"]),
    photo: photo("Arsalan Wasim"),
  },
  {
    name_en: "Shruti Kamal",
    name_ar: "شروتي كمال",
    profile_en: "Coding mentor for beginners",
    profile_ar: "مدرّبة البرمجة للمبتدئين",
    experience_en: "5+ years teaching Python to children and teens",
    experience_ar: "أكثر من 5 سنوات في تدريس بايثون للأطفال والمراهقين",
    subjects: toDbJson(["Python", "Computational Thinking"]),
    photo: photo("Shruti Kamal"),
  },
  {
    name_en: "Sahil Jaiswal",
    name_ar: "ساهيل جايسوال",
    profile_en: "Block coding and digital literacy mentor",
    profile_ar: "مدرّب البرمجة بالكتل والثقافة الرقمية",
    experience_en: "4+ years teaching young learners to code",
    experience_ar: "أكثر من 4 سنوات في تعليم المتعلمين الصغار البرمجة",
    subjects: toDbJson(["Block Coding", "Digital Literacy"]),
    photo: photo("Sahil Jaiswal"),
  },
];
