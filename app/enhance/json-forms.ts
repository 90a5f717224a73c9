import { showToast } from "./toast";

/**
 * The footer's contact form and the school enquiry form on pages without React (decision 055).
 * Without this they post to their page and come back with a notice (post/redirect/get); with it a
 * valid message goes to the form's JSON endpoint (`data-endpoint`), the server's answer is a toast
 * and the form is cleared, as the specification asks (section 8). A refusal of the input (400) is
 * posted to the page after all, which shows each message next to its field; any other failure is
 * the form's toast (`data-failed`, `data-network`).
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
    if (response.status === 400) {
      // The page's action answers the same input with the messages in place.
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (!response.ok) {
      showToast("error", form.dataset.failed ?? "");
      return;
    }
    showToast("success", typeof answer?.message === "string" ? answer.message : "");
    form.reset();
    for (const field of form.querySelectorAll("[aria-invalid=true]")) field.setAttribute("aria-invalid", "false");
  } finally {
    delete form.dataset.sending;
    if (button) button.disabled = false;
  }
}
