/**
 * "Show password" on a page without React (decision 125: /account), as app/ui/PasswordInput.tsx
 * does once hydrated: the server renders the button in a `<template data-password-toggle>` (so a
 * visitor without script has a plain password field and no button that does nothing); here it is
 * put in place and switches its field between hidden and shown text.
 */
export function showPasswordToggles(root: ParentNode = document): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-password-toggle]")) template.replaceWith(template.content.cloneNode(true));
}

export function enhancePasswordToggles(): void {
  if (!document.querySelector("template[data-password-toggle]")) return;
  showPasswordToggles();
  // One listener for the page: buttons that a refresh puts in later work too.
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-password-toggle]");
    const field = button ? document.getElementById(button.getAttribute("aria-controls") ?? "") : null;
    if (!button || !(field instanceof HTMLInputElement)) return;
    const show = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(show));
    field.type = show ? "text" : "password";
  });
}
