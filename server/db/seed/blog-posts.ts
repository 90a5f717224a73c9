import type { Insertable } from "kysely";
import type { BlogPostsTable } from "~server/db/schema";
import { toDbJson } from "~server/db/values";

export interface Localized {
  en: string;
  ar: string;
}

export type ContentBlock =
  | { type: "paragraph"; value: string }
  | { type: "heading"; value: string; level?: 1 | 2 | 3 | 4 | 5 | 6 }
  | { type: "image"; value: string; alt: string }
  | { type: "list"; items: string[] }
  | { type: "quote"; value: string }
  | { type: "code"; value: string };

type BlogPostSeed = Omit<Insertable<BlogPostsTable>, "id" | "created_at" | "updated_at">;

const whyRoboticsEn: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "Children are natural builders. Give them a box of parts and a goal, and they will test, fail, adjust and try again until something works. Robotics turns that instinct into a structured way of learning that touches science, maths, engineering and coding all at once.",
  },
  { type: "heading", value: "What robotics actually teaches", level: 2 },
  {
    type: "list",
    items: [
      "Problem solving: breaking a big task into small, testable steps.",
      "Resilience: a robot that drives into a wall is feedback, not failure.",
      "Teamwork: most builds need one person on wiring, one on code and one on testing.",
      "Real maths: speed, angles and distances stop being abstract numbers.",
    ],
  },
  {
    type: "image",
    value: "/images/blog/why-robotics-matters-for-kids.svg",
    alt: "A friendly wheeled robot built by students in a beginner class",
  },
  { type: "heading", value: "When should a child start?" },
  {
    type: "paragraph",
    value:
      "Six is a good age to begin with snap-together kits and picture-based coding. From around ten, children can handle sensors and simple motors; teenagers are ready for microcontrollers such as Arduino and for writing real code.",
  },
  {
    type: "quote",
    value: "The goal is not to raise a robot engineer. It is to raise a child who believes that problems can be taken apart and solved.",
  },
  { type: "heading", value: "How to support your child at home", level: 3 },
  {
    type: "list",
    items: [
      "Ask them to explain what their robot does and why.",
      "Celebrate the debugging, not only the finished build.",
      "Keep a small box of spare parts, batteries and tape within reach.",
    ],
  },
];

const whyRoboticsAr: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "الأطفال بناؤون بطبعهم. أعطِهم صندوقًا من القطع وهدفًا واضحًا، وسيجرّبون ويخطئون ويعدّلون ثم يحاولون من جديد حتى ينجح الأمر. تحوّل الروبوتات هذه الغريزة إلى طريقة تعلّم منظّمة تجمع العلوم والرياضيات والهندسة والبرمجة في آن واحد.",
  },
  { type: "heading", value: "ما الذي تعلّمه الروبوتات فعلًا", level: 2 },
  {
    type: "list",
    items: [
      "حل المشكلات: تقسيم المهمة الكبيرة إلى خطوات صغيرة يمكن اختبارها.",
      "المثابرة: الروبوت الذي يصطدم بالجدار يقدّم ملاحظة مفيدة، لا فشلًا.",
      "العمل الجماعي: يحتاج معظم المشاريع إلى من يتولى التوصيل ومن يكتب البرنامج ومن يختبره.",
      "رياضيات حقيقية: تصبح السرعة والزوايا والمسافات أكثر من مجرد أرقام مجردة.",
    ],
  },
  {
    type: "image",
    value: "/images/blog/why-robotics-matters-for-kids.svg",
    alt: "روبوت ودود بعجلات صنعه طلاب في صف للمبتدئين",
  },
  { type: "heading", value: "متى يبدأ الطفل؟" },
  {
    type: "paragraph",
    value:
      "سن السادسة مناسبة للبدء بأطقم التركيب السهلة والبرمجة بالصور. ومن نحو العاشرة يستطيع الأطفال التعامل مع الحساسات والمحركات البسيطة، أما المراهقون فمستعدون للمتحكمات الدقيقة مثل أردوينو ولكتابة شيفرة حقيقية.",
  },
  {
    type: "quote",
    value: "ليس الهدف أن نربي مهندس روبوتات، بل أن نربي طفلًا يؤمن بأن كل مشكلة يمكن تفكيكها وحلّها.",
  },
  { type: "heading", value: "كيف تدعمون طفلكم في المنزل", level: 3 },
  {
    type: "list",
    items: [
      "اطلبوا من طفلكم أن يشرح ما يفعله روبوته ولماذا.",
      "احتفوا بمرحلة تصحيح الأخطاء، لا بالمشروع المكتمل وحده.",
      "احتفظوا بصندوق صغير من القطع الاحتياطية والبطاريات والشريط اللاصق في متناول اليد.",
    ],
  },
];

