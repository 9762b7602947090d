import type { CliLanguage } from "../languages.js";
import { ar } from "./ar.js";
import { de } from "./de.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { hi } from "./hi.js";
import { ja } from "./ja.js";
import { ko } from "./ko.js";
import { pt } from "./pt.js";
import { ro } from "./ro.js";
import { th } from "./th.js";
import { type CliTexts, zhCN } from "./zh-CN.js";

export type { CliTexts };
export type CliTextKey = keyof CliTexts;

export const cliTexts: Readonly<Record<CliLanguage, CliTexts>> = {
  "zh-CN": zhCN,
  en,
  ja,
  hi,
  fr,
  ar,
  de,
  ko,
  pt,
  ro,
  es,
  th,
};
