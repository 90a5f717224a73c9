/** A portfolio photo's address: the checked file route at a width (decision 135; never a file under /uploads/). */
export const photoUrl = (id: number, width: number) => `/api/portfolio/photos/${id}?w=${width}`;

/** Every stored width of the photo, for the browser to pick from. */
export const photoSrcSet = (photo: { id: number; widths: number[] }) => photo.widths.map((width) => `${photoUrl(photo.id, width)} ${width}w`).join(", ");

/** A portfolio video's address: the checked route, which answers in ranges (decision 144). */
export const videoUrl = (id: number) => `/api/portfolio/videos/${id}`;

/** What the file field offers besides photos: a phone's videos (MP4, MOV, WebM). */
export const VIDEO_ACCEPT = "video/mp4,video/quicktime,video/webm";
