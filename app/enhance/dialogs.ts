/**
 * Dialogs on pages without React (decision 055): a button with `data-dialog="<id>"` opens that
 * `<dialog>` as a modal (the page behind is inert, Escape closes it, focus comes back to the
 * button) and puts focus on its heading; `data-close-dialog` and a click on the backdrop close it.
 * Tab and Shift+Tab go round the dialog: a modal <dialog> lets focus leave for the browser's own
 * controls after its last stop, and a keyboard user would be lost behind an inert page.
 * Without script the button does what it always did (a GET form: the content shows on the page).
 */
export function enhanceDialogs(): void {
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>("[data-dialog]");
    const dialog = opener && (document.getElementById(opener.dataset.dialog!) as HTMLDialogElement | null);
    if (dialog) {
      event.preventDefault();
      if (!dialog.open) dialog.showModal();
      dialog.querySelector<HTMLElement>("h2")?.focus();
    } else if (target.closest("[data-close-dialog]") || target instanceof HTMLDialogElement) {
      target.closest("dialog")?.close();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = (event.target as Element).closest?.("dialog[open]");
    if (!dialog) return;
    const stops = [
      ...dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type=hidden]):not([tabindex='-1']), select, textarea"),
    ].filter((el) => el.offsetParent !== null);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const leaving = event.shiftKey
      ? document.activeElement === first || !stops.includes(document.activeElement as HTMLElement)
      : document.activeElement === last;
    if (leaving) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}
