import type { Insertable } from "kysely";
import type { CoursesTable } from "~server/db/schema";
import { toDbJson } from "~server/db/values";
import type { ContentBlock, Localized } from "./blog-posts";

type CourseSeed = Omit<Insertable<CoursesTable>, "id" | "created_at" | "updated_at">;

interface CourseSource {
  key: string;
  name: Localized;
  description: Localized;
  intro: Localized;
  learn: { en: string[]; ar: string[] };
  project: Localized;
  faqs: { question: Localized; answer: Localized }[];
  minAge: number;
  maxAge: number;
  sessions: number;
  price: number;
  instructor: string;
  rating: number | null;
  keywords: string;
}

const headings = {
  learn: { en: "What you will learn", ar: "ماذا سيتعلّم الطلاب؟" },
  project: { en: "Final project", ar: "المشروع النهائي" },
};

function content(source: CourseSource, lang: "en" | "ar"): ContentBlock[] {
  return [
    { type: "paragraph", value: source.intro[lang] },
    { type: "heading", value: headings.learn[lang], level: 2 },
    { type: "list", items: source.learn[lang] },
    { type: "heading", value: headings.project[lang], level: 3 },
    { type: "paragraph", value: source.project[lang] },
  ];
}

const sources: CourseSource[] = [
  {
    key: "internet_of_things",
    name: { en: "Internet of Things", ar: "إنترنت الأشياء" },
    description: {
      en: "Connect sensors and devices to the internet and build smart gadgets that collect data and respond to the world around them.",
      ar: "اربط الحساسات والأجهزة بالإنترنت وابنِ أدوات ذكية تجمع البيانات وتتفاعل مع العالم من حولها.",
    },
    intro: {
      en: "Smart homes, fitness bands and connected farms all run on the Internet of Things. In this course students wire real sensors to Wi-Fi boards and send their readings to the cloud.",
      ar: "المنازل الذكية وأساور اللياقة والمزارع المتصلة كلها تعمل بإنترنت الأشياء. في هذه الدورة يوصل الطلاب حساسات حقيقية بلوحات تعمل بالواي فاي ويرسلون قراءاتها إلى السحابة.",
    },
    learn: {
      en: [
        "How connected devices talk to each other",
        "Reading temperature, humidity and motion sensors",
        "Programming ESP32 Wi-Fi boards",
        "Sending data to online dashboards and phone apps",
      ],
      ar: [
        "كيف تتواصل الأجهزة المتصلة فيما بينها",
        "قراءة حساسات الحرارة والرطوبة والحركة",
        "برمجة لوحات ESP32 المزودة بالواي فاي",
        "إرسال البيانات إلى لوحات معلومات على الإنترنت وتطبيقات الهاتف",
      ],
    },
    project: {
      en: "Each student builds a smart weather station that posts live readings to a dashboard they can check from anywhere.",
      ar: "يبني كل طالب محطة طقس ذكية تنشر قراءات مباشرة على لوحة معلومات يمكنه متابعتها من أي مكان.",
    },
    faqs: [
      {
        question: { en: "Do I need any prior experience?", ar: "هل أحتاج إلى خبرة سابقة؟" },
        answer: {
          en: "Basic familiarity with any programming language helps, but we review the essentials in the first sessions.",
          ar: "تساعد المعرفة الأساسية بأي لغة برمجة، لكننا نراجع الأساسيات في الحصص الأولى.",
        },
      },
      {
        question: { en: "Which hardware is used?", ar: "ما العتاد المستخدم؟" },
        answer: {
          en: "We use ESP32 boards with common sensors; a recommended kit list is shared before the course starts.",
          ar: "نستخدم لوحات ESP32 مع حساسات شائعة، ونشارك قائمة بالطقم الموصى به قبل بدء الدورة.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 30,
    price: 5000,
    instructor: "Anushka Jain",
    rating: null,
    keywords: "IoT course, internet of things for teens, ESP32, smart devices",
  },
  {
    key: "robotics_fundamentals",
    name: { en: "Robotics Fundamentals", ar: "أساسيات الروبوتات" },
    description: {
      en: "A playful first step into robotics: build, wire and program simple robots that move, sense and react.",
      ar: "خطوة أولى ممتعة في عالم الروبوتات: ابنِ روبوتات بسيطة ووصّلها وبرمجها لتتحرك وتستشعر وتتفاعل.",
    },
    intro: {
      en: "Robots combine mechanics, electronics and code. Young learners assemble their own robots step by step and discover how each part brings the machine to life.",
      ar: "تجمع الروبوتات بين الميكانيكا والإلكترونيات والبرمجة. يركّب المتعلمون الصغار روبوتاتهم خطوة بخطوة ويكتشفون كيف يبث كل جزء الحياة في الآلة.",
    },
    learn: {
      en: ["Motors, wheels and gears", "Light, distance and touch sensors", "Programming movement with simple commands", "Testing and improving a design"],
      ar: ["المحركات والعجلات والتروس", "حساسات الضوء والمسافة واللمس", "برمجة الحركة بأوامر بسيطة", "اختبار التصميم وتحسينه"],
    },
    project: {
      en: "Students build an obstacle-avoiding robot and race it through a maze they design together.",
      ar: "يبني الطلاب روبوتًا يتفادى العوائق ويتسابقون به في متاهة يصممونها معًا.",
    },
    faqs: [
      {
        question: { en: "Is this suitable for a six-year-old?", ar: "هل تناسب الدورة طفلًا في السادسة؟" },
        answer: {
          en: "Yes. Younger children work with snap-together parts and picture-based coding, while older students use more advanced components.",
          ar: "نعم. يعمل الأطفال الأصغر سنًا بقطع سهلة التركيب وبرمجة بالصور، بينما يستخدم الطلاب الأكبر مكونات أكثر تقدمًا.",
        },
      },
      {
        question: { en: "Do we have to buy a robot kit?", ar: "هل يجب شراء طقم روبوت؟" },
        answer: {
          en: "A kit is recommended for home practice, but all the parts needed in class are provided.",
          ar: "يُنصح بطقم للتدرّب في المنزل، لكن جميع القطع اللازمة في الصف متوفرة.",
        },
      },
    ],
    minAge: 6,
    maxAge: 18,
    sessions: 40,
    price: 4996,
    instructor: "Abhishek Kumar Srivastava",
    rating: null,
    keywords: "robotics for kids, beginner robotics, robot building, STEM",
  },
  {
    key: "drone_aviation_fundamentals",
    name: { en: "Drone Aviation Fundamentals", ar: "أساسيات قيادة الطائرات المسيّرة" },
    description: {
      en: "Learn how drones fly, assemble a quadcopter and practise safe piloting and basic aerial photography.",
      ar: "تعرّف على كيفية طيران الطائرات المسيّرة، وركّب طائرة رباعية المراوح، وتدرّب على القيادة الآمنة والتصوير الجوي الأساسي.",
    },
    intro: {
      en: "Drones are used for deliveries, mapping, farming and filmmaking. This course explains the physics of flight and turns students into careful, confident pilots.",
      ar: "تُستخدم الطائرات المسيّرة في التوصيل ورسم الخرائط والزراعة وصناعة الأفلام. تشرح هذه الدورة فيزياء الطيران وتجعل من الطلاب طيارين حذرين وواثقين.",
    },
    learn: {
      en: [
        "Lift, thrust, drag and weight",
        "Drone parts: frame, motors, propellers and flight controller",
        "Safe flying rules and pre-flight checks",
        "Simulator training and real flight practice",
      ],
      ar: [
        "قوى الرفع والدفع والسحب والوزن",
        "أجزاء الطائرة المسيّرة: الهيكل والمحركات والمراوح ووحدة التحكم بالطيران",
        "قواعد الطيران الآمن والفحوص قبل الإقلاع",
        "التدريب على المحاكي والطيران الفعلي",
      ],
    },
    project: {
      en: "Students assemble and calibrate their own quadcopter, then complete a short flight course with take-off, hover and landing.",
      ar: "يركّب الطلاب طائرتهم الرباعية ويعايرونها، ثم يُكملون مسار طيران قصيرًا يشمل الإقلاع والتحليق الثابت والهبوط.",
    },
    faqs: [
      {
        question: { en: "Is flying drones safe for students?", ar: "هل قيادة الطائرات المسيّرة آمنة للطلاب؟" },
        answer: {
          en: "Yes. Students train on a simulator first and fly small, propeller-guarded drones under supervision.",
          ar: "نعم. يتدرب الطلاب أولًا على المحاكي ثم يقودون طائرات صغيرة بمراوح محمية تحت الإشراف.",
        },
      },
      {
        question: { en: "Will my child keep the drone?", ar: "هل يحتفظ طفلي بالطائرة؟" },
        answer: {
          en: "If you purchase the optional build kit, the finished drone is yours to take home.",
          ar: "إذا اشتريتم طقم التركيب الاختياري، تصبح الطائرة ملك طفلكم ويأخذها إلى المنزل.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 60,
    price: 2498,
    instructor: "Abhishek Kumar Srivastava",
    rating: null,
    keywords: "drone course, quadcopter building, aviation for teens, drone piloting",
  },
  {
    key: "advance_python",
    name: { en: "Advanced Python", ar: "بايثون المتقدمة" },
    description: {
      en: "Go beyond the basics with object-oriented programming, data handling and real projects in Python.",
      ar: "تجاوز الأساسيات مع البرمجة كائنية التوجه ومعالجة البيانات ومشاريع حقيقية بلغة بايثون.",
    },
    intro: {
      en: "For students who already write simple Python programs, this course builds the habits of a real developer: clean structure, reusable code and working with data.",
      ar: "للطلاب الذين يكتبون برامج بايثون بسيطة، تبني هذه الدورة عادات المطوّر الحقيقي: بنية واضحة وشيفرة قابلة لإعادة الاستخدام والعمل مع البيانات.",
    },
    learn: {
      en: [
        "Classes, objects and modules",
        "Files, JSON and working with APIs",
        "Data analysis with lists, dictionaries and libraries",
        "Testing and debugging techniques",
      ],
      ar: [
        "الأصناف والكائنات والوحدات",
        "الملفات وصيغة JSON والتعامل مع واجهات البرمجة",
        "تحليل البيانات بالقوائم والقواميس والمكتبات",
        "أساليب الاختبار وتصحيح الأخطاء",
      ],
    },
    project: {
      en: "Students design and build a complete application, such as a quiz game with saved scores or a small data dashboard.",
      ar: "يصمم الطلاب تطبيقًا متكاملًا ويبنونه، مثل لعبة أسئلة تحفظ النتائج أو لوحة بيانات صغيرة.",
    },
    faqs: [
      {
        question: { en: "What should my child know before joining?", ar: "ماذا ينبغي أن يعرف طفلي قبل الانضمام؟" },
        answer: {
          en: "Variables, loops, conditions and functions. Python for Beginners covers all of these.",
          ar: "المتغيرات والحلقات والشروط والدوال. تغطي دورة بايثون للمبتدئين كل ذلك.",
        },
      },
      {
        question: { en: "Which software is needed?", ar: "ما البرامج المطلوبة؟" },
        answer: {
          en: "Only free tools: Python and a code editor such as VS Code, which we help set up in the first session.",
          ar: "أدوات مجانية فقط: بايثون ومحرر شيفرة مثل VS Code، ونساعد في إعدادها في الحصة الأولى.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 60,
    price: 4444,
    instructor: "Anushka Jain",
    rating: null,
    keywords: "advanced python, python projects, OOP for teens, coding course",
  },
  {
    key: "visual_block_coding",
    name: { en: "Visual Block Coding for Beginners", ar: "البرمجة المرئية بالكتل للمبتدئين" },
    description: {
      en: "Children snap together colourful code blocks to create animations, stories and games while learning how programs think.",
      ar: "يركّب الأطفال كتل برمجة ملونة لصنع رسوم متحركة وقصص وألعاب، ويتعلمون في الوقت نفسه كيف تفكر البرامج.",
    },
    intro: {
      en: "Block coding removes the worry of typing and spelling so young minds can focus on logic. Every session ends with something fun to show family and friends.",
      ar: "تُزيل البرمجة بالكتل عناء الكتابة والتهجئة، فتتفرغ العقول الصغيرة للمنطق. وتنتهي كل حصة بشيء ممتع يعرضه الطفل على أسرته وأصدقائه.",
    },
    learn: {
      en: [
        "Sequences, loops and events",
        "Conditions and simple variables",
        "Animating characters and adding sounds",
        "Designing a game with scores and levels",
      ],
      ar: ["التسلسل والتكرار والأحداث", "الشروط والمتغيرات البسيطة", "تحريك الشخصيات وإضافة الأصوات", "تصميم لعبة بنقاط ومستويات"],
    },
    project: {
      en: "Each child publishes an original game and presents how it works in a short showcase.",
      ar: "ينشر كل طفل لعبة من تصميمه ويشرح طريقة عملها في عرض قصير.",
    },
    faqs: [
      {
        question: { en: "My child has never coded. Is that fine?", ar: "طفلي لم يبرمج من قبل، فهل هذا مناسب؟" },
        answer: {
          en: "Absolutely. This course is designed as a first introduction to coding.",
          ar: "بالتأكيد. صُممت هذه الدورة لتكون المدخل الأول إلى البرمجة.",
        },
      },
      {
        question: { en: "Does my child need to read well?", ar: "هل يحتاج طفلي إلى إتقان القراءة؟" },
        answer: {
          en: "Basic reading is enough; blocks are colour-coded and mentors guide the youngest learners closely.",
          ar: "تكفي القراءة الأساسية، فالكتل ملونة حسب وظيفتها ويرافق المدرّبون المتعلمين الأصغر سنًا عن قرب.",
        },
      },
    ],
    minAge: 6,
    maxAge: 12,
    sessions: 30,
    price: 4254,
    instructor: "Sahil Jaiswal",
    rating: null,
    keywords: "block coding, scratch for kids, coding for beginners, kids games",
  },
  {
    key: "3d_modeling_printing",
    name: { en: "3D Modeling and Printing", ar: "النمذجة والطباعة ثلاثية الأبعاد" },
    description: {
      en: "Design objects on the computer and bring them to life with a 3D printer, from keychains to working prototypes.",
      ar: "صمّم مجسمات على الحاسوب وحوّلها إلى واقع بالطابعة ثلاثية الأبعاد، من ميداليات المفاتيح إلى النماذج الأولية العاملة.",
    },
    intro: {
      en: "Designers and engineers sketch ideas in 3D before building them. Students learn the same workflow, from a first sketch to a printed object in their hands.",
      ar: "يرسم المصممون والمهندسون أفكارهم بصيغة ثلاثية الأبعاد قبل تنفيذها. يتعلم الطلاب سير العمل ذاته، من الرسم الأول إلى مجسم مطبوع بين أيديهم.",
    },
    learn: {
      en: [
        "3D modelling with shapes, holes and groups",
        "Measuring and designing to exact sizes",
        "Preparing models for printing (slicing)",
        "Operating a 3D printer safely",
      ],
      ar: [
        "النمذجة ثلاثية الأبعاد بالأشكال والفراغات والمجموعات",
        "القياس والتصميم بأبعاد دقيقة",
        "تجهيز النماذج للطباعة (التقطيع)",
        "تشغيل الطابعة ثلاثية الأبعاد بأمان",
      ],
    },
    project: {
      en: "Students design a useful object that solves a real problem at home or school and print the final version.",
      ar: "يصمم الطلاب أداة مفيدة تحل مشكلة حقيقية في المنزل أو المدرسة ويطبعون نسختها النهائية.",
    },
    faqs: [
      {
        question: { en: "Do we need a 3D printer at home?", ar: "هل نحتاج إلى طابعة ثلاثية الأبعاد في المنزل؟" },
        answer: {
          en: "No. Designs are made with free online software, and printing is done on the academy's printers.",
          ar: "لا. تُنجز التصاميم ببرامج مجانية عبر الإنترنت، وتتم الطباعة على طابعات الأكاديمية.",
        },
      },
      {
        question: { en: "Which software is used?", ar: "ما البرنامج المستخدم؟" },
        answer: {
          en: "We start with Tinkercad and introduce Fusion 360 to students who are ready for more.",
          ar: "نبدأ ببرنامج Tinkercad ثم نقدّم Fusion 360 للطلاب المستعدين لمستوى أعلى.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 40,
    price: 2398,
    instructor: "Arsalan Wasim",
    rating: null,
    keywords: "3D printing course, 3D modeling, Tinkercad, design for teens",
  },
  {
    key: "arduino_masters",
    name: { en: "Arduino Masters", ar: "احتراف أردوينو" },
    description: {
      en: "Master the Arduino microcontroller: read sensors, drive motors and build interactive electronic projects.",
      ar: "أتقن متحكم أردوينو الدقيق: اقرأ الحساسات وشغّل المحركات وابنِ مشاريع إلكترونية تفاعلية.",
    },
    intro: {
      en: "Arduino is the small board behind countless inventions. Students move from blinking an LED to building complete gadgets with displays, buttons and motors.",
      ar: "أردوينو هي اللوحة الصغيرة وراء اختراعات لا تُحصى. ينتقل الطلاب من تشغيل مصباح LED وإطفائه إلى بناء أجهزة متكاملة بشاشات وأزرار ومحركات.",
    },
    learn: {
      en: [
        "Circuits, resistors and breadboards",
        "Digital and analogue inputs and outputs",
        "Servo motors, buzzers and LCD displays",
        "Writing clean Arduino code in C++",
      ],
      ar: [
        "الدوائر والمقاومات ولوحات التجارب",
        "المداخل والمخارج الرقمية والتماثلية",
        "محركات السيرفو والطنانات وشاشات LCD",
        "كتابة شيفرة أردوينو منظمة بلغة C++",
      ],
    },
    project: {
      en: "Students invent and build their own device, such as a smart plant waterer or a reaction-time game.",
      ar: "يخترع الطلاب جهازهم الخاص ويبنونه، مثل جهاز ري ذكي للنباتات أو لعبة لقياس سرعة رد الفعل.",
    },
    faqs: [
      {
        question: { en: "Is soldering required?", ar: "هل يتطلب الأمر استخدام اللحام؟" },
        answer: {
          en: "No. Most projects use solderless breadboards; soldering is taught as an optional, supervised activity.",
          ar: "لا. تستخدم معظم المشاريع لوحات تجارب لا تحتاج إلى لحام، ويُدرَّس اللحام نشاطًا اختياريًا تحت الإشراف.",
        },
      },
      {
        question: { en: "Is an Arduino kit included?", ar: "هل طقم أردوينو مشمول؟" },
        answer: {
          en: "Kits are available in class; families can also buy our Arduino Starter Kit for practice at home.",
          ar: "الأطقم متوفرة في الصف، ويمكن للأسر أيضًا شراء طقم أردوينو للمبتدئين للتدرّب في المنزل.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 30,
    price: 4999,
    instructor: "Arsalan Wasim",
    rating: null,
    keywords: "Arduino course, electronics for teens, microcontrollers, maker projects",
  },
  {
    key: "advance_robotics",
    name: { en: "Advanced Robotics", ar: "الروبوتات المتقدمة" },
    description: {
      en: "Build smarter robots with microcontrollers, multiple sensors and autonomous behaviour.",
      ar: "ابنِ روبوتات أذكى باستخدام المتحكمات الدقيقة والحساسات المتعددة والسلوك الذاتي.",
    },
    intro: {
      en: "Once the basics are in place, robots can start making their own decisions. This course covers the engineering behind line followers, robotic arms and competition robots.",
      ar: "بعد إتقان الأساسيات يمكن للروبوتات أن تتخذ قراراتها بنفسها. تتناول هذه الدورة الهندسة التي تقف وراء روبوتات تتبع الخط والأذرع الآلية وروبوتات المسابقات.",
    },
    learn: {
      en: [
        "Motor drivers and precise movement control",
        "Combining ultrasonic, infrared and colour sensors",
        "Feedback control and simple PID tuning",
        "Wireless control with Bluetooth",
      ],
      ar: [
        "مشغلات المحركات والتحكم الدقيق في الحركة",
        "الجمع بين الحساسات فوق الصوتية وتحت الحمراء وحساسات الألوان",
        "التحكم بالتغذية الراجعة وضبط PID البسيط",
        "التحكم اللاسلكي عبر البلوتوث",
      ],
    },
    project: {
      en: "Teams build an autonomous robot for a competition-style challenge and present their engineering choices.",
      ar: "تبني الفرق روبوتًا ذاتي التشغيل لتحدٍّ على غرار المسابقات وتعرض خياراتها الهندسية.",
    },
    faqs: [
      {
        question: { en: "Is Robotics Fundamentals required first?", ar: "هل يجب إنهاء أساسيات الروبوتات أولًا؟" },
        answer: {
          en: "It is recommended. Students with equivalent experience can join after a short assessment.",
          ar: "يُنصح بذلك. ويمكن للطلاب ذوي الخبرة المماثلة الانضمام بعد تقييم قصير.",
        },
      },
      {
        question: { en: "Will students take part in competitions?", ar: "هل سيشارك الطلاب في مسابقات؟" },
        answer: {
          en: "We prepare interested teams for school and regional robotics competitions.",
          ar: "نُعدّ الفرق المهتمة للمشاركة في مسابقات الروبوتات المدرسية والإقليمية.",
        },
      },
    ],
    minAge: 14,
    maxAge: 24,
    sessions: 60,
    price: 4999,
    instructor: "Abhishek Kumar Srivastava",
    rating: null,
    keywords: "advanced robotics, autonomous robots, robotics competition, sensors",
  },
  {
    key: "python_for_beginners",
    name: { en: "Python for Beginners", ar: "بايثون للمبتدئين" },
    description: {
      en: "Write your first real programs in Python, one of the world's most popular and beginner-friendly languages.",
      ar: "اكتب برامجك الحقيقية الأولى بلغة بايثون، إحدى أكثر لغات البرمجة انتشارًا وأسهلها للمبتدئين.",
    },
    intro: {
      en: "Python is used by scientists, game makers and web developers alike. This course takes students from their first line of code to small programs they are proud of.",
      ar: "يستخدم العلماء وصانعو الألعاب ومطورو الويب لغة بايثون على حدٍّ سواء. تأخذ هذه الدورة الطلاب من أول سطر برمجي إلى برامج صغيرة يفخرون بها.",
    },
    learn: {
      en: ["Variables, numbers and text", "Making decisions with if statements", "Repeating actions with loops", "Organising code with functions"],
      ar: ["المتغيرات والأرقام والنصوص", "اتخاذ القرارات بجمل الشرط if", "تكرار الأوامر باستخدام الحلقات", "تنظيم الشيفرة باستخدام الدوال"],
    },
    project: {
      en: "Students write a text adventure or a guessing game and share it with their classmates.",
      ar: "يكتب الطلاب لعبة مغامرات نصية أو لعبة تخمين ويشاركونها مع زملائهم.",
    },
    faqs: [
      {
        question: { en: "Is any coding experience needed?", ar: "هل تلزم خبرة سابقة في البرمجة؟" },
        answer: {
          en: "No. Block coding experience helps but is not required.",
          ar: "لا. تساعد الخبرة في البرمجة بالكتل لكنها غير مطلوبة.",
        },
      },
      {
        question: { en: "What computer is needed?", ar: "ما الحاسوب المطلوب؟" },
        answer: {
          en: "Any laptop or desktop that can run a web browser and install free software.",
          ar: "أي حاسوب محمول أو مكتبي يشغّل متصفح ويب ويسمح بتثبيت برامج مجانية.",
        },
      },
      {
        question: { en: "What comes after this course?", ar: "ماذا بعد هذه الدورة؟" },
        answer: {
          en: "Students can continue with Advanced Python or apply their skills in Raspberry Pi Basics.",
          ar: "يمكن للطلاب متابعة دورة بايثون المتقدمة أو تطبيق مهاراتهم في دورة أساسيات راسبيري باي.",
        },
      },
    ],
    minAge: 12,
    maxAge: 24,
    sessions: 30,
    price: 4999,
    instructor: "Shruti Kamal",
    rating: null,
    keywords: "python for beginners, learn python, coding for kids, first programming language",
  },
  {
    key: "digital_literacy",
    name: { en: "Digital Literacy", ar: "الثقافة الرقمية" },
    description: {
      en: "Essential computer skills for today's world: typing, documents, safe browsing and responsible online behaviour.",
      ar: "مهارات حاسوبية أساسية لعالم اليوم: الكتابة على لوحة المفاتيح والمستندات والتصفح الآمن والسلوك المسؤول على الإنترنت.",
    },
    intro: {
      en: "Being comfortable with technology is now as basic as reading and writing. Students build confident, safe and productive habits for school and beyond.",
      ar: "أصبح الارتياح في التعامل مع التقنية أمرًا أساسيًا كالقراءة والكتابة. يكتسب الطلاب عادات واثقة وآمنة ومنتجة للمدرسة وما بعدها.",
    },
    learn: {
      en: [
        "Touch typing and keyboard shortcuts",
        "Documents, spreadsheets and presentations",
        "Searching the web and checking sources",
        "Online safety, privacy and kindness",
      ],
      ar: [
        "الكتابة باللمس واختصارات لوحة المفاتيح",
        "المستندات وجداول البيانات والعروض التقديمية",
        "البحث على الإنترنت والتحقق من المصادر",
        "الأمان والخصوصية واللطف على الإنترنت",
      ],
    },
    project: {
      en: "Students research a topic of their choice and present it with a document, a chart and a short slide show.",
      ar: "يبحث الطلاب في موضوع يختارونه ويعرضونه بمستند ورسم بياني وعرض شرائح قصير.",
    },
    faqs: [
      {
        question: { en: "Is this course only for young children?", ar: "هل الدورة للأطفال الصغار فقط؟" },
        answer: {
          en: "No. Activities are adapted to each age group, from first computer skills to advanced research projects.",
          ar: "لا. تُكيَّف الأنشطة لكل فئة عمرية، من المهارات الحاسوبية الأولى إلى مشاريع البحث المتقدمة.",
        },
      },
      {
        question: { en: "Does the course cover online safety?", ar: "هل تتناول الدورة الأمان على الإنترنت؟" },
        answer: {
          en: "Yes, online safety and privacy are part of every module, not just a single lesson.",
          ar: "نعم، الأمان والخصوصية على الإنترنت جزء من كل وحدة، لا مجرد درس واحد.",
        },
      },
    ],
    minAge: 6,
    maxAge: 18,
    sessions: 30,
    price: 6997,
    instructor: "Sahil Jaiswal",
    rating: null,
    keywords: "digital literacy, computer skills for kids, online safety, typing",
  },
  {
    key: "stem_learning",
    name: { en: "STEM Learning", ar: "تعلّم STEM" },
    description: {
      en: "A broad, hands-on journey through science, technology, engineering and maths with experiments and builds every week.",
      ar: "رحلة عملية شاملة في العلوم والتقنية والهندسة والرياضيات، مع تجارب ومشاريع بناء كل أسبوع.",
    },
    intro: {
      en: "This is our most complete programme. Students explore a new theme every few weeks, from simple machines to renewable energy, and learn to think like scientists and engineers.",
      ar: "هذا هو برنامجنا الأشمل. يستكشف الطلاب موضوعًا جديدًا كل بضعة أسابيع، من الآلات البسيطة إلى الطاقة المتجددة، ويتعلمون التفكير كالعلماء والمهندسين.",
    },
    learn: {
      en: [
        "Scientific method and fair testing",
        "Simple machines, forces and structures",
        "Electricity, magnetism and renewable energy",
        "Coding and data in everyday life",
        "Design thinking and teamwork",
      ],
      ar: [
        "المنهج العلمي والاختبار العادل",
        "الآلات البسيطة والقوى والمنشآت",
        "الكهرباء والمغناطيسية والطاقة المتجددة",
        "البرمجة والبيانات في الحياة اليومية",
        "التفكير التصميمي والعمل الجماعي",
      ],
    },
    project: {
      en: "The programme ends with a science fair where each student presents an investigation or invention of their own.",
      ar: "يُختتم البرنامج بمعرض علمي يقدّم فيه كل طالب بحثًا أو اختراعًا من إنجازه.",
    },
    faqs: [
      {
        question: { en: "Why is this course longer than the others?", ar: "لماذا هذه الدورة أطول من غيرها؟" },
        answer: {
          en: "It covers many subjects in depth, so it runs as a year-round programme rather than a single topic.",
          ar: "لأنها تغطي موضوعات كثيرة بعمق، فهي برنامج ممتد على مدار العام لا موضوعًا واحدًا.",
        },
      },
      {
        question: { en: "How are different ages taught together?", ar: "كيف يتعلم الطلاب من أعمار مختلفة معًا؟" },
        answer: {
          en: "Students are grouped by age, and each group gets challenges matched to its level.",
          ar: "يُقسَّم الطلاب إلى مجموعات حسب العمر، وتحصل كل مجموعة على تحديات تناسب مستواها.",
        },
      },
    ],
    minAge: 6,
    maxAge: 18,
    sessions: 100,
    price: 5999,
    instructor: "Shahanwaz Khan",
    rating: 4,
    keywords: "STEM learning, science experiments for kids, engineering for kids, STEM programme",
  },
  {
    key: "financial_literacy_entrepreneurship",
    name: { en: "Financial Literacy and Entrepreneurship", ar: "الثقافة المالية وريادة الأعمال" },
    description: {
      en: "Learn how money works, how to save and budget, and how to turn an idea into a small business plan.",
      ar: "تعرّف على كيفية عمل المال وطرق الادخار ووضع الميزانية، وكيف تحوّل فكرة إلى خطة مشروع صغير.",
    },
    intro: {
      en: "Good money habits start early. Through games, simulations and real examples, students learn to make thoughtful choices and to think like young entrepreneurs.",
      ar: "العادات المالية الجيدة تبدأ مبكرًا. من خلال الألعاب والمحاكاة والأمثلة الواقعية، يتعلم الطلاب اتخاذ قرارات مدروسة والتفكير كرواد أعمال صغار.",
    },
    learn: {
      en: [
        "Needs versus wants, saving and budgeting",
        "How banks, interest and digital payments work",
        "Finding a problem worth solving",
        "Pricing, costs and simple profit calculations",
      ],
      ar: [
        "الاحتياجات والرغبات، والادخار ووضع الميزانية",
        "كيف تعمل البنوك والفائدة والمدفوعات الرقمية",
        "إيجاد مشكلة تستحق الحل",
        "التسعير والتكاليف وحساب الربح البسيط",
      ],
    },
    project: {
      en: "Students develop a business idea, prepare a simple plan and pitch it to a panel of parents and mentors.",
      ar: "يطوّر الطلاب فكرة مشروع ويُعدّون خطة بسيطة ويعرضونها أمام لجنة من الأهل والمدرّبين.",
    },
    faqs: [
      {
        question: { en: "Is this course suitable for younger children?", ar: "هل تناسب الدورة الأطفال الأصغر سنًا؟" },
        answer: {
          en: "Yes. Younger learners focus on saving and spending through games; older students go further into business planning.",
          ar: "نعم. يركّز المتعلمون الأصغر على الادخار والإنفاق من خلال الألعاب، بينما يتعمق الطلاب الأكبر في التخطيط للمشاريع.",
        },
      },
      {
        question: { en: "Do students handle real money?", ar: "هل يتعامل الطلاب بأموال حقيقية؟" },
        answer: {
          en: "No. All activities use simulations and play money.",
          ar: "لا. تعتمد جميع الأنشطة على المحاكاة والنقود الرمزية.",
        },
      },
    ],
    minAge: 6,
    maxAge: 18,
    sessions: 40,
    price: 5998,
    instructor: "Shahanwaz Khan",
    rating: 5,
    keywords: "financial literacy for kids, entrepreneurship, money skills, budgeting",
  },
  {
    key: "raspberry_pi_basics",
    name: { en: "Raspberry Pi Basics", ar: "أساسيات راسبيري باي" },
    description: {
      en: "Set up a tiny, powerful computer and use it to code, control electronics and build your own smart projects.",
      ar: "جهّز حاسوبًا صغيرًا وقويًا واستخدمه للبرمجة والتحكم في الإلكترونيات وبناء مشاريعك الذكية.",
    },
    intro: {
      en: "The Raspberry Pi is a credit-card-sized computer used by hobbyists and engineers around the world. Students learn Linux, Python and hardware control on a machine they fully understand.",
      ar: "راسبيري باي حاسوب بحجم بطاقة الائتمان يستخدمه الهواة والمهندسون حول العالم. يتعلم الطلاب لينكس وبايثون والتحكم في العتاد على جهاز يفهمونه بالكامل.",
    },
    learn: {
      en: [
        "Installing the operating system and using the terminal",
        "Python programming on the Raspberry Pi",
        "Controlling LEDs, buttons and sensors through GPIO pins",
        "Using the camera module and building a small web server",
      ],
      ar: [
        "تثبيت نظام التشغيل واستخدام سطر الأوامر",
        "البرمجة ببايثون على راسبيري باي",
        "التحكم في المصابيح والأزرار والحساسات عبر منافذ GPIO",
        "استخدام وحدة الكاميرا وبناء خادم ويب صغير",
      ],
    },
    project: {
      en: "Students build a home project such as a motion-triggered camera or a personal weather display.",
      ar: "يبني الطلاب مشروعًا منزليًا مثل كاميرا تلتقط الصور عند رصد الحركة أو شاشة طقس شخصية.",
    },
    faqs: [
      {
        question: { en: "Do I need to buy a Raspberry Pi?", ar: "هل أحتاج إلى شراء راسبيري باي؟" },
        answer: {
          en: "Boards are provided in class; owning one lets students continue projects at home.",
          ar: "توفَّر اللوحات في الصف، وامتلاك واحدة يتيح للطلاب متابعة مشاريعهم في المنزل.",
        },
      },
      {
        question: { en: "Is Python knowledge required?", ar: "هل معرفة بايثون مطلوبة؟" },
        answer: {
          en: "It helps. Students new to Python get extra practice material in the first weeks.",
          ar: "يُستحسن ذلك، لكنه ليس شرطًا. ويحصل الطلاب المبتدئون في بايثون على مواد تدريب إضافية في الأسابيع الأولى.",
        },
      },
    ],
    minAge: 16,
    maxAge: 24,
    sessions: 40,
    price: 4444,
    // The Raspberry Pi mentor of the teachers' list (the original's "Shivam Kumar" matched no teacher).
    instructor: "Shivam Pandey",
    rating: 4,
    keywords: "Raspberry Pi course, Linux for teens, GPIO projects, python hardware",
  },
];

/**
 * A course page's <title>: "… Course for Kids and Teens | STEM Academy" while that stays within
 * 70 characters, else "… Course | STEM Academy" (search results cut longer titles; html-validate
 * `long-title`, issue 28).
 */
function courseMetaTitle(name: string): string {
  const full = `${name} Course for Kids and Teens | STEM Academy`;
  return full.length <= 70 ? full : `${name} Course | STEM Academy`;
}
export const courses: CourseSeed[] = sources.map((s) => {
  const slug = s.key.replaceAll("_", "-");
  return {
    key: s.key,
    slug,
    name_en: s.name.en,
    name_ar: s.name.ar,
    description_en: s.description.en,
    description_ar: s.description.ar,
    content_en: toDbJson(content(s, "en")),
    content_ar: toDbJson(content(s, "ar")),
    faqs: toDbJson(s.faqs),
    sessions: s.sessions,
    price: s.price,
    discounted: 0,
    original_price: null,
    min_age: s.minAge,
    max_age: s.maxAge,
    instructor: s.instructor,
    rating: s.rating,
    image: `/images/courses/${slug}.svg`,
    meta_title: courseMetaTitle(s.name.en),
    meta_description: s.description.en,
    meta_keywords: s.keywords,
  };
});
