import { showToast } from "./toast";

/**
 * The footer's contact form and the school enquiry form on pages without React (decision 055).
 * Without this they post to their page and come back with a notice (post/redirect/get); with it a
 * valid message goes to the form's JSON endpoint (`data-endpoint`), the server's answer is a toast
 * and the form is cleared, as the specification asks (section 8). A refusal of the input (400) is
 * posted to the page after all, which shows each message next to its field; any other failure is
 * the form's toast (`data-failed`, `data-network`). The camp page's brochure form (in a dialog,
 * `data-errors-in-place`) shows the server's field messages in place instead, and on success
 * downloads the PDF (`data-download`) and closes its dialog.
 */
export function enhanceJsonForms(): void {
  // A message the server rendered next to a field goes once the field is corrected (the browser's
  // own checks: type, required), as on pages React takes over; fields still wrong keep theirs.
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.getAttribute("aria-invalid") !== "true" || !field.checkValidity()) return;
    field.setAttribute("aria-invalid", "false");
    document.getElementById(`${field.id}-error`)?.remove();
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.endpoint || event.defaultPrevented) return;
    event.preventDefault();
    if (form.dataset.sending) return;
    void send(form);
  });
}

async function send(form: HTMLFormElement): Promise<void> {
  const body: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    // Hidden fields (where to come back to) belong to the page's form post only.
    const field = form.elements.namedItem(name);
    if (typeof value === "string" && !(field instanceof HTMLInputElement && field.type === "hidden")) body[name] = value;
  }
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  form.dataset.sending = "1";
  if (button) button.disabled = true;
  try {
    let response: Response;
    try {
      response = await fetch(form.dataset.endpoint!, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
        body: JSON.stringify(body),
      });
    } catch {
      showToast("error", form.dataset.network ?? "");
      return;
    }
    const answer = (await response.json().catch(() => null)) as { message?: unknown; errors?: Record<string, string>; url?: unknown } | null;
    if (response.status === 400) {
      // A form in a dialog shows the server's messages in place; any other form is posted to its
      // page, whose action answers the same input with the messages in place.
      if (form.hasAttribute("data-errors-in-place") && answer?.errors) showErrors(form, answer.errors);
      else HTMLFormElement.prototype.submit.call(form);
      return;
    }
    if (!response.ok) {
      showToast("error", form.dataset.failed ?? "");
      return;
    }
    // The brochure: the PDF downloads and its dialog closes (first, so the toast is not behind it).
    if (typeof answer?.url === "string" && form.hasAttribute("data-download")) download(answer.url);
    form.closest("dialog")?.close();
    showToast("success", typeof answer?.message === "string" ? answer.message : "");
    showErrors(form, {});
    form.reset();
  } finally {
    delete form.dataset.sending;
    if (button) button.disabled = false;
  }
}

/** The server's message under each refused field, as app/ui/Field.tsx renders it; the first refused field gets focus. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>) {
  for (const old of form.querySelectorAll("[data-field-error]")) old.remove();
  let first: HTMLElement | undefined;
  for (const field of form.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]")) {
    const message = errors[field.name];
    if (!field.id) continue;
    field.setAttribute("aria-invalid", String(Boolean(message)));
    if (!message) continue;
    document.getElementById(`${field.id}-error`)?.remove();
    const error = Object.assign(document.createElement("p"), { id: `${field.id}-error`, className: "mt-1 text-sm text-red-700", textContent: message });
    error.setAttribute("role", "alert");
    error.dataset.fieldError = "";
    field.parentElement!.append(error);
    const described = new Set((field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean)).add(error.id);
    field.setAttribute("aria-describedby", [...described].join(" "));
    first ??= field;
  }
  first?.focus();
}

/** Starts a file download without leaving the page. */
function download(url: string) {
  const link = Object.assign(document.createElement("a"), { href: url, download: "" });
  document.body.append(link);
  link.click();
  link.remove();
}
