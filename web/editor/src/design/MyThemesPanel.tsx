import { type SettingsTree, settingIndex } from "@turnleaf/resource-files";
import { useEffect, useMemo, useState } from "react";
import { call } from "../api.js";
import { SavedEntryList, SaveUnderName } from "../common/SavedEntries.js";
import { useScreenServices } from "../screen-services.js";

interface SavedTheme {
  name: string;
  theme: Record<string, unknown>;
}

/**
 * 'My themes' (spec 001 "Template": preset versus my templates; REST get/save/delete-custom-theme): the owner saves
 * the book's current settings under a name, reused across books. Applying one is one setting change of the
 * editor (one undo step, saved and answered by update-book); the list shown is the server's.
 */
export function MyThemesPanel({
  tree,
  values,
  onApply,
}: {
  tree: SettingsTree;
  /** The editor's document: only the catalogue's settings of it are saved. */
  values: Record<string, unknown>;
  onApply: (theme: Record<string, unknown>) => void;
}) {
  const { labels, notify, report } = useScreenServices();
  const [themes, setThemes] = useState<SavedTheme[] | null>(null);
  const [name, setName] = useState("");
  const index = useMemo(() => settingIndex(tree), [tree]);

  const reload = () =>
    call<{ list: SavedTheme[] }>("/api/book/get-custom-theme", {}).then((reply) => setThemes(reply.list), report);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the panel opens
  useEffect(() => void reload(), []);

  const save = async () => {
    const settings = Object.fromEntries(Object.entries(values).filter(([key]) => index.has(key)));
    try {
      await call("/api/book/save-custom-theme", { name: name.trim(), theme: JSON.stringify(settings) });
      setName("");
      notify(labels.themeSaved);
      await reload();
    } catch (error) {
      report(error);
    }
  };
  const remove = async (theme: string) => {
    try {
      await call("/api/book/delete-custom-theme", { name: theme });
      notify(labels.themeDeleted);
      await reload();
    } catch (error) {
      report(error);
    }
  };

  return (
    <section className="panel-section" aria-label={labels.myThemes}>
      <h2 className="panel-title">{labels.myThemes}</h2>
      <SavedEntryList
        entries={themes}
        testId="my-themes"
        keyName="theme"
        labels={labels}
        row={(theme) => ({
          key: theme.name,
          onApply: () => onApply(theme.theme),
          onDelete: () => void remove(theme.name),
          text: theme.name,
        })}
      />
      <SaveUnderName
        texts={{ label: labels.themeName, save: labels.saveTheme }}
        name={[name, setName]}
        maxLength={64}
        onSave={() => void save()}
      />
    </section>
  );
}