const pythonAtHomeEn: ContentBlock[] = [
  { type: "heading", value: "Getting Started with Python at Home", level: 1 },
  {
    type: "paragraph",
    value:
      "Python is the language many schools and universities use to teach programming, because its code reads almost like plain English. The good news for parents: you do not need to be a programmer to help your child take the first steps.",
  },
  { type: "heading", value: "Step 1: set up a free editor", level: 2 },
  {
    type: "paragraph",
    value:
      "Install Python from python.org and use the built-in IDLE editor, or try a beginner-friendly editor such as Thonny. Both are free and work on ordinary laptops.",
  },
  { type: "heading", value: "Step 2: write the first program", level: 2 },
  { type: "code", value: "name = input('What is your name? ')\nprint('Hello, ' + name + '!')" },
  {
    type: "paragraph",
    value: "Run it, type a name and press Enter. That tiny moment, when the computer answers back, is often what hooks a child on coding.",
  },
  { type: "heading", value: "Step 3: make it playful", level: 2 },
  {
    type: "list",
    items: [
      "Draw shapes and spirals with the turtle module.",
      "Build a number-guessing game with the random module.",
      "Write a quiz about their favourite topic.",
    ],
  },
  {
    type: "image",
    value: "/images/blog/python-turtle-drawing.svg",
    alt: "A colourful spiral drawn with Python's turtle module",
  },
  { type: "code", value: "import turtle\n\nt = turtle.Turtle()\nfor i in range(36):\n    t.forward(100)\n    t.right(170)" },
  {
    type: "quote",
    value: "Twenty minutes a day, three days a week, beats one long session every weekend.",
  },
];

const pythonAtHomeAr: ContentBlock[] = [
  { type: "heading", value: "البدء ببايثون في المنزل", level: 1 },
  {
    type: "paragraph",
    value:
      "بايثون هي اللغة التي تعتمدها مدارس وجامعات كثيرة لتعليم البرمجة، لأن شيفرتها تُقرأ تقريبًا كاللغة الإنجليزية العادية. والخبر السار للأهل: لستم بحاجة إلى خبرة في البرمجة لتساعدوا أطفالكم في خطواتهم الأولى.",
  },
  { type: "heading", value: "الخطوة الأولى: ثبّتوا محررًا مجانيًا", level: 2 },
  {
    type: "paragraph",
    value:
      "ثبّتوا بايثون من موقع python.org واستخدموا المحرر المدمج IDLE، أو جرّبوا محررًا مناسبًا للمبتدئين مثل Thonny. كلاهما مجاني ويعمل على الحواسيب المحمولة العادية.",
  },
  { type: "heading", value: "الخطوة الثانية: اكتبوا البرنامج الأول", level: 2 },
  { type: "code", value: "name = input('What is your name? ')\nprint('Hello, ' + name + '!')" },
  {
    type: "paragraph",
    value: "شغّلوا البرنامج واكتبوا اسمًا ثم اضغطوا Enter. وكثيرًا ما تكون تلك اللحظة الصغيرة، حين يردّ الحاسوب، هي ما يجعل الطفل يتعلّق بالبرمجة.",
  },
  { type: "heading", value: "الخطوة الثالثة: اجعلوها ممتعة", level: 2 },
  {
    type: "list",
    items: ["ارسموا أشكالًا ولوالب باستخدام وحدة turtle.", "اصنعوا لعبة تخمين الأرقام باستخدام وحدة random.", "اكتبوا اختبارًا قصيرًا عن موضوع يحبه طفلكم."],
  },
  {
    type: "image",
    value: "/images/blog/python-turtle-drawing.svg",
    alt: "لولب ملوّن مرسوم بوحدة turtle في بايثون",
  },
  { type: "code", value: "import turtle\n\nt = turtle.Turtle()\nfor i in range(36):\n    t.forward(100)\n    t.right(170)" },
  {
    type: "quote",
    value: "عشرون دقيقة يوميًا، ثلاثة أيام في الأسبوع، أفضل من حصة طويلة واحدة كل عطلة نهاية أسبوع.",
  },
];

