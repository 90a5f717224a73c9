/**
 * Registers the installable app's service worker (/sw.js, issue 45, decision 131) once the page
 * has loaded, so it never competes with the page. This line is all a public page gets of it: the
 * worker itself is not a page script, and it leaves public pages alone.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
