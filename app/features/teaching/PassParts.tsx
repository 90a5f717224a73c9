/** What the class-pass and pickup-pass screens share: the pass's QR image, the scanners' field and button. */

/** The big green button of the instructors' scanning screens (check-in and pickup). */
export const scanButton = "min-h-12 w-full rounded-lg bg-emerald-700 px-4 py-3 text-lg font-semibold text-white hover:bg-emerald-800";

/**
 * The field a pass's link or code goes into, typed or from a desk scanner (check-in, decision 141;
 * pickup, decision 142): left to right, no autocorrect, its hint read with it.
 */
export function PassTokenField({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <input
        id={id}
        name="token"
        type="text"
        required
        maxLength={400}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
        aria-describedby={`${id}-hint`}
        className="mt-1 min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
      />
    </div>
  );
}

/** A pass's QR code, 240 px: the image reads the same in both directions, so it stays left to right. */
export function PassQr({ svg, alt }: { svg: string; alt: string }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={240}
      height={240}
      dir="ltr"
      className="mx-auto my-3 h-60 w-60 bg-white"
    />
  );
}
