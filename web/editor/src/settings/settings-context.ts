import type { Lang } from "@turnleaf/resource-files";
import type { Labels } from "../labels.js";
import type { Notify } from "../types.js";
import type { Catalogue } from "./catalogue.js";

/** A setting's new value, by its key. */
export type Change = (key: string, value: unknown) => void;

/** What every setting's control draws with. */
export interface SettingsContext {
  catalogue: Catalogue;
  lang: Lang;
  labels: Labels;
  notify: Notify;
}
