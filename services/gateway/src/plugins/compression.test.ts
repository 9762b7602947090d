import { describe, expect, it } from "vitest";
import { compressibleType } from "./compression.js";

describe("compressibleType", () => {
  it("takes text, scripts, JSON, XML and SVG", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/css",
      "application/javascript; charset=UTF-8",
      "application/json; charset=utf-8",
      "application/manifest+json",
      "image/svg+xml",
      "application/xml",
    ])
      expect(compressibleType(type), type).toBe(true);
  });

  it("leaves out streams that must flow message by message, and pictures", () => {
    for (const type of [
      "application/connect+json",
      "application/connect+proto",
      "text/event-stream",
      "image/webp",
      "image/jpeg",
      "application/pdf",
      "application/octet-stream",
    ])
      expect(compressibleType(type), type).toBe(false);
  });
});
