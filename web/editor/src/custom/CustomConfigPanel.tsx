import { type SettingsTree, valueNodes } from "@turnleaf/resource-files";
import { useCallback, useEffect, useMemo, useState } from "react";
import { call } from "../api.js";
import { SavedEntryList, SaveUnderName } from "../common/SavedEntries.js";
import { designRecordKeys } from "../design/resources.js";
import { useScreenServices } from "../screen-services.js";
import {
  type ConfigKind,
  configJson,
  configKinds,
  customNameMax,
  type SavedConfig,
  type StoredConfig,
  savedConfigOf,
  settingsForKind,
} from "./custom-entries.js";
import { type OwnBook, SourceBook, savedAt, useOwnBooks } from "./SourceBook.js";

/** The settings a book's look is made of: the design tab's settings, the recorded designs and the card style. */
function lookKeysOf(tree: SettingsTree): Set<string> {
  const keys = new Set<string>(Object.values(designRecordKeys));
  keys.add("businessCardStyle");
  for (const { node, group } of valueNodes(tree)) if (group.tab === "setup") keys.add(node.key);
  return keys;
}

/**
 * Custom configuration (spec 000 §7 get/save/delete-book-custom-config; spec 001 config kinds): the owner saves the
 * book's current settings — all of them, or only its look — under a name, lists what a book of theirs has saved,
 * applies one to this book and deletes one after a confirm. Applying is one setting change of the editor (one undo
 * step through update-book), so the server's settings validator and powers decide and the editor shows their answer.
 */
export function CustomConfigPanel({
  book,
  tree,
  values,
  onApply,
}: {
  book: OwnBook;
  tree: SettingsTree;
  /** The editor's settings (htmlConfig keys only). */
  values: Record<string, unknown>;
  onApply: (settings: Record<string, unknown>, kind: ConfigKind) => void;
}) {
  const { labels, notify, report, lang } = useScreenServices();
  const books = useOwnBooks(book, report);
  const [source, setSource] = useState(book.bookId);
  const [saved, setSaved] = useState<SavedConfig[] | null>(null);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ConfigKind>("config");
  const lookKeys = useMemo(() => lookKeysOf(tree), [tree]);
  const kindText = useMemo<Record<ConfigKind, string>>(
    () => ({ config: labels.customKindConfig, theme: labels.customKindTheme }),
    [labels],
  );

  const load = useCallback(async (bookId: string) => {
    const stored = await Promise.all(
      configKinds.map((type) => call<StoredConfig>("/api/book/get-book-custom-config", { bookId, type })),
    );
    return configKinds.flatMap((type, index) => {
      const entry = stored[index];
      const config = entry ? savedConfigOf(type, entry) : undefined;
      return config ? [config] : [];
    });
  }, []);
  const reload = useCallback(
    (bookId: string) =>
      load(bookId).then(
        (entries) => setSaved(entries.map((entry) => ({ ...entry, name: entry.name || kindText[entry.kind] }))),
        (error: unknown) => {
          setSaved([]);
          report(error);
        },
      ),
    [load, report, kindText],
  );
  useEffect(() => void reload(source), [reload, source]);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return notify(labels.customNameRequired, "error");
    // A kind holds one saved configuration per book: replacing it is the owner's choice.
    const ownSaved = source === book.bookId ? saved : await load(book.bookId).catch(() => []);
    const taken = ownSaved?.find((entry) => entry.kind === kind);
    if (taken && !window.confirm(labels.customConfigReplace.replace("{name}", taken.name))) return;
    try {
      await call("/api/book/save-book-custom-config", {
        bookId: book.bookId,
        type: kind,
        config: configJson(trimmed, settingsForKind(kind, values, lookKeys)),
      });
      setName("");
      notify(labels.customConfigSaved);
      setSource(book.bookId);
      await reload(book.bookId);
    } catch (error) {
      report(error);
    }
  };

  const remove = async (entry: SavedConfig) => {
    if (!window.confirm(labels.customConfigDeleteConfirm.replace("{name}", entry.name))) return;
    try {
      await call("/api/book/delete-book-custom-config", { bookId: source, type: entry.kind });
      notify(labels.customConfigDeleted);
      await reload(source);
    } catch (error) {
      report(error);
    }
  };

  return (
    <section className="panel-section" aria-label={labels.customConfig}>
      <h2 className="panel-title">{labels.customConfig}</h2>
      <p className="note">{labels.customConfigHint}</p>
      <SourceBook books={books} chosen={source} onChoose={setSource} />
      <SavedEntryList
        entries={saved}
        testId="custom-configs"
        keyName="kind"
        labels={labels}
        loadingText={labels.loading}
        emptyText={labels.customConfigEmpty}
        row={(entry) => ({
          key: entry.kind,
          name: entry.name,
          onApply: () => onApply(entry.settings, entry.kind),
          onDelete: () => void remove(entry),
          text: (
            <>
              <strong>{entry.name}</strong> · {kindText[entry.kind]} · {Object.keys(entry.settings).length}{" "}
              {labels.customSettingsCount} · {savedAt(entry.updatedAt, lang)}
            </>
          ),
        })}
      />
      <SaveUnderName
        texts={{ label: labels.customConfigName, save: labels.customConfigSave }}
        name={[name, setName]}
        maxLength={customNameMax}
        onSave={() => void save()}
      >
        <label className="field">
          <span>{labels.customConfigKind}</span>
          <select value={kind} onChange={(event) => setKind(event.currentTarget.value as ConfigKind)}>
            {configKinds.map((option) => (
              <option key={option} value={option}>
                {kindText[option]}
              </option>
            ))}
          </select>
        </label>
      </SaveUnderName>
    </section>
  );
}
