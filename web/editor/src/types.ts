import type { Lang } from "@turnleaf/resource-files";
import type { ReadyConfig } from "./api.js";
import type { Labels } from "./labels.js";
import type { InterfaceLanguage } from "./languages.js";

export interface Toast {
  id: number;
  text: string;
  kind: "info" | "error";
}

/** Shows a message for 5 seconds (spec 000 §9). */
export type Notify = (text: string, kind?: "info" | "error") => void;

/** Shows a refused call as spec 000 §8 says (login redirect, limit alert, support confirm or a toast). */
export type Report = (error: unknown) => void;

/** Goes to a client route (a path under /book_edit2), keeping the language. */
export type Navigate = (path: string, query?: Record<string, string>) => void;

/** What every screen and panel reads from the app (ScreenServicesContext, provided once in main.tsx). */
export interface ScreenServices {
  labels: Labels;
  /** The interface language's code (`?lang=`). */
  lang: InterfaceLanguage;
  /** The language of texts held in Chinese and English (catalogue titles, presets, setting refusals). */
  textLang: Lang;
  notify: Notify;
  report: Report;
  navigate: Navigate;
}

/** What every route but Welcome loads first (spec 000 §2). */
export interface Ready {
  config: ReadyConfig;
  /** get-user-custom-config; undefined while the gateway has no such path. */
  customPower: unknown;
  /** powerConfig.json; undefined while no such file is served. */
  powerLimits: unknown;
}
