import type { CatalogNode } from "../api.js";
import { ListSaveStatus } from "../common/ListSaveStatus.js";
import { useBookList } from "../common/useBookList.js";
import type { RevisionedListPanelProps } from "../common/useRevisionedList.js";
import { useScreenServices } from "../screen-services.js";
import { catalogSavable, type Path, updateAt } from "./catalog-tree.js";

/**
 * The contents tab's TOC (save-book-catalog at its revision, `useRevisionedList`): entries with a title, a page or
 * a URL link, and children up to five levels. It saves by itself once every entry has a title (and a link URL, a
 * whole one); until then the unsaved-changes guard asks before a tab switch loses it.
 */
export function CatalogPanel(props: RevisionedListPanelProps<CatalogNode>) {
  const { labels } = useScreenServices();
  const { list: tree, state, edit } = useBookList("catalog", props, catalogSavable);
  const lastPage = (nodes: CatalogNode[]) => nodes.at(-1)?.page ?? 0;

  const renderNodes = (nodes: CatalogNode[], parent: Path): React.ReactNode => (
    <ol className="tree">
      {nodes.map((node, index) => {
        const path = [...parent, index];
        const name = path.map((part) => part + 1).join(".");
        return (
          // New entries have no id until the server gives one: their place in the tree stands in.
          <li key={node.id ?? `new-${name}`}>
            <div className="tree-row">
              <span className="tree-number">{name}</span>
              <input
                aria-label={`${labels.entryTitle} ${name}`}
                value={node.title}
                onChange={(event) => edit(updateAt(tree, path, (entry) => ({ ...entry, title: event.target.value })))}
              />
              <input
                type="number"
                min={1}
                className="page-input"
                aria-label={`${labels.page} ${name}`}
                value={node.page}
                onChange={(event) =>
                  edit(updateAt(tree, path, (entry) => ({ ...entry, page: Number(event.target.value) || 1 })))
                }
              />
              {path.length < 5 ? (
                <button
                  type="button"
                  className="icon"
                  title={labels.addChild}
                  aria-label={`${labels.addChild} ${name}`}
                  onClick={() =>
                    edit(
                      updateAt(tree, path, (entry) => ({
                        ...entry,
                        children: [...entry.children, { title: "", page: entry.page, children: [] }],
                      })),
                    )
                  }
                >
                  ＋
                </button>
              ) : null}
              <button
                type="button"
                className="icon"
                title={labels.delete}
                aria-label={`${labels.delete} ${name}`}
                onClick={() => edit(updateAt(tree, path, () => null))}
              >
                ×
              </button>
            </div>
            {/* The entry's link (spec 001 link kinds): its page, or a URL typed under it. */}
            <div className="tree-link">
              <select
                aria-label={`${labels.tocLink} ${name}`}
                value={node.url ? "url" : "page"}
                onChange={(event) =>
                  edit(
                    updateAt(tree, path, (entry) => ({
                      ...entry,
                      // A URL link starts as the scheme to complete; the page link clears it.
                      url: event.target.value === "url" ? entry.url || "https://" : "",
                    })),
                  )
                }
              >
                <option value="page">{labels.tocLinkPage}</option>
                <option value="url">{labels.tocLinkUrl}</option>
              </select>
              {node.url ? (
                <input
                  type="url"
                  className="url-input"
                  aria-label={`${labels.tocUrl} ${name}`}
                  value={node.url}
                  maxLength={2000}
                  onChange={(event) => edit(updateAt(tree, path, (entry) => ({ ...entry, url: event.target.value })))}
                />
              ) : null}
            </div>
            {node.children.length > 0 ? renderNodes(node.children, path) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <div className="panel">
      {tree.length === 0 ? <p className="note">{labels.catalogEmpty}</p> : renderNodes(tree, [])}
      <div className="actions">
        <button
          type="button"
          onClick={() => edit([...tree, { title: "", page: Math.max(1, lastPage(tree) + 1), children: [] }])}
        >
          {labels.addEntry}
        </button>
      </div>
      <ListSaveStatus state={state} hint={labels.catalogIncomplete} />
    </div>
  );
}
