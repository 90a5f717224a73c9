/** A form's own message after a refusal (full slot, too many tries...), announced when it appears. */
export function FormAlert({
  message,
  className = "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
}: {
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
