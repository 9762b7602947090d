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
};

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
    ...(conversion.range.trim() ? { r: conversion.range.replace(/\s+/g, "") } : {}),
  }),
  // Sent as typed: the server holds them to 80–95, 450–3200 and 72–320 and answers the spec's hint otherwise.
  ...(conversion.customQuality
    ? { definition: conversion.definition.trim(), maxEdge: conversion.maxEdge.trim(), dpi: conversion.dpi.trim() }
    : {}),
});