const summerCampEn: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "A good summer camp keeps children curious during the long break without turning the holidays into more school. With so many options, here is a short checklist to help you choose.",
  },
  { type: "heading", value: "Five questions to ask before you enrol", level: 2 },
  {
    type: "list",
    items: [
      "Is the programme grouped by age or grade, so the pace suits your child?",
      "How much of each session is hands-on building rather than listening?",
      "How many children are there per mentor?",
      "Is there a clear session-by-session curriculum?",
      "Does the camp end with a project your child can show and explain?",
    ],
  },
  { type: "heading", value: "Signs of a great STEM camp", level: 3 },
  {
    type: "paragraph",
    value:
      "Look for camps where children leave each day with something they made: a blinking circuit, a game, a small robot. Ask to see examples of past projects, and check that the mentors have real teaching experience with children.",
  },
  {
    type: "quote",
    value: "The best camps send children home tired, proud and full of questions.",
  },
  { type: "heading", value: "Practical details", level: 4 },
  {
    type: "list",
    items: [
      "Check the batch dates against family travel plans early.",
      "Ask whether materials and kits are included in the fee.",
      "Find out how progress is shared with parents.",
    ],
  },
];

const summerCampAr: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "المخيم الصيفي الجيد يحافظ على فضول الأطفال خلال العطلة الطويلة دون أن يحوّلها إلى مدرسة إضافية. ومع كثرة الخيارات، إليكم قائمة قصيرة تساعدكم على الاختيار.",
  },
  { type: "heading", value: "خمسة أسئلة قبل التسجيل", level: 2 },
  {
    type: "list",
    items: [
      "هل البرنامج مقسّم حسب العمر أو الصف الدراسي بحيث يناسب إيقاعه طفلكم؟",
      "ما نسبة الوقت المخصص للبناء العملي مقارنة بالاستماع في كل حصة؟",
      "كم عدد الأطفال لكل مدرّب؟",
      "هل يوجد منهج واضح لكل حصة؟",
      "هل ينتهي المخيم بمشروع يستطيع طفلكم عرضه وشرحه؟",
    ],
  },
  { type: "heading", value: "علامات مخيم STEM المميز", level: 3 },
  {
    type: "paragraph",
    value:
      "ابحثوا عن مخيمات يغادر فيها الأطفال كل يوم ومعهم شيء صنعوه بأنفسهم: دائرة مضيئة أو لعبة أو روبوت صغير. اطلبوا الاطلاع على أمثلة من مشاريع سابقة، وتأكدوا من أن المدرّبين يملكون خبرة حقيقية في تعليم الأطفال.",
  },
  {
    type: "quote",
    value: "أفضل المخيمات تعيد الأطفال إلى بيوتهم متعبين وفخورين ومليئين بالأسئلة.",
  },
  { type: "heading", value: "تفاصيل عملية", level: 4 },
  {
    type: "list",
    items: [
      "قارنوا مواعيد فترات المخيم بخطط سفر العائلة مبكرًا.",
      "اسألوا إن كانت المواد والأطقم مشمولة في الرسوم.",
      "اعرفوا كيف تتم مشاركة تقدّم الطفل مع الأهل.",
    ],
  },
];

