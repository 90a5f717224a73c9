import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import { dirOf, localizePath, type Lang } from "~/i18n/lang";

/** The site's palette (app/app.css, the favicon): indigo 600 for the browser's bar, white behind the start screen. */
export const THEME_COLOUR = "#4f46e5";
const BACKGROUND_COLOUR = "#ffffff";

/**
 * The web app manifest in one language (issue 45, decision 131): the family's app opens on their
 * account (the timetable), in that language and direction. The icons are PNGs drawn from the
 * favicon's design by scripts/make-icons.ts (checked in under public/icons).
 */
export function webManifest(lang: Lang) {
  const start = localizePath("/account", lang);
  return {
    id: start,
    name: serverT(lang, "common", "brand"),
    short_name: serverT(lang, "common", "brand"),
    description: serverT(lang, "push", "manifest.description"),
    lang,
    dir: dirOf(lang),
    start_url: start,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

const manifestEndpoint = (lang: Lang) =>
  defineEndpoint({
    method: "GET",
    path: localizePath("/manifest.webmanifest", lang),
    access: "anyone",
    produces: "manifest",
    input: z.object({}),
    run: async () => fileAnswer("manifest", JSON.stringify(webManifest(lang)), { cacheControl: "public, max-age=3600" }),
  });

/** GET /manifest.webmanifest: the English app. */
export const englishManifest = manifestEndpoint("en");
/** GET /ar/manifest.webmanifest: the Arabic app (right to left). */
export const arabicManifest = manifestEndpoint("ar");

export function installApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [englishManifest, arabicManifest]);
}
