import type { Insertable } from "kysely";
import type { CampsTable } from "~server/db/schema";
import { toDbJson } from "~server/db/values";
import type { Localized } from "./blog-posts";

type CampSeed = Omit<Insertable<CampsTable>, "id" | "created_at" | "updated_at">;

interface CampSession {
  session: number;
  topic: Localized;
  activities: Localized;
  outcome: Localized;
}

export const campBatches = [
  { value: "1 July - 20th July", en: "1 July to 20 July", ar: "من 1 يوليو إلى 20 يوليو" },
  { value: "21st July - 10 Aug", en: "21 July to 10 August", ar: "من 21 يوليو إلى 10 أغسطس" },
];

type SessionRow = [topicEn: string, topicAr: string, activitiesEn: string, activitiesAr: string, outcomeEn: string, outcomeAr: string];

const sessions = (rows: SessionRow[]): CampSession[] =>
  rows.map(([topicEn, topicAr, activitiesEn, activitiesAr, outcomeEn, outcomeAr], i) => ({
    session: i + 1,
    topic: { en: topicEn, ar: topicAr },
    activities: { en: activitiesEn, ar: activitiesAr },
    outcome: { en: outcomeEn, ar: outcomeAr },
  }));

const juniorCurriculum = sessions([
  [
    "Welcome to the world of STEM",
    "مرحبًا بك في عالم STEM",
    "Meet the mentors, explore the lab and build a paper bridge challenge in teams.",
    "التعرّف على المدرّبين واستكشاف المختبر وتحدي بناء جسر من الورق ضمن فرق.",
    "Understands what scientists and engineers do and enjoys working in a team.",
    "يفهم ما يفعله العلماء والمهندسون ويستمتع بالعمل ضمن فريق.",
  ],
  [
    "Thinking like a computer",
    "التفكير مثل الحاسوب",
    "Unplugged games with arrows and instructions, then guiding a friend through a floor maze.",
    "ألعاب بلا حاسوب بالأسهم والتعليمات، ثم توجيه صديق عبر متاهة مرسومة على الأرض.",
    "Can write clear step-by-step instructions (algorithms).",
    "يكتب تعليمات واضحة خطوة بخطوة (خوارزميات).",
  ],
  [
    "Block coding: first animation",
    "البرمجة بالكتل: أول رسم متحرك",
    "Snap together code blocks to make a character move, talk and change colour.",
    "تركيب كتل برمجية لجعل شخصية تتحرك وتتكلم وتغيّر لونها.",
    "Creates a short animation using sequences and loops.",
    "يصنع رسمًا متحركًا قصيرًا باستخدام التسلسل والتكرار.",
  ],
  [
    "Block coding: my first game",
    "البرمجة بالكتل: لعبتي الأولى",
    "Build a catch-the-star game with scores, sounds and a timer.",
    "بناء لعبة التقاط النجوم مع النقاط والأصوات والمؤقت.",
    "Uses events, conditions and a score variable in a working game.",
    "يستخدم الأحداث والشروط ومتغير النقاط في لعبة تعمل.",
  ],
  [
    "Simple circuits",
    "الدوائر الكهربائية البسيطة",
    "Light up LEDs with batteries, wires and switches; test which materials conduct electricity.",
    "إضاءة مصابيح LED بالبطاريات والأسلاك والمفاتيح، واختبار المواد الموصلة للكهرباء.",
    "Builds a closed circuit and explains how a switch works.",
    "يبني دائرة مغلقة ويشرح طريقة عمل المفتاح الكهربائي.",
  ],
  [
    "Motors and movement",
    "المحركات والحركة",
    "Connect a small motor to make a spinning fan and a wobbling art bot.",
    "توصيل محرك صغير لصنع مروحة دوّارة وروبوت رسم يهتز.",
    "Understands how electricity becomes movement.",
    "يفهم كيف تتحول الكهرباء إلى حركة.",
  ],
  [
    "Basic robotics: build a robot",
    "أساسيات الروبوتات: ابنِ روبوتًا",
    "Assemble a simple wheeled robot from a kit, step by step with a partner.",
    "تركيب روبوت بسيط بعجلات من طقم جاهز، خطوة بخطوة مع زميل.",
    "Names the main parts of a robot and assembles them correctly.",
    "يسمّي الأجزاء الرئيسية للروبوت ويركّبها بشكل صحيح.",
  ],
  [
    "Basic robotics: program a robot",
    "أساسيات الروبوتات: برمجة الروبوت",
    "Program the robot with blocks to follow a path and stop at obstacles.",
    "برمجة الروبوت بالكتل ليتبع مسارًا ويتوقف عند العوائق.",
    "Connects code to real-world movement and sensors.",
    "يربط الشيفرة بالحركة الحقيقية والحساسات.",
  ],
  [
    "Introduction to drones",
    "مقدمة إلى الطائرات المسيّرة",
    "Learn how things fly with paper helicopters, then watch and try a safe mini-drone flight.",
    "التعرّف على كيفية الطيران بمروحيات ورقية، ثم مشاهدة طائرة مسيّرة صغيرة آمنة وتجربة قيادتها.",
    "Explains lift in simple words and follows drone safety rules.",
    "يشرح قوة الرفع بكلمات بسيطة ويتبع قواعد السلامة مع الطائرات المسيّرة.",
  ],
  [
    "Showcase day",
    "يوم العرض",
    "Finish a favourite project and present it to parents and friends at the camp showcase.",
    "إنهاء المشروع المفضل وعرضه على الأهل والأصدقاء في معرض المخيم.",
    "Presents their work with confidence and receives a completion certificate.",
    "يعرض عمله بثقة ويحصل على شهادة إتمام.",
  ],
]);

