import { showToast } from "./toast";

/**
 * The footer's contact form and the school enquiry form on pages without React (decision 055).
 * Without this they post to their page and come back with a notice (post/redirect/get); with it a
 * valid message goes to the form's JSON endpoint (`data-endpoint`), the server's answer is a toast
 * and the form is cleared, as the specification asks (section 8). A refusal of the input (400) is
 * posted to the page after all, which shows each message next to its field; any other failure is
 * the form's toast (`data-failed`, `data-network`). The camp page's brochure form (in a dialog,
 * `data-errors-in-place`) shows the server's field messages in place instead, and on success
 * downloads the PDF (`data-download`) and closes its dialog. The camp enrolment form
 * (`data-follow-notice`) goes on success to the answer's `confirmationUrl`, with the notice that
 * page shows (the same URL its post without JavaScript redirects to); it shows the server's own
 * message when sending fails (`data-server-failure`), its button says `data-pending-label` while
 * sending. /account's forms (decision 125) also say their method (`data-method`), fields sent as
 * numbers (`data-number`), the refusal's wording around the server's message (`data-refusal`), and
 * what follows success: the page's regions refreshed (`data-refresh`, app/enhance/refresh.ts), or
 * another page (`data-go`; `data-signed-out` when the answer says this browser was signed out).
 */
// The form's visible submit button: not "Apply code" (the page's own post), not the Enter-only first
// button (app/ui/DefaultSubmit.tsx), which the browser clicks on Enter and which submits as this one.
const VISIBLE_SUBMIT = "button[type=submit]:not([data-native-post]):not([data-default-submit])";

export function enhanceJsonForms(): void {
  // A message the server rendered next to a field goes once the field is corrected (the browser's
  // own checks: type, required), as on pages React takes over; fields still wrong keep theirs.
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.getAttribute("aria-invalid") !== "true" || !field.checkValidity())
      return;
    // An island's fields are React's (the booking steps, decision 108): removing its messages here
    // would leave React updating elements no longer in the page.
    if (field.closest("[data-react-island]")) return;
    field.setAttribute("aria-invalid", "false");
    document.getElementById(`${field.id}-error`)?.remove();
  });
  // A choice that narrows another list of its form (`data-narrows="<its name>"`): the camp chosen
  // on /enroll leaves only its sessions, as the hydrated form renders them. Without script every
  // camp's sessions stay, each group under its camp's name.
  document.addEventListener("change", (event) => {
    const choice = event.target;
    if (choice instanceof HTMLSelectElement && choice.dataset.narrows) narrow(choice);
  });
  for (const choice of document.querySelectorAll<HTMLSelectElement>("select[data-narrows]")) if (choice.value) narrow(choice);
  // Back from the confirmation page (back/forward cache): the form that was leaving is usable again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll<HTMLFormElement>("form[data-sending]")) {
      delete form.dataset.sending;
      const button = form.querySelector<HTMLButtonElement>(VISIBLE_SUBMIT);
      if (button) {
        button.disabled = false;
        if (button.dataset.label) button.textContent = button.dataset.label;
      }
    }
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.endpoint || event.defaultPrevented) return;
    // A button that posts the page itself (the enrolment forms' "Apply code"): the browser's own post.
    if ((event as SubmitEvent).submitter?.hasAttribute("data-native-post")) return;
    event.preventDefault();
    if (form.dataset.sending) return;
    void send(form);
  });
}

