import { type InterfaceLanguage, languageOf } from "./languages.js";

/** Client-side routes of spec 000 §2 under the base path /book_edit2/. */
export const basePath = "/book_edit2";

export type RouteName =
  | "upload"
  | "batchUpload"
  | "convert"
  | "editor"
  | "statistics"
  | "leads"
  | "bookcase"
  | "welcome"
  | "notFound";

export type TitleKey =
  | "titleUpload"
  | "titleConvert"
  | "titleEditor"
  | "titleStatistics"
  | "titleLeads"
  | "titleBookcase"
  | "titleWelcome"
  | "titleNotFound";

export interface Route {
  name: RouteName;
  /** Where to go instead (/ → /upload, /create → /convert), keeping the query. */
  redirect?: string;
  /** Page title key (a label), without the product suffix. */
  titleKey: TitleKey;
  /** Spec 000 §2: every route except Welcome loads the ready-config, custom power and power limits first. */
  needsReadyConfig: boolean;
}

/** The route a pathname (with or without the base path) names. */
export function routeOf(pathname: string): Route {
  let path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  path = path.replace(/\/+$/, "") || "/";
  switch (path) {
    case "/":
      return { name: "upload", redirect: "/upload", titleKey: "titleUpload", needsReadyConfig: true };
    case "/upload":
      return { name: "upload", titleKey: "titleUpload", needsReadyConfig: true };
    case "/batch-upload":
      return { name: "batchUpload", titleKey: "titleUpload", needsReadyConfig: true };
    case "/create":
      return { name: "convert", redirect: "/convert", titleKey: "titleConvert", needsReadyConfig: true };
    case "/convert":
      return { name: "convert", titleKey: "titleConvert", needsReadyConfig: true };
    case "/editor":
      return { name: "editor", titleKey: "titleEditor", needsReadyConfig: true };
    case "/statistics":
      return { name: "statistics", titleKey: "titleStatistics", needsReadyConfig: true };
    case "/leads":
      return { name: "leads", titleKey: "titleLeads", needsReadyConfig: true };
    case "/bookcase":
      return { name: "bookcase", titleKey: "titleBookcase", needsReadyConfig: true };
    case "/welcome":
      return { name: "welcome", titleKey: "titleWelcome", needsReadyConfig: false };
    default:
      return { name: "notFound", titleKey: "titleNotFound", needsReadyConfig: false };
  }
}

export const productSuffix = "Turnleaf";

export function pageTitle(title: string): string {
  return `${title} - ${productSuffix}`;
}

export interface Query {
  tid: string;
  fid: string;
  num: string;
  lang: InterfaceLanguage;
  /** ?mode=view: the preview switcher offers PAD too (spec 000 §2). */
  view: boolean;
}

/** Spec 000 §2 query: tid (team, default 0), fid (folder, default 0), num (book number, optional). */
export function queryOf(search: string): Query {
  const params = new URLSearchParams(search);
  const digits = (value: string | null) => (value && /^\d+$/.test(value) ? value : "0");
  return {
    tid: digits(params.get("tid")),
    fid: digits(params.get("fid")),
    num: params.get("num") ?? "",
    lang: languageOf(params.get("lang")),
    view: params.get("mode") === "view",
  };
}

/** A client route's URL keeping the language choice. */
export function hrefOf(path: string, query: Record<string, string>, lang: InterfaceLanguage): string {
  const params = new URLSearchParams(query);
  if (lang !== "zh-CN") params.set("lang", lang);
  const search = params.toString();
  return `${basePath}${path}${search ? `?${search}` : ""}`;
}
