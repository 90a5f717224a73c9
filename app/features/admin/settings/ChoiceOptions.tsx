/** The options of a settings picker (time zone, phone country): values and labels from the loader. */
export function ChoiceOptions({ choices }: { choices: { value: string; label: string }[] }) {
  return (
    <>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
