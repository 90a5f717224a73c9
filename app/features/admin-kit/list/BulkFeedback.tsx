/**
 * The line under a bulk form (slots, bookings, submission lists) after a post: "nothing ticked",
 * or the server's message, green when it went through. Other states (a question asked) show nothing here.
 */
export function BulkFeedback({ state, noneText }: { state: object | undefined; noneText: string }) {
  if (state && "none" in state)
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {noneText}
      </p>
    );
  if (state && "message" in state && typeof state.message === "string") {
    const ok = "ok" in state && state.ok === true;
    return (
      <p role={ok ? "status" : "alert"} className={`text-sm font-medium ${ok ? "text-green-800" : "text-red-800"}`}>
        {state.message}
      </p>
    );
  }
  return null;
}
