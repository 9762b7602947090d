import type { SettingTab, SettingValues } from "@turnleaf/resource-files";
import { useScreenServices } from "../screen-services.js";
import { type Catalogue, groupsOf } from "./catalogue.js";
import { NodeView } from "./NodeView.js";
import type { Change, SettingsContext } from "./settings-context.js";
import { useSettingSearch } from "./use-setting-search.js";

/**
 * The settings tree of one editor tab, rendered generically from the catalogue resource (spec 000 §3, §5): every
 * node type, related visibility recomputed on each change, and a search by title or description.
 */
export function SettingsPanel({
  catalogue,
  tab,
  doc,
  onChange,
}: {
  catalogue: Catalogue;
  tab: SettingTab;
  doc: Record<string, unknown>;
  onChange: Change;
}) {
  const { labels, textLang: lang } = useScreenServices();
  const values = doc as SettingValues;
  const { query, setQuery, found } = useSettingSearch(catalogue, tab, lang, values);
  const context: SettingsContext = { catalogue, lang };
  return (
    <div className="panel">
      <input
        type="search"
        className="search"
        placeholder={labels.searchSettings}
        aria-label={labels.searchSettings}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {found ? (
        <>
          {found.length === 0 ? <p className="note">{labels.noSettings}</p> : null}
          {found.map((node) => (
            <NodeView key={node.key} node={node} doc={values} context={context} onChange={onChange} />
          ))}
        </>
      ) : (
        groupsOf(catalogue.tree, tab).map((group) => (
          <section key={group.id} className="setting-group" aria-label={group.title[lang]}>
            <h3>{group.title[lang]}</h3>
            {group.children.map((node) => (
              <NodeView key={node.key} node={node} doc={values} context={context} onChange={onChange} />
            ))}
          </section>
        ))
      )}
    </div>
  );
}