const seniorCurriculum = sessions([
  [
    "Python basics",
    "أساسيات بايثون",
    "Set up Python, write first programs with variables, input and output.",
    "إعداد بايثون وكتابة البرامج الأولى بالمتغيرات والإدخال والإخراج.",
    "Writes and runs simple Python programs.",
    "يكتب برامج بايثون بسيطة ويشغّلها.",
  ],
  [
    "Python logic and games",
    "المنطق في بايثون والألعاب",
    "Use conditions, loops and the random module to build a guessing game.",
    "استخدام الشروط والحلقات ووحدة random لبناء لعبة تخمين.",
    "Structures a program with decisions and repetition.",
    "ينظّم برنامجًا يتضمن القرارات والتكرار.",
  ],
  [
    "Electronics and Arduino",
    "الإلكترونيات وأردوينو",
    "Build circuits on a breadboard and program an Arduino to blink LEDs and read buttons.",
    "بناء دوائر على لوحة تجارب وبرمجة أردوينو لتشغيل المصابيح وقراءة الأزرار.",
    "Understands inputs and outputs on a microcontroller.",
    "يفهم المداخل والمخارج في المتحكم الدقيق.",
  ],
  [
    "Sensors and actuators",
    "الحساسات والمشغلات",
    "Measure distance, light and temperature; drive a servo motor based on readings.",
    "قياس المسافة والضوء والحرارة، وتحريك محرك سيرفو بناءً على القراءات.",
    "Builds a device that senses and reacts to its environment.",
    "يبني جهازًا يستشعر بيئته ويتفاعل معها.",
  ],
  [
    "Internet of Things",
    "إنترنت الأشياء",
    "Connect a Wi-Fi board to the internet and send sensor data to an online dashboard.",
    "توصيل لوحة واي فاي بالإنترنت وإرسال بيانات الحساسات إلى لوحة معلومات على الإنترنت.",
    "Explains how smart devices share data over a network.",
    "يشرح كيف تتبادل الأجهزة الذكية البيانات عبر الشبكة.",
  ],
  [
    "3D design",
    "التصميم ثلاثي الأبعاد",
    "Model a custom keychain or phone stand in Tinkercad using exact measurements.",
    "تصميم ميدالية مفاتيح أو حامل هاتف في Tinkercad بقياسات دقيقة.",
    "Designs a printable 3D model from an idea.",
    "يصمم نموذجًا ثلاثي الأبعاد قابلًا للطباعة انطلاقًا من فكرة.",
  ],
  [
    "3D printing lab",
    "مختبر الطباعة ثلاثية الأبعاد",
    "Slice the model, watch it print and test how well it fits its purpose.",
    "تقطيع النموذج ومتابعة طباعته واختبار مدى ملاءمته للغرض.",
    "Understands the path from digital design to physical object.",
    "يفهم المسار من التصميم الرقمي إلى المجسم الحقيقي.",
  ],
  [
    "AI basics",
    "أساسيات الذكاء الاصطناعي",
    "Train a simple image classifier with a no-code tool and discuss how AI learns from data.",
    "تدريب مصنّف صور بسيط بأداة لا تتطلب برمجة، ومناقشة كيف يتعلم الذكاء الاصطناعي من البيانات.",
    "Explains training data and recognises bias in AI systems.",
    "يشرح مفهوم بيانات التدريب ويتعرّف على التحيز في أنظمة الذكاء الاصطناعي.",
  ],
  [
    "Capstone project build",
    "بناء المشروع الختامي",
    "Teams combine coding, electronics and design to build a smart gadget of their choice.",
    "تجمع الفرق البرمجة والإلكترونيات والتصميم لبناء أداة ذكية من اختيارها.",
    "Plans, builds and debugs a multi-part project as a team.",
    "يخطط لمشروع متعدد الأجزاء ويبنيه ويصحح أخطاءه ضمن فريق.",
  ],
  [
    "Showcase day",
    "يوم العرض",
    "Present the capstone project to parents and mentors, with a live demo and Q&A.",
    "عرض المشروع الختامي على الأهل والمدرّبين مع تجربة حية وفقرة أسئلة وأجوبة.",
    "Communicates technical ideas clearly and receives a completion certificate.",
    "يعرض الأفكار التقنية بوضوح ويحصل على شهادة إتمام.",
  ],
]);

