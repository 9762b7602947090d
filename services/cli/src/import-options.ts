/** The import options of spec 001 §3/§5 with their validation texts. */
import { CliError, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";

export const importLimits = {
  trialPages: 12,
  maxPdfPages: 1000,
  maxPdfBytes: 1024 * 1024 * 1024,
  maxImageBytes: 10 * 1024 * 1024,
} as const;

const rangePart = /^(\d+)(?:-(\d+))?$/;

/**
 * Resolves a custom page range such as `1,5-8,20` against the page count into ascending, distinct 1-based page
 * numbers: empty is 'Please fill in the page range to be imported'; anything else that is not digits, commas and
 * dashes, a reversed range, page 0 or a page past the end is 'Incorrect Format'.
 */
export function resolvePageRange(range: string, pageCount: number): number[] {
  const trimmed = range.trim();
  if (trimmed === "") throw new CliError(text("pageRangeEmpty"));
  const pages = new Set<number>();
  for (const part of trimmed.split(",")) {
    const match = rangePart.exec(part.trim());
    if (!match) throw new CliError(text("pageRangeIncorrect"));
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last < first || last > pageCount) throw new CliError(text("pageRangeIncorrect"));
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}

export interface PageQuality {
  /** The quality preset's name, or "custom". */
  preset: string;
  maxSidePx: number;
  definition: number;
  /** 0: no DPI cap. */
  dpi: number;
}

/** Presets: HD 1280 px, FHD 1920 px (the default), SHD 2800 px; custom takes --definition/--max-edge/--dpi. */
export const qualityPresets: Record<string, Omit<PageQuality, "preset">> = {
  HD: { maxSidePx: 1280, definition: 85, dpi: 0 },
  FHD: { maxSidePx: 1920, definition: 85, dpi: 0 },
  SHD: { maxSidePx: 2800, definition: 90, dpi: 0 },
};

export const qualityBounds = {
  definition: { min: 80, max: 95, flag: "--definition" },
  maxSidePx: { min: 450, max: 3200, flag: "--max-edge" },
  dpi: { min: 72, max: 320, flag: "--dpi" },
} as const;

function bounded(given: string | undefined, field: keyof typeof qualityBounds, fallback: number): number {
  if (given === undefined) return fallback;
  const { min, max, flag } = qualityBounds[field];
  const value = Number(given);
  if (!/^\d+$/.test(given.trim()) || value < min || value > max) {
    throw new CliError(text("boundedNumber", { flag, min, max }));
  }
  return value;
}

export function pageQuality(options: {
  quality?: string;
  definition?: string;
  maxEdge?: string;
  dpi?: string;
}): PageQuality {
  const preset = (options.quality ?? "FHD").toUpperCase();
  if (preset === "CUSTOM") {
    return {
      preset: "custom",
      definition: bounded(options.definition, "definition", 85),
      maxSidePx: bounded(options.maxEdge, "maxSidePx", 1920),
      dpi: bounded(options.dpi, "dpi", 0),
    };
  }
  const values = qualityPresets[preset];
  if (!values) throw new UsageError(text("qualityFlag", { value: options.quality ?? "" }));
  if (options.definition !== undefined || options.maxEdge !== undefined || options.dpi !== undefined) {
    throw new UsageError(text("qualityCustomOnly"));
  }
  return { preset, ...values };
}

/** Rendering engine, wide-page cut and information extraction (spec 001 §3 import options). */
export interface ConversionChoices {
  /** "text": pages with a selectable text layer (default); "image": pictures only. */
  engine: "text" | "image";
  cut: "none" | "auto" | "1" | "2" | "3";
  toc: boolean;
  links: boolean;
  search: boolean;
}

export const engines = ["text", "image"] as const;
export const cuts = ["none", "auto", "1", "2", "3"] as const;

export function conversionChoices(options: {
  engine?: string;
  cut?: string;
  noToc?: boolean;
  noLinks?: boolean;
  noSearch?: boolean;
}): ConversionChoices {
  const engine = (options.engine ?? "text").toLowerCase();
  if (engine === "ghostscript") {
    throw new CliError(text("ghostscriptEngine"), 69);
  }
  if (!(engines as readonly string[]).includes(engine)) {
    throw new UsageError(text("engineFlag", { value: options.engine ?? "" }));
  }
  const cut = (options.cut ?? "none").toLowerCase();
  if (!(cuts as readonly string[]).includes(cut)) {
    throw new UsageError(text("cutFlag", { value: options.cut ?? "" }));
  }
  return {
    engine: engine as ConversionChoices["engine"],
    cut: cut as ConversionChoices["cut"],
    toc: !options.noToc,
    links: !options.noLinks,
    search: !options.noSearch,
  };
}
