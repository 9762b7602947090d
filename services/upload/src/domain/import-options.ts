import { catalogueCodes, DomainError, fieldProblem, message } from "@turnleaf/kit";

/** Texts of spec 001 §5 "Page range". */
export const pageRangeMessages = {
  empty: message("pageRange.empty"),
  incorrectFormat: message("pageRange.incorrectFormat"),
} as const;

const rangePart = /^(\d+)(?:-(\d+))?$/;

/**
 * Resolves a custom page range such as `1,5-8,20` against a document's page count into ascending, distinct
 * 1-based page numbers. Spaces around parts are allowed; a reversed range, page 0 or a page past the end is an
 * incorrect format, as is anything that is not digits, commas and dashes.
 */
export function resolvePageRange(range: string, pageCount: number): number[] {
  const text = range.trim();
  if (text === "") throw new DomainError("INVALID_ARGUMENT", pageRangeMessages.empty, { details: { field: "r" } });
  const incorrect = () =>
    new DomainError("INVALID_ARGUMENT", pageRangeMessages.incorrectFormat, { details: { field: "r", range } });
  const pages = new Set<number>();
  for (const part of text.split(",")) {
    const match = rangePart.exec(part.trim());
    if (!match) throw incorrect();
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last < first || last > pageCount) throw incorrect();
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}

/** Spec 001 §5 "Page quality" bounds, inclusive. */
export const qualityBounds = {
  definition: { min: 80, max: 95 },
  maxEdgePx: { min: 450, max: 3200 },
  dpi: { min: 72, max: 320 },
} as const;

export interface PageQuality {
  definition: number;
  maxEdgePx: number;
  dpi: number;
}

/** Checks custom page quality; every out-of-range field is reported at once. */
export function validatePageQuality(quality: PageQuality): PageQuality {
  const errors = (Object.keys(qualityBounds) as (keyof PageQuality)[])
    .filter((field) => {
      const value = quality[field];
      const { min, max } = qualityBounds[field];
      return !Number.isInteger(value) || value < min || value > max;
    })
    .map((field) => fieldProblem(field, message("field.range", { field, ...qualityBounds[field] })));
  // The text is spec 000 §9's hint of the bounds, so the owner sees what to enter; the fields are in the details.
  if (errors.length > 0)
    throw new DomainError("INVALID_ARGUMENT", message("pageQualityRange"), { details: { errors } });
  return quality;
}

/** Spec 000 §3 "Max side options": the create-meta option number → longest page side in pixels. */
export const maxSidePxByOption: Readonly<Record<number, number>> = { 4: 1280, 3: 1920, 2: 2200, 1: 2800 };

export function maxSidePx(option: number): number {
  const pixels = maxSidePxByOption[option];
  if (pixels === undefined) {
    throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, {
      details: {
        errors: [fieldProblem("qualityDpi", message("field.oneOf", { field: "qualityDpi", allowed: "1, 2, 3, 4" }))],
      },
    });
  }
  return pixels;
}