const screenTimeEn: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "Not all screen time is equal. An hour spent scrolling short videos is very different from an hour spent designing a game, wiring a circuit simulator or modelling a keychain for a 3D printer.",
  },
  { type: "heading", value: "Passive versus creative screen time", level: 2 },
  {
    type: "list",
    items: ["Passive: watching, scrolling, tapping through ready-made content.", "Creative: building, coding, drawing, composing, designing."],
  },
  {
    type: "paragraph",
    value:
      "A simple family rule helps: for every hour of watching, plan an hour of making. Children quickly learn that the device is a tool, not only a television.",
  },
  { type: "quote", value: "Ask 'What did you make today?' instead of 'How long were you on the screen?'" },
];

const screenTimeAr: ContentBlock[] = [
  {
    type: "paragraph",
    value:
      "ليس كل وقت أمام الشاشة متساويًا. فساعة في تصفّح المقاطع القصيرة تختلف كثيرًا عن ساعة في تصميم لعبة، أو توصيل دائرة في محاكٍ إلكتروني، أو نمذجة ميدالية مفاتيح لطابعة ثلاثية الأبعاد.",
  },
  { type: "heading", value: "وقت الشاشة السلبي مقابل الوقت الإبداعي", level: 2 },
  {
    type: "list",
    items: ["السلبي: المشاهدة والتصفّح والنقر على محتوى جاهز.", "الإبداعي: البناء والبرمجة والرسم والتأليف والتصميم."],
  },
  {
    type: "paragraph",
    value: "قاعدة عائلية بسيطة تساعد كثيرًا: مقابل كل ساعة مشاهدة، خطّطوا لساعة صنع. وسرعان ما يتعلم الأطفال أن الجهاز أداة، وليس تلفازًا فقط.",
  },
  { type: "quote", value: "اسألوا «ماذا صنعت اليوم؟» بدلًا من «كم بقيت أمام الشاشة؟»" },
];

