/** A row of tabs, each with the onboarding guide's name for it. */
export function TabList<Name extends string>({
  className,
  tabs,
  chosen,
  onChoose,
}: {
  className: string;
  tabs: [Name, string, string][];
  chosen: Name;
  onChoose: (name: Name) => void;
}) {
  return (
    <div className={className} role="tablist">
      {tabs.map(([name, label, guide]) => (
        <button
          key={name}
          type="button"
          role="tab"
          data-guide={guide}
          aria-selected={chosen === name}
          className={chosen === name ? "active" : ""}
          onClick={() => onChoose(name)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
