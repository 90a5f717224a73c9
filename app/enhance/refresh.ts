import { showPasswordToggles } from "./password-toggle";

/**
 * After a form of a page without React changed what the page shows (decision 125: /account's
 * forms), the page's `[data-refresh-region]` parts are replaced by those of the same page's fresh
 * HTML, as React's revalidation re-rendered them: the new child in the list, the new name in the
 * account button. What the visitor typed into the page's other forms, the open `<details>` and the
 * focus are kept. Loaded with the first accepted form (a chunk of the enhancement script).
 */
export async function refreshRegions(sent: HTMLFormElement): Promise<void> {
  const response = await fetch(location.pathname, { credentials: "same-origin", headers: { accept: "text/html" } });
  if (!response.ok) throw new Error(`refresh: ${response.status}`);
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  const regions = [...document.querySelectorAll<HTMLElement>("[data-refresh-region]")];
  // Sent elsewhere (signed out meanwhile): not this page, so nothing of it is taken.
  if (regions.some((region) => !next.querySelector(`[data-refresh-region="${region.dataset.refreshRegion}"]`))) throw new Error("refresh: another page");
  const typed = typedValues(sent);
  const opened = [...document.querySelectorAll("main details")].map((details) => (details as HTMLDetailsElement).open);
  const focus = focusPlace(document.activeElement);
  for (const region of regions) {
    const fresh = next.querySelector(`[data-refresh-region="${region.dataset.refreshRegion}"]`)!;
    // The element stays (its listeners: the account menu's button); its content and name are new.
    region.replaceChildren(...[...fresh.childNodes].map((node) => document.adoptNode(node)));
    const label = fresh.getAttribute("aria-label");
    if (label !== null) region.setAttribute("aria-label", label);
    showPasswordToggles(region);
  }
  for (const [formId, name, value] of typed) {
    const field = (document.getElementById(formId) as HTMLFormElement | null)?.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) field.value = value;
  }
  const details = [...document.querySelectorAll<HTMLDetailsElement>("main details")];
  if (details.length === opened.length) details.forEach((one, index) => (one.open = opened[index]!));
  focus?.()?.focus({ preventScroll: true });
}

/** Values typed into the page's forms other than the one sent (that one shows what the server saved). */
function typedValues(sent: HTMLFormElement): [string, string, string][] {
  const typed: [string, string, string][] = [];
  for (const form of document.querySelectorAll<HTMLFormElement>("[data-refresh-region] form[id]")) {
    if (form === sent) continue;
    for (const field of form.elements) {
      const changed =
        field instanceof HTMLSelectElement
          ? [...field.options].some((option) => option.selected !== option.defaultSelected)
          : (field instanceof HTMLInputElement && !["hidden", "checkbox", "radio", "submit", "button"].includes(field.type)) ||
              field instanceof HTMLTextAreaElement
            ? field.value !== field.defaultValue
            : false;
      if (changed && (field as HTMLInputElement).name) typed.push([form.id, (field as HTMLInputElement).name, (field as HTMLInputElement).value]);
    }
  }
  return typed;
}

/** How to find the focused control again: by its form's id and place in it, or by its own id. */
function focusPlace(active: Element | null): (() => HTMLElement | null) | undefined {
  if (!(active instanceof HTMLElement) || !active.closest("[data-refresh-region]")) return undefined;
  const form = active.closest("form");
  if (form?.id) {
    const index = [...form.elements].indexOf(active);
    return () => ((document.getElementById(form.id) as HTMLFormElement | null)?.elements[index] as HTMLElement | undefined) ?? null;
  }
  return active.id ? () => document.getElementById(active.id) : undefined;
}
