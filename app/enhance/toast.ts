/**
 * A toast without React (decision 055): clones the server's <template id="toast-template">
 * (app/ui/ToastTemplate.tsx), closes after 5 s unless hovered or focused, and by its close button.
 */
const AUTO_CLOSE_MS = 5000;

let region: HTMLElement | null = null;

export function showToast(kind: "success" | "error", message: string): void {
  const template = document.getElementById("toast-template") as HTMLTemplateElement | null;
  if (!template) return;
  const fragment = template.content;
  if (!region) {
    region = fragment.firstElementChild!.cloneNode(false) as HTMLElement;
    document.body.append(region);
  }
  const toast = fragment.querySelector<HTMLElement>("[data-toast]")!.cloneNode(true) as HTMLElement;
  toast.dataset.kind = kind;
  toast.querySelector("[data-toast-text]")!.textContent = message;
  const close = () => toast.remove();
  toast.querySelector("button")!.addEventListener("click", close);
  let timer = window.setTimeout(close, AUTO_CLOSE_MS);
  const pause = () => window.clearTimeout(timer);
  const resume = () => {
    if (!toast.matches(":hover, :focus-within")) timer = window.setTimeout(close, AUTO_CLOSE_MS);
  };
  toast.addEventListener("mouseenter", pause);
  toast.addEventListener("focusin", pause);
  toast.addEventListener("mouseleave", resume);
  toast.addEventListener("focusout", resume);
  region.append(toast);
}