export const blogPosts: BlogPostSeed[] = [
  {
    slug: "why-robotics-matters-for-kids",
    status: "published",
    title_en: "Why Robotics Matters for Kids",
    title_ar: "لماذا تهمّ الروبوتات أطفالنا",
    description_en:
      "Robotics blends science, maths and coding into hands-on play. Here is what children really learn, when to start, and how parents can help.",
    description_ar: "تمزج الروبوتات العلوم والرياضيات والبرمجة في لعب عملي. إليك ما يتعلمه الأطفال حقًا، ومتى يبدؤون، وكيف يمكن للأهل المساعدة.",
    category_en: "Robotics",
    category_ar: "الروبوتات",
    content_en: toDbJson(whyRoboticsEn),
    content_ar: toDbJson(whyRoboticsAr),
    meta_title_en: "Why Robotics Matters for Kids | STEM Academy",
    meta_title_ar: "لماذا تهمّ الروبوتات أطفالنا | أكاديمية STEM",
    meta_description_en: "What children learn from robotics, the right age to start, and tips for parents.",
    meta_description_ar: "ما يتعلمه الأطفال من الروبوتات، والعمر المناسب للبدء، ونصائح للأهل.",
    meta_keywords_en: "robotics for kids, STEM education, children coding, problem solving",
    meta_keywords_ar: "روبوتات للأطفال, تعليم STEM, برمجة الأطفال, حل المشكلات",
    image_url: "/images/blog/why-robotics-matters-for-kids.svg",
    author: "Abhishek Kumar Srivastava",
    publish_date: "2025-09-12T09:00:00.000Z",
  },
  {
    slug: "getting-started-with-python-at-home",
    status: "published",
    title_en: "Getting Started with Python at Home",
    title_ar: "البدء ببايثون في المنزل",
    description_en: "A parent-friendly guide to installing Python, writing a first program and keeping young coders motivated.",
    description_ar: "دليل مبسّط للأهل لتثبيت بايثون وكتابة البرنامج الأول والحفاظ على حماس المبرمجين الصغار.",
    category_en: "Coding",
    category_ar: "البرمجة",
    content_en: toDbJson(pythonAtHomeEn),
    content_ar: toDbJson(pythonAtHomeAr),
    meta_title_en: "Getting Started with Python at Home | STEM Academy",
    meta_title_ar: "البدء ببايثون في المنزل | أكاديمية STEM",
    meta_description_en: "Install Python, write a first program and make coding playful for children.",
    meta_description_ar: "ثبّت بايثون واكتب البرنامج الأول واجعل البرمجة ممتعة للأطفال.",
    meta_keywords_en: "python for kids, learn to code, turtle graphics, coding at home",
    meta_keywords_ar: "بايثون للأطفال, تعلم البرمجة, رسومات turtle, البرمجة في المنزل",
    image_url: "/images/blog/getting-started-with-python-at-home.svg",
    author: "Shruti Kamal",
    publish_date: "2026-03-14T09:00:00.000Z",
  },
  {
    slug: "how-to-choose-a-summer-camp",
    status: "published",
    title_en: "How to Choose a STEM Summer Camp",
    title_ar: "كيف تختار مخيمًا صيفيًا في مجال STEM",
    description_en: "Five questions to ask, signs of a great programme and the practical details to check before you enrol your child.",
    description_ar: "خمسة أسئلة ينبغي طرحها، وعلامات البرنامج المميز، والتفاصيل العملية التي يجب التحقق منها قبل تسجيل طفلك.",
    category_en: "Parenting",
    category_ar: "نصائح للأهل",
    content_en: toDbJson(summerCampEn),
    content_ar: toDbJson(summerCampAr),
    meta_title_en: "How to Choose a STEM Summer Camp | STEM Academy",
    meta_title_ar: "كيف تختار مخيمًا صيفيًا في مجال STEM | أكاديمية STEM",
    meta_description_en: "A checklist for parents choosing a hands-on STEM summer camp.",
    meta_description_ar: "قائمة تحقق للأهل عند اختيار مخيم صيفي عملي في مجال STEM.",
    meta_keywords_en: "summer camp, STEM camp, kids activities, holiday learning",
    meta_keywords_ar: "مخيم صيفي, مخيم STEM, أنشطة الأطفال, التعلم في العطلة",
    image_url: "/images/blog/how-to-choose-a-summer-camp.svg",
    author: "Shahanwaz Khan",
    publish_date: "2026-05-02T09:00:00.000Z",
  },
  {
    slug: "creative-screen-time",
    status: "published",
    title_en: "Turning Screen Time into Creative Time",
    title_ar: "من وقت الشاشة إلى وقت الإبداع",
    description_en: "Why making beats watching, and a simple family rule to balance the two.",
    description_ar: "لماذا يتفوّق الصنع على المشاهدة، وقاعدة عائلية بسيطة للتوازن بينهما.",
    category_en: "Parenting",
    category_ar: "نصائح للأهل",
    content_en: toDbJson(screenTimeEn),
    content_ar: toDbJson(screenTimeAr),
    meta_title_en: "Turning Screen Time into Creative Time | STEM Academy",
    meta_title_ar: "من وقت الشاشة إلى وقت الإبداع | أكاديمية STEM",
    meta_description_en: "Help children move from passive watching to creative making on their devices.",
    meta_description_ar: "ساعدوا الأطفال على الانتقال من المشاهدة السلبية إلى الصنع الإبداعي على أجهزتهم.",
    meta_keywords_en: "screen time, creative technology, parenting tips",
    meta_keywords_ar: "وقت الشاشة, التقنية الإبداعية, نصائح للأهل",
    image_url: "/images/blog/creative-screen-time.svg",
    author: "Sahil Jaiswal",
    publish_date: "2026-08-20T09:00:00.000Z",
  },
];
