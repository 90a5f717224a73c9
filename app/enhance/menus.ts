/**
 * The phone menu and the account menu on pages without React (decision 055). The server renders
 * both closed with a focus-within fallback (they open while focus is inside, for visitors without
 * script); here the toggles take over: aria-expanded, Escape closes and gives focus back, a click
 * elsewhere closes the account menu. The same behaviour as app/ui/Navbar.tsx and AccountMenu.tsx.
 */
const MENU_ICON = { open: "M6 6l12 12M18 6L6 18", closed: "M4 7h16M4 12h16M4 17h16" };

export function enhanceMenus(): void {
  const toggle = document.querySelector<HTMLButtonElement>("button[aria-controls=main-menu]");
  const menu = document.getElementById("main-menu");
  if (toggle && menu) phoneMenu(toggle, menu);
  const account = document.querySelector<HTMLElement>("[data-account-menu]");
  if (account) accountMenu(account);
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
  // The account menu inside handles its own Escape first (capture) and marks it handled.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || toggle.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    toggle.focus();
  });
}

function accountMenu(wrapper: HTMLElement) {
  const button = wrapper.querySelector<HTMLButtonElement>("button[aria-controls]");
  const menu = button && document.getElementById(button.getAttribute("aria-controls")!);
  if (!button || !menu) return;
  menu.classList.remove("group-focus-within/account:block");
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("hidden", !open);
  };
  button.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !isOpen()) return;
      // One Escape closes one layer: the account menu, not also the phone menu around it.
      event.preventDefault();
      setOpen(false);
      button.focus();
    },
    true,
  );
  document.addEventListener("mousedown", (event) => {
    if (isOpen() && !wrapper.contains(event.target as Node)) setOpen(false);
  });
  sessionCheck(wrapper.dataset.email ?? null);
}

/**
 * A page restored from the back/forward cache may show an account that has since signed out (or
 * none where one signed in): ask the server (GET /api/getUser) and load the page again if so.
 */
export function sessionCheck(shownEmail: string | null): void {
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    fetch("/api/getUser", { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok && response.status !== 400 && response.status !== 401) return;
        const answer = (await response.json().catch(() => null)) as { user?: { email?: string } } | null;
        const email = response.ok ? (answer?.user?.email ?? null) : null;
        if (email !== shownEmail) location.reload();
      })
      .catch(() => undefined);
  });
}
