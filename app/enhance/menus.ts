/**
 * The phone menu on pages without React (decision 055), as app/ui/Navbar.tsx. The server renders it
 * closed with a focus-within fallback (it opens while focus is inside, for visitors without
 * script); here the toggle takes over: aria-expanded, its label and icon, Escape closes and gives
 * focus back. Signed-in pages without React (decision 108: the account's invoices, the staff
 * dashboard and billing) also have the account menu and the staff sidebar's phone menu: the same
 * disclosure, their fallback classes named by `data-fallback`.
 */
const MENU_ICON = { open: "M6 6l12 12M18 6L6 18", closed: "M4 7h16M4 12h16M4 17h16" };

export function enhanceMenus(): void {
  const toggle = document.querySelector<HTMLButtonElement>("button[aria-controls=main-menu]");
  const menu = document.getElementById("main-menu");
  if (toggle && menu) phoneMenu(toggle, menu);
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-disclosure]")) {
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (panel) disclosure(button, panel);
  }
}

/**
 * A toggle and its panel (the account menu, the staff sidebar on a phone). The server renders the
 * panel `hidden` with a focus-within fallback class (`data-fallback`) for visitors without script;
 * here the button opens and closes it, Escape closes it (only this layer: the phone menu around
 * the account menu stays open) and gives focus back, and a click elsewhere closes it. A button
 * with `data-open-label`/`data-close-label` shows the one that fits.
 */
function disclosure(button: HTMLButtonElement, panel: HTMLElement) {
  const fallback = panel.dataset.fallback;
  if (fallback) panel.classList.remove(fallback);
  const shown = panel.dataset.shown ?? "block";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("hidden", !open);
    panel.classList.toggle(shown, open);
    const label = open ? button.dataset.closeLabel : button.dataset.openLabel;
    if (label) button.textContent = label;
  };
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  button.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !isOpen()) return;
      event.preventDefault();
      setOpen(false);
      button.focus();
    },
    true,
  );
  // A popover (the account menu) closes on a click outside its wrapper; the sidebar stays as the visitor left it.
  if (button.dataset.disclosure !== "popover") return;
  document.addEventListener("mousedown", (event) => {
    const wrapper = button.parentElement;
    if (isOpen() && wrapper && !wrapper.contains(event.target as Node)) setOpen(false);
  });
}

function phoneMenu(toggle: HTMLButtonElement, menu: HTMLElement) {
  menu.classList.remove("group-focus-within/menu:flex");
  const label = toggle.querySelector(".sr-only");
  const icon = toggle.querySelector("path");
  const setOpen = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("hidden", !open);
    menu.classList.toggle("flex", open);
    if (label) label.textContent = (open ? toggle.dataset.closeLabel : toggle.dataset.openLabel) ?? label.textContent;
    icon?.setAttribute("d", open ? MENU_ICON.open : MENU_ICON.closed);
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || toggle.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    toggle.focus();
  });
}
