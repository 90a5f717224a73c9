import type { ReactNode } from "react";
import { BackArrow } from "~/ui/Bidi";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";

/**
 * The top of a taught group's page (portfolio, skills, progress reports): its title, kept out of
 * search engines, the way back to /teaching, the heading and the lines under it. Each page passes
 * its words from its own namespace.
 */
export function TaughtGroupHeader({
  title,
  description,
  back,
  heading,
  children,
}: {
  title: string;
  description: string;
  back: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <p>
        <LocalLink to="/teaching" className="font-medium text-indigo-800 underline">
          <BackArrow /> {back}
        </LocalLink>
      </p>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
        {children}
      </header>
    </>
  );
}
