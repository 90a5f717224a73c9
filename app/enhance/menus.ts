/**
 * The phone menu on pages without React (decision 055), as app/ui/Navbar.tsx. The server renders it
 * closed with a focus-within fallback (it opens while focus is inside, for visitors without
 * script); here the toggle takes over: aria-expanded, its label and icon, Escape closes and gives
 * focus back. (No account menu: these pages hydrate for a signed-in visitor.)
 */
const MENU_ICON = { open: "M6 6l12 12M18 6L6 18", closed: "M4 7h16M4 12h16M4 17h16" };

export function enhanceMenus(): void {
  const toggle = document.querySelector<HTMLButtonElement>("button[aria-controls=main-menu]");
  const menu = document.getElementById("main-menu");
  if (toggle && menu) phoneMenu(toggle, menu);
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
