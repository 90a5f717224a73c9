import type { Insertable } from "kysely";
import type { ProductsTable } from "~server/db/schema";

type ProductSeed = Omit<Insertable<ProductsTable>, "id" | "created_at" | "updated_at">;

export const products: ProductSeed[] = [
  {
    slug: "robotics-starter-kit",
    name_en: "Robotics Starter Kit",
    name_ar: "طقم الروبوتات للمبتدئين",
    description_en: "Everything needed to build a two-wheeled robot with distance and line sensors, plus step-by-step project cards.",
    description_ar: "كل ما تحتاجه لبناء روبوت بعجلتين مزوّد بحساسات المسافة وتتبع الخط، مع بطاقات مشاريع مشروحة خطوة بخطوة.",
    price: 69,
    image: "/images/products/robotics-starter-kit.svg",
    sort: 1,
  },
  {
    slug: "arduino-starter-kit",
    name_en: "Arduino Starter Kit",
    name_ar: "طقم أردوينو للمبتدئين",
    description_en: "An Arduino-compatible board with a breadboard, LEDs, buttons, sensors and a servo motor for more than 20 projects.",
    description_ar: "لوحة متوافقة مع أردوينو مع لوحة تجارب ومصابيح LED وأزرار وحساسات ومحرك سيرفو لأكثر من 20 مشروعًا.",
    price: 49,
    image: "/images/products/arduino-starter-kit.svg",
    sort: 2,
  },
  {
    slug: "solar-science-kit",
    name_en: "Solar Science Kit",
    name_ar: "طقم علوم الطاقة الشمسية",
    description_en: "Build a solar car, a fan and a windmill while learning how sunlight becomes electricity.",
    description_ar: "اصنع سيارة شمسية ومروحة وطاحونة هواء، وتعلّم كيف يتحول ضوء الشمس إلى كهرباء.",
    price: 29,
    image: "/images/products/solar-science-kit.svg",
    sort: 3,
  },
  {
    slug: "snap-circuits-kit",
    name_en: "Snap Circuits Kit",
    name_ar: "طقم الدوائر سهلة التركيب",
    description_en: "Colour-coded snap-together parts let young inventors build working circuits without tools or soldering.",
    description_ar: "قطع ملونة سهلة التركيب تتيح للمخترعين الصغار بناء دوائر تعمل دون أدوات أو لحام.",
    price: 39,
    image: "/images/products/snap-circuits-kit.svg",
    sort: 4,
  },
  {
    slug: "diy-drone-kit",
    name_en: "DIY Drone Kit",
    name_ar: "طقم تركيب طائرة مسيّرة",
    description_en: "A lightweight quadcopter with propeller guards to assemble, program and fly, ideal for first-time pilots.",
    description_ar: "طائرة رباعية المراوح خفيفة الوزن مع واقيات للمراوح، للتركيب والبرمجة والطيران، ومثالية للطيارين المبتدئين.",
    price: 89,
    image: "/images/products/diy-drone-kit.svg",
    sort: 5,
  },
];
