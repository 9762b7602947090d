import type { SettingsTree } from "@turnleaf/resource-files";
import { settingIndex } from "@turnleaf/resource-files";
import { useMemo } from "react";
import { useScreenServices } from "../screen-services.js";
import { buttonOrderOf, moved, orderableButtons } from "./button-order.js";

/**
 * The button order panel the settings tree's hidden `buttonsSortXML` names: the phone toolbar's buttons in order,
 * each moved up or down as one setting change (saved by update-book, one undo step; the panel shows the stored
 * value the server answers).
 */
export function ButtonOrderPanel({
  tree,
  value,
  onChange,
}: {
  tree: SettingsTree;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const { labels, textLang: lang } = useScreenServices();
  const index = useMemo(() => settingIndex(tree), [tree]);
  const order = buttonOrderOf(value);
  const titleOf = (name: string) => {
    const key = orderableButtons.find(([button]) => button === name)?.[1] ?? "";
    return index.get(key)?.title[lang] ?? name;
  };
  const heading = index.get("buttonsSortXML")?.title[lang] ?? labels.buttonOrder;
  const move = (at: number, step: -1 | 1) => onChange(JSON.stringify(moved(order, at, step)));
  return (
    <section className="panel-section" aria-label={heading}>
      <h2 className="panel-title">{heading}</h2>
      <ol className="button-order" data-testid="button-order">
        {order.map((name, at) => (
          // The arrows' names are the bare actions, described by the row's title: a button's title in their names
          // would make every "Share" or "Phone" control of the editor ambiguous.
          <li key={name} data-button={name}>
            <span id={`button-order-${name}`}>{titleOf(name)}</span>
            <button
              type="button"
              className="icon"
              disabled={at === 0}
              aria-label={labels.moveUp}
              aria-describedby={`button-order-${name}`}
              onClick={() => move(at, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon"
              disabled={at === order.length - 1}
              aria-label={labels.moveDown}
              aria-describedby={`button-order-${name}`}
              onClick={() => move(at, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
