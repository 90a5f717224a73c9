/**
 * A cell's column name, shown above its value when a staff table's rows become cards below 640 px
 * (`stack-table` in app.css). Hidden from screen readers, which read the column header instead.
 */
export function StackLabel({ children }: { children: string }) {
  return (
    <span className="stack-label" aria-hidden="true">
      {children}
    </span>
  );
}
