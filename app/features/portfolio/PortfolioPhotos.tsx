import { useTranslation } from "react-i18next";
import { photoSrcSet, photoUrl, videoUrl } from "./photo-urls";

interface Photo {
  id: number;
  /** A short video (decision 144) is played from its checked route; a photo is an image. */
  kind?: "photo" | "video";
  width: number;
  height: number;
  widths: number[];
}

/**
 * A project's photos and videos, each through the checked file route (GET /api/portfolio/photos/:id,
 * /api/portfolio/videos/:id): the browser sends its session, so the server decides per item; a
 * phone takes the 320 or 640 copy of a photo, and plays a video in ranges without loading it first.
 */
export function PortfolioPhotos({ photos, title, altKey = "roster.photoAlt" }: { photos: Photo[]; title: string; altKey?: string }) {
  const { t } = useTranslation("portfolio");
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
      {photos.map((photo, index) =>
        photo.kind === "video" ? (
          <li key={photo.id} className="col-span-2 sm:col-span-1">
            <video
              src={videoUrl(photo.id)}
              controls
              playsInline
              preload="metadata"
              width={photo.width}
              height={photo.height}
              aria-label={t("roster.videoLabel", { number: index + 1, title })}
              // On a phone the video's own shape (a phone's upright video is not squeezed into a
              // wide box), up to most of the screen; from sm up, the photos' 4:3 cell, letterboxed.
              className="h-auto max-h-[70vh] w-full rounded-lg border border-slate-200 bg-slate-900 object-contain sm:aspect-[4/3]"
            />
          </li>
        ) : (
          <li key={photo.id}>
            <img
              src={photoUrl(photo.id, 640)}
              srcSet={photoSrcSet(photo)}
              sizes="(min-width: 640px) 33vw, 50vw"
              width={photo.width}
              height={photo.height}
              loading="lazy"
              alt={t(altKey, { number: index + 1, title })}
              className="aspect-[4/3] h-auto w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
            />
          </li>
        ),
      )}
    </ul>
  );
}