const shared = {
  duration_en: "20 days · 10 sessions",
  duration_ar: "20 يومًا · 10 حصص",
  price: 9999,
  old_price: 19999,
  discount: 50,
  batches: toDbJson(campBatches),
};

export const camps: CampSeed[] = [
  {
    slug: "junior",
    title_en: "Junior Camp",
    title_ar: "مخيم الصغار",
    grades_en: "Grade 2 to 5",
    grades_ar: "من الصف الثاني إلى الخامس",
    ...shared,
    features: toDbJson([
      { en: "Hands-on block coding and simple circuits", ar: "برمجة عملية بالكتل ودوائر كهربائية بسيطة" },
      { en: "Build and program your first robot", ar: "بناء روبوتك الأول وبرمجته" },
      { en: "Safe introduction to drones", ar: "مقدمة آمنة إلى الطائرات المسيّرة" },
      { en: "Small groups with friendly mentors", ar: "مجموعات صغيرة مع مدرّبين ودودين" },
      { en: "Showcase day and certificate", ar: "يوم عرض وشهادة إتمام" },
    ]),
    curriculum: toDbJson(juniorCurriculum),
    sort: 1,
  },
  {
    slug: "senior",
    title_en: "Senior Camp",
    title_ar: "مخيم اليافعين",
    grades_en: "Grade 6 to 10",
    grades_ar: "من الصف السادس إلى العاشر",
    ...shared,
    features: toDbJson([
      { en: "Real coding in Python", ar: "برمجة حقيقية بلغة بايثون" },
      { en: "Arduino electronics and IoT projects", ar: "إلكترونيات أردوينو ومشاريع إنترنت الأشياء" },
      { en: "3D design and printing", ar: "التصميم والطباعة ثلاثية الأبعاد" },
      { en: "Introduction to artificial intelligence", ar: "مقدمة في الذكاء الاصطناعي" },
      { en: "Team capstone project and certificate", ar: "مشروع ختامي جماعي وشهادة إتمام" },
    ]),
    curriculum: toDbJson(seniorCurriculum),
    sort: 2,
  },
];
