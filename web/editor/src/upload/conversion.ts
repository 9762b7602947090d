/** Spec 000 §3 create meta, with the defaults of §9 (engine 2, quality 2, max side 2; TOC, search, links on). */
export interface Conversion {
  engineType: string;
  vectorType: string;
  qualityDpi: string;
  cutType: string;
  range: string;
  importTOC: boolean;
  importSearch: boolean;
  importLink: boolean;
  /** Spec 000 §3 pdfImportConfig.textToLink and pdfBleed (pt trimmed from each side). */
  textToLink: boolean;
  pdfBleed: string;
  /** Spec 001 "Page quality" custom level: definition, longest side, DPI (the server holds them to its bounds). */
  customQuality: boolean;
  definition: string;
  maxEdge: string;
  dpi: string;
  /** Spec 000 §3 pdfImportConfig.IMAGEINPDF: the words in a page's pictures are read for search (OCR). */
  imageInPdf: boolean;
}

export const defaultConversion: Conversion = {
  engineType: "2",
  vectorType: "2",
  qualityDpi: "2",
  cutType: "0",
  range: "",
  importTOC: true,
  importSearch: true,
  importLink: true,
  textToLink: false,
  pdfBleed: "0",
  customQuality: false,
  definition: "85",
  maxEdge: "2200",
  dpi: "144",
  imageInPdf: false,
};

/**
 * The upload form's starting settings from the user's saved creation preferences (get-user-meta, spec 001 §7:
 * cb_renderType, cb_vectorType, cb_qualityDpi, cb_cutType — the default cut type — and pdfImportConfig with
 * IMAGEINPDF); what the preferences lack keeps spec 000 §9's default.
 */
export function conversionFromMeta(meta: unknown, base: Conversion = defaultConversion): Conversion {
  if (!meta || typeof meta !== "object") return base;
  const saved = meta as Record<string, unknown>;
  const number = (value: unknown, fallback: string) =>
    typeof value === "number" && Number.isInteger(value) ? String(value) : fallback;
  const pdf = (saved.pdfImportConfig ?? {}) as Record<string, unknown>;
  const flag = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);
  return {
    ...base,
    engineType: number(saved.cb_renderType, base.engineType),
    vectorType: number(saved.cb_vectorType, base.vectorType),
    qualityDpi: number(saved.cb_qualityDpi, base.qualityDpi),
    cutType: number(saved.defaultCutType ?? saved.cb_cutType, base.cutType),
    importTOC: flag(pdf.importTOC, base.importTOC),
    importSearch: flag(pdf.importSearch, base.importSearch),
    importLink: flag(pdf.importLink, base.importLink),
    textToLink: flag(pdf.textToLink, base.textToLink),
    pdfBleed: number(pdf.pdfBleed, base.pdfBleed),
    range: typeof pdf.r === "string" ? pdf.r : base.range,
    imageInPdf: flag(pdf.IMAGEINPDF, base.imageInPdf),
  };
}

export const conversionFields = (conversion: Conversion) => ({
  engineType: conversion.engineType,
  vectorType: conversion.vectorType,
  qualityDpi: conversion.qualityDpi,
  cutType: conversion.cutType,
  pdfImportConfig: JSON.stringify({
    importTOC: conversion.importTOC,
    importSearch: conversion.importSearch,
    importLink: conversion.importLink,
    textToLink: conversion.textToLink,
    pdfBleed: conversion.pdfBleed.trim() || "0",
    IMAGEINPDF: conversion.imageInPdf,
    ...(conversion.range.trim() ? { r: conversion.range.replace(/\s+/g, "") } : {}),
  }),
  // Sent as typed: the server holds them to 80–95, 450–3200 and 72–320 and answers the spec's hint otherwise.
  ...(conversion.customQuality
    ? { definition: conversion.definition.trim(), maxEdge: conversion.maxEdge.trim(), dpi: conversion.dpi.trim() }
    : {}),
});
