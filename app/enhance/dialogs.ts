/**
 * Dialogs on pages without React (decision 055): a button with `data-dialog="<id>"` opens that
 * `<dialog>` as a modal (the page behind is inert, Escape closes it, focus comes back to the
 * button) and puts focus on its heading; `data-close-dialog` and a click on the backdrop close it.
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
}
