import type { ReactNode } from "react";

interface Feature {
  key: string;
  /** Text, or a staff-edited text in its element carrying its language. */
  title: ReactNode;
  text: ReactNode;
  icon: ReactNode;
}

/** Four cards with an icon, a title and a sentence (the two Why Choose Us sections). */
export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => (
        <li key={feature.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700">
            {feature.icon}
          </span>
          <h3 className="mt-4 text-lg font-bold text-slate-900">{feature.title}</h3>
          <p className="mt-2 text-slate-700">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Small line icons drawn here (no icon library). */
const path = (d: string) => (
  <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

export const icons = {
  mentor: path("M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0"),
  build: path("M14 7l3-3 3 3-3 3m-3-3L4 17v3h3L17 10"),
  group: path("M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0m-2-4a6 6 0 0 1 10 4"),
  clock: path("M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2"),
  award: path("M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm-3 0-1 7 4-2 4 2-1-7"),
  chart: path("M4 20V10m6 10V4m6 16v-7m4 7H2"),
  shield: path("M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"),
  rocket: path("M5 19c1-3 3-5 5-6m4-9c3 0 6 3 6 6-2 5-6 8-9 9l-3-3c1-3 4-7 9-9zM9 15l-4 1 1-4"),
  bulb: path("M9 18h6m-5 3h4M12 3a6 6 0 0 0-3 11v2h6v-2a6 6 0 0 0-3-11z"),
  cube: path("M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5"),
  code: path("M8 8l-4 4 4 4m8-8 4 4-4 4M14 5l-4 14"),
  robot: path("M7 8h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zm5-4v4M9 13h.01M15 13h.01M2 12v3m20-3v3"),
};
