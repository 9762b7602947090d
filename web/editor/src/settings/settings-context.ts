import type { Lang } from "@turnleaf/resource-files";
import type { Catalogue } from "./catalogue.js";

/** A setting's new value, by its key. */
export type Change = (key: string, value: unknown) => void;

/** What every setting's control draws with (the labels and notices: useScreenServices). */
export interface SettingsContext {
  catalogue: Catalogue;
  lang: Lang;
}
