/** A row of buttons of which one is chosen (pressed): a format, a preview device, a kind of book. */
export function Segmented<Value extends string | number>({
  label,
  options,
  chosen,
  onChoose,
  className = "segmented",
  chosenClass = "active",
  testIdOf,
}: {
  /** The row's accessible name. */
  label: string;
  options: [Value, string][];
  chosen: Value;
  onChoose: (value: Value) => void;
  className?: string;
  chosenClass?: string;
  testIdOf?: (value: Value) => string;
}) {
  return (
    <fieldset className={className} aria-label={label}>
      {options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          data-testid={testIdOf?.(value)}
          aria-pressed={chosen === value}
          className={chosen === value ? chosenClass : ""}
          onClick={() => onChoose(value)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