async function send(form: HTMLFormElement): Promise<void> {
  const body: Record<string, string | number> = {};
  for (const [name, value] of new FormData(form)) {
    // Hidden fields (where to come back to) belong to the page's form post only.
    const field = form.elements.namedItem(name);
    if (typeof value !== "string" || (field instanceof HTMLInputElement && field.type === "hidden")) continue;
    // An empty number is left out: the server's rule says it is required.
    if (field instanceof HTMLInputElement && field.hasAttribute("data-number")) {
      if (value.trim() !== "") body[name] = Number(value);
    } else body[name] = value;
  }
  const button = form.querySelector<HTMLButtonElement>(VISIBLE_SUBMIT);
  const label = button?.textContent;
  const { pendingLabel, followNotice, refusal, go, signedOut } = form.dataset;
  form.dataset.sending = "1";
  if (button) {
    button.disabled = true;
    button.dataset.label = label ?? "";
    if (pendingLabel) button.textContent = pendingLabel;
  }
  let leaving = false;
  try {
    let response: Response;
    try {
      response = await fetch(form.dataset.endpoint!, {
        method: form.dataset.method ?? "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
        body: JSON.stringify(body),
      });
    } catch {
      showToast("error", form.dataset.network ?? "");
      return;
    }
    const answer = (await response.json().catch(() => null)) as {
      message?: unknown;
      errors?: Record<string, string>;
      url?: unknown;
      confirmationUrl?: unknown;
      signedOut?: unknown;
    } | null;
    const message = typeof answer?.message === "string" && answer.message ? answer.message : undefined;
    // The refusal worded around the server's message ("Something went wrong: …"), as on hydrated pages.
    const refused = refusal && message ? refusal.replace("{message}", message) : undefined;
    if (response.status === 400) {
      // A form in a dialog (or on /account) shows the server's messages in place; any other form is
      // posted to its page, whose action answers the same input with the messages in place.
      if (form.hasAttribute("data-errors-in-place") && answer?.errors) {
        showErrors(form, answer.errors);
        if (refused) showToast("error", refused);
      } else HTMLFormElement.prototype.submit.call(form);
      return;
    }
    if (!response.ok) {
      const own = form.hasAttribute("data-server-failure") ? message : refused;
      showToast("error", own ?? form.dataset.failed ?? "");
      return;
    }
    // This browser's own session was ended (a device list), or the form leads elsewhere (account deleted).
    const away = signedOut && answer?.signedOut === true ? signedOut : go;
    if (away) {
      leaving = true;
      location.assign(away);
      return;
    }
    // The confirmation page shows the outcome itself, as after the post without JavaScript.
    if (followNotice && typeof answer?.confirmationUrl === "string" && answer.confirmationUrl.startsWith("/")) {
      const next = new URL(answer.confirmationUrl, location.href);
      next.searchParams.set("notice", followNotice);
      next.hash = "form-notice";
      leaving = true;
      location.assign(next.pathname + next.search + next.hash);
      return;
    }
    // The brochure: the PDF downloads and its dialog closes (first, so the toast is not behind it).
    if (typeof answer?.url === "string" && form.hasAttribute("data-download")) download(answer.url);
    form.closest("dialog")?.close();
    showToast("success", message ?? "");
    showErrors(form, {});
    // The page's regions come fresh from the server (the sent form with them, as the server saved it).
    if (form.hasAttribute("data-refresh")) {
      const refreshed = await import("./refresh")
        .then(({ refreshRegions }) => refreshRegions(form))
        .then(
          () => true,
          (error: unknown) => (console.warn("The page could not be refreshed.", error), false),
        );
      if (refreshed) return;
    }
    form.reset();
  } finally {
    // Leaving for the confirmation page: the button stays busy until the page goes.
    if (!leaving) {
      delete form.dataset.sending;
      if (button) {
        button.disabled = false;
        if (pendingLabel && label != null) button.textContent = label;
      }
    }
  }
}

const allChoices = new WeakMap<HTMLSelectElement, Element[]>();

/** The narrowed list: its own options (the "choose" prompt) and the chosen group's, flat; or every group when none matches. */
function narrow(choice: HTMLSelectElement) {
  const list = choice.form?.elements.namedItem(choice.dataset.narrows!);
  if (!(list instanceof HTMLSelectElement)) return;
  let all = allChoices.get(list);
  if (!all) allChoices.set(list, (all = [...list.children]));
  const groups = all.filter((node): node is HTMLOptGroupElement => node instanceof HTMLOptGroupElement);
  const chosen = groups.find((group) => group.label === choice.value);
  const kept = list.value;
  const own = all.filter((node) => node instanceof HTMLOptionElement);
  list.replaceChildren(...own, ...(chosen ? [...chosen.children].map((option) => option.cloneNode(true)) : groups));
  list.value = [...list.options].some((option) => option.value === kept && !option.disabled) ? kept : "";
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
    // At the end of the field's box (app/ui/Field.tsx: label, control, hint, message), not inside a
    // control's own wrapper (a password field's, whose "Show password" button spans its height).
    (form.querySelector(`label[for="${CSS.escape(field.id)}"]`)?.parentElement ?? field.parentElement!).append(error);
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
