import PDFDocument from "pdfkit";
import type { Browser, BrowserContext } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { photo } from "../fixtures/pdf/generate.js";
import type { Owner } from "../setup/shared-system.js";

/**
 * A PDF of a few megabytes (labelled pages, two of them full-page photos) so its upload takes several of the
 * editor's 1 MiB chunks and can be paused between them.
 */
export async function chunkyPdf(): Promise<Buffer> {
  const photos = [await photo(2400, 1800, 11), await photo(2400, 1800, 12)];
  const doc = new PDFDocument({ autoFirstPage: false });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(parts))));
  for (let index = 0; index < 4; index++) {
    doc.addPage({ size: "A4" });
    doc.fontSize(40).text(`PAGE C${index + 1}`, 80, 80);
    const picture = photos[index % 2];
    if (index < 2 && picture) doc.image(picture, 40, 160, { fit: [515, 600] });
  }
  doc.end();
  return done;
}

/** A PNG (or GIF) of the given size for the image-limit prompts. */
export async function picture(width: number, height: number, format: "png" | "gif"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
  return format === "png" ? image.png().toBuffer() : image.gif().toBuffer();
}

/**
 * A browser context logged in as the system's owner (the worker slot's on the shared system, the demo user on a
 * file's own): a real session whose cookie its pages share.
 */
export async function ownerContext(
  browser: Browser,
  system: { gatewayUrl: string; owner: Owner },
  height = 860,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height } });
  const login = await context.request.post(`${system.gatewayUrl}/api/user/login`, {
    form: { email: system.owner.email, password: system.owner.password },
  });
  expect(((await login.json()) as { code: string }).code).toBe("OK");
  return context;
}
