import { useTranslation } from "react-i18next";
import { photoSrcSet, photoUrl } from "./photo-urls";

interface Photo {
  id: number;
  width: number;
  height: number;
  widths: number[];
}

/**
 * A project's photos, each through the checked file route (GET /api/portfolio/photos/:id): the
 * browser sends its session, so the server decides per photo; a phone takes the 320 or 640 copy.
 */
export function PortfolioPhotos({ photos, title, altKey = "roster.photoAlt" }: { photos: Photo[]; title: string; altKey?: string }) {
  const { t } = useTranslation("portfolio");
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
      {photos.map((photo, index) => (
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
      ))}
    </ul>
  );
}
