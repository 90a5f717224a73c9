/**
 * "Allow notifications on this device" on /account (issue 45, decision 131): asks the browser's
 * permission, subscribes through the service worker with the academy's VAPID key
 * (GET /api/push/public-key) and stores the subscription for the signed-in guardian
 * (POST /api/account/push-subscriptions). Loaded only on a page with `[data-push-device]`; the
 * button stays hidden where the browser cannot receive notifications.
 */
export function enhancePushButton(box: HTMLElement): void {
  const button = box.querySelector("button");
  const status = box.querySelector<HTMLElement>("[role=status]");
  if (!button || !status) return;
  const say = (text: string | undefined) => {
    status.textContent = text ?? "";
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return say(box.dataset.unsupportedText);
  if (Notification.permission === "denied") return say(box.dataset.blockedText);
  button.hidden = false;
  void navigator.serviceWorker.ready
    .then((registration) => registration.pushManager.getSubscription())
    .then((subscription) => {
      if (subscription && Notification.permission === "granted") say(box.dataset.enabledText);
    });
  button.addEventListener("click", () => {
    button.disabled = true;
    void subscribe()
      .then((text) => say(text))
      .catch(() => say(box.dataset.unsupportedText))
      .finally(() => {
        button.disabled = false;
      });
  });

  async function subscribe(): Promise<string | undefined> {
    if ((await Notification.requestPermission()) !== "granted") return box.dataset.blockedText;
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = (await (await fetch("/api/push/public-key")).json()) as { publicKey: string };
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) }));
    const answer = await fetch("/api/account/push-subscriptions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...subscription.toJSON(), lang: document.documentElement.lang === "ar" ? "ar" : "en" }),
    });
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    return body.message;
  }
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
