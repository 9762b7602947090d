import type { Lang, SettingTab, SettingValues } from "@turnleaf/resource-files";
import { useState } from "react";
import { type Catalogue, searchTab } from "./catalogue.js";

/** The settings search: its query, and the settings of the tab it finds (undefined while it is empty). */
export function useSettingSearch(catalogue: Catalogue, tab: SettingTab, lang: Lang, values: SettingValues) {
  const [query, setQuery] = useState("");
  const found = query.trim() ? searchTab(catalogue.tree, tab, query, lang, values) : undefined;
  return { query, setQuery, found };
}
