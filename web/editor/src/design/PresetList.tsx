import type { PresetEntry } from "@turnleaf/resource-files";
import { useScreenServices } from "../screen-services.js";
import type { PresetKind } from "../settings/catalogue.js";

/** The catalogue's templates, themes or scenes, each with its picture, name and an apply button. */
export function PresetList({
  kind,
  list,
  onApply,
}: {
  kind: PresetKind;
  list: PresetEntry[];
  onApply: (kind: PresetKind, id: string) => void;
}) {
  const { labels, textLang: lang } = useScreenServices();
  return list.length === 0 ? (
    <p className="note">{labels.noDesigns}</p>
  ) : (
    <ul className="designs" aria-label={kind}>
      {list.map((entry) => (
        <li key={entry.id} data-id={entry.id}>
          <img src={`/resourceFiles/${entry.preview}`} alt="" width={64} height={44} loading="lazy" />
          <span>{entry.name[lang]}</span>
          <button
            type="button"
            aria-label={`${labels.apply} ${entry.name[lang]}`}
            onClick={() => onApply(kind, entry.id)}
          >
            {labels.apply}
          </button>
        </li>
      ))}
    </ul>
  );
}
