import { describe, expect, it } from "vitest";
import { readConfig } from "../config.js";
import { earlyRenderPdfium } from "./early-render-process.js";
import { choosePdfium, installedLibrary } from "./pdfium-native-library.js";

const stores = {
  NATS_URL: "nats://127.0.0.1:4222",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_ACCESS_KEY_ID: "a",
  S3_SECRET_ACCESS_KEY: "b",
};

/** What the service's configuration says about an early render process: its PDFium, or undefined for none. */
function fromConfig(env: Record<string, string | undefined>) {
  try {
    const config = readConfig({ ...stores, ...env });
    if (config.CONVERSION_WORKERS === 0) return undefined;
    const pdfium = choosePdfium(config.CONVERSION_PDFIUM as "auto", config.CONVERSION_PDFIUM_LIBRARY);
    return pdfium.engine === "native" ? pdfium : undefined;
  } catch {
    return undefined;
  }
}

describe("the early render process's settings", () => {
  const cases: Record<string, string | undefined>[] = [
    {},
    { CONVERSION_WORKERS: "" },
    { CONVERSION_WORKERS: "0" },
    { CONVERSION_WORKERS: "3" },
    { CONVERSION_WORKERS: "64" },
    { CONVERSION_WORKERS: "65" },
    { CONVERSION_WORKERS: "1.5" },
    { CONVERSION_WORKERS: "two" },
    { CONVERSION_PDFIUM: "wasm" },
    { CONVERSION_PDFIUM: "native" },
    { CONVERSION_PDFIUM: "fast" },
    { CONVERSION_PDFIUM: "" },
    { CONVERSION_PDFIUM: "native", CONVERSION_PDFIUM_LIBRARY: "/nowhere/libpdfium.so" },
    { CONVERSION_PDFIUM: "auto", CONVERSION_PDFIUM_LIBRARY: "/nowhere/libpdfium.so" },
    { CONVERSION_PDFIUM_LIBRARY: installedLibrary },
    { CONVERSION_PDFIUM_LIBRARY: "" },
  ];

  it.each(cases)("agree with the service's configuration for %o", (env) => {
    expect(earlyRenderPdfium(env)).toEqual(fromConfig(env));
  });
});
