import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading; also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Extra classes for the dialog box (its width, mostly). */
  className?: string;
}

const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * showModal() makes the page inert but lets Tab leave the document for the browser's own
 * controls; wrapping at both ends keeps keyboard users inside the dialog until they close it.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  // Rendered and in the tab order (a honeypot field is neither).
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(tabbable)).filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
  if (stops.length === 0) return;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  // Shift+Tab from the first stop or from the focused heading would leave the page.
  if (event.shiftKey && (active === first || !stops.includes(active!))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside) and Escape closes it. Focus returns to whatever opened it.
 */
export function Modal({ open, onClose, title, children, className = "max-w-lg" }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Start at the heading: it is read out first and a long body is not scrolled past.
      heading.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Runs for every way of closing (Escape, a Close button, the parent setting open=false).
  const handleClose = () => {
    opener.current?.focus();
    opener.current = null;
    if (open) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={handleClose}
      // Escape and a click on the backdrop (which lands on the dialog element itself) ask the
      // parent to close, so its state changes before the dialog does: closing natively first left
      // a moment where the dialog was shut but `open` still true, and a quick reopen was lost.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={keepTabInside}
      data-lenis-prevent
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
    >
      <div className="p-6">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
