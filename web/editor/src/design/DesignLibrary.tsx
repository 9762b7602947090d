import type { BusinessCardsFile, PresetEntry, SettingValues } from "@turnleaf/resource-files";
import { useScreenServices } from "../screen-services.js";
import { type DesignKind, designRecordKeys, recordedDesign, recordedDesignOf } from "./resources.js";

/** What both design lists are given: the book's values and how a design is applied. */
interface DesignListContext {
  values: Record<string, unknown>;
  onApply(values: SettingValues, label: string): void;
}

/** One list of designs (phone templates, backgrounds), each applied with the record of which it is. */
function DesignList({
  kind,
  title,
  items,
  values,
  onApply,
}: DesignListContext & { kind: DesignKind; title: string; items: PresetEntry[] }) {
  const { labels, textLang: lang } = useScreenServices();
  if (items.length === 0) return null;
  const current = recordedDesignOf(kind, values);
  return (
    <section className="panel-section" aria-label={title}>
      <h2 className="panel-title">{title}</h2>
      <ul className="designs" aria-label={title}>
        {items.map((entry) => (
          <li key={entry.id} data-id={entry.id} aria-current={current === entry.id ? "true" : undefined}>
            <img src={`/resourceFiles/${entry.preview}`} alt="" width={64} height={44} loading="lazy" />
            <span>{entry.name[lang]}</span>
            <button
              type="button"
              aria-label={`${labels.apply} ${entry.name[lang]}`}
              onClick={() => onApply(recordedDesign(kind, entry, entry.settings), `${kind}:${entry.id}`)}
            >
              {labels.apply}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The phone templates and the background library (spec 000 §7 resources), applied to the book like a template. */
export function DesignLibrary({
  mobileTemplates,
  backgrounds,
  ...context
}: DesignListContext & { mobileTemplates: PresetEntry[]; backgrounds: PresetEntry[] }) {
  const { labels } = useScreenServices();
  const lists: [DesignKind, string, PresetEntry[]][] = [
    ["mobileTemplate", labels.phoneTemplates, mobileTemplates],
    ["background", labels.backgroundLibrary, backgrounds],
  ];
  return (
    <>
      {lists.map(([kind, title, items]) => (
        <DesignList key={kind} kind={kind} title={title} items={items} {...context} />
      ))}
    </>
  );
}

/** The business-card styles: the book records the style its card is shown in (`businessCardStyle`). */
export function CardStyles({
  cards,
  values,
  onChange,
}: {
  cards: BusinessCardsFile | null;
  values: Record<string, unknown>;
  onChange(key: string, value: unknown): void;
}) {
  const { labels, textLang: lang } = useScreenServices();
  if (!cards || cards.items.length === 0) return null;
  const chosen = typeof values.businessCardStyle === "string" ? values.businessCardStyle : cards.defaultId;
  return (
    <section className="panel-section" aria-label={labels.cardStyles}>
      <h2 className="panel-title">{labels.cardStyles}</h2>
      <ul className="designs" aria-label={labels.cardStyles}>
        {cards.items.map((style) => (
          <li key={style.id} data-id={style.id} aria-current={chosen === style.id ? "true" : undefined}>
            <img src={`/resourceFiles/${style.preview}`} alt="" width={64} height={44} loading="lazy" />
            <span>{style.name[lang]}</span>
            <button
              type="button"
              aria-label={`${labels.apply} ${style.name[lang]}`}
              onClick={() => onChange("businessCardStyle", style.id)}
            >
              {labels.apply}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { designRecordKeys };
