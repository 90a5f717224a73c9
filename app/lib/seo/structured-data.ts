import type { Lang } from "~/i18n/lang";
import { absoluteUrl } from "~/lib/safe-url";
import type { Course } from "~/features/courses/course";
import type { BlogPost } from "~/features/blog/blog-post";

/** The academy as schema.org publisher / provider. */
function organization(publicUrl: string, name: string) {
  return {
    "@type": "Organization",
    name,
    url: `${publicUrl}/`,
    logo: { "@type": "ImageObject", url: `${publicUrl}/images/logo.svg` },
  };
}

/** schema.org BlogPosting of a post page at `url`. */
export function blogPostingLd(post: BlogPost, options: { publicUrl: string; url: string; siteName: string }) {
  const image = absoluteUrl(options.publicUrl, post.imageUrl);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.metaDescription || post.description,
    ...(image ? { image: [image] } : {}),
    datePublished: post.publishDate,
    dateModified: post.updatedAt > post.publishDate ? post.updatedAt : post.publishDate,
    author: { "@type": "Person", name: post.author },
    publisher: organization(options.publicUrl, options.siteName),
    mainEntityOfPage: { "@type": "WebPage", "@id": options.url },
    url: options.url,
    inLanguage: post.lang,
    ...(post.category ? { articleSection: post.category } : {}),
    ...(post.metaKeywords ? { keywords: post.metaKeywords } : {}),
  };
}

/** schema.org Course of a course page at `url`; prices are shown in dollars on the site. */
export function courseLd(course: Course, options: { publicUrl: string; url: string; siteName: string; lang: Lang }) {
  const image = absoluteUrl(options.publicUrl, course.courseImage);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.courseName,
    description: course.courseDescription,
    url: options.url,
    ...(image ? { image } : {}),
    inLanguage: options.lang,
    courseCode: course.key,
    typicalAgeRange: `${course.ageGroup.min}-${course.ageGroup.max}`,
    provider: organization(options.publicUrl, options.siteName),
    offers: [{ "@type": "Offer", category: "Paid", price: course.coursePrice, priceCurrency: "USD", url: options.url }],
    ...(course.instructorName ? { hasCourseInstance: [{ "@type": "CourseInstance", instructor: { "@type": "Person", name: course.instructorName } }] } : {}),
  };
}
