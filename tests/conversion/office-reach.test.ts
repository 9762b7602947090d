/**
 * Issue #33 findings 2, 3 and 5 replayed against the conversion worker and the real stores, with documents built
 * here: a picture read from the conversion host's disk (ODT `xlink:href="file://…"`, DOCX `<a:blip r:link>` to an
 * external relationship), a 30000×30000 PNG inside an ODT and as an image upload, a DOCX whose markup inflates
 * past the cap, and an EPS picture are all refused with their catalogue messages before LibreOffice starts; an
 * ODT with a picture inside its package still converts (in the sandbox where the machine allows one).
 */
import { ConversionJobState, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { detectIsolation, failureMessages, packageLimits } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import { pictureLimits, type RunningConsumer } from "@turnleaf/kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";
import {
  docxMarkupBomb,
  docxWithLinkedPicture,
  epsPicture,
  flatPng,
  hostPicture,
  odtWithPicture,
} from "./office-bombs.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(1);
  consumer = await startTestConsumer(harness, pool, {
    settings: {
      webpEffort: 2,
      office: { soffice: "soffice", timeoutMs: 90_000, isolation: detectIsolation() },
    },
    maxDeliver: 2,
    durable: "office-reach",
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

async function convert(bytes: Buffer, name: string, kind = SourceKind.OFFICE) {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const key = await harness.upload(bytes);
  const events = harness.events(jobId, 1, 120_000);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [{ key, kind, displayName: name, sizeBytes: BigInt(bytes.length) }],
    options: { engine: Engine.HD_IMAGE, maxSidePx: 400 },
  });
  return { bookId, last: (await events).at(-1) };
}

it("refuses an ODT and a DOCX whose picture is read from the host's disk, leaving nothing", {
  timeout: 120_000,
}, async () => {
  const odt = await convert(odtWithPicture(`file://${hostPicture}`), "linked.odt");
  expect(odt.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeExternal("linked.odt"),
  });
  const docx = await convert(docxWithLinkedPicture(`file://${hostPicture}`), "linked.docx");
  expect(docx.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeExternal("linked.docx"),
  });
  // Written without a scheme, as a path outside the package, the reference is refused all the same.
  const relative = await convert(odtWithPicture("../../../../usr/share/pixmaps/debian-logo.png"), "up.odt");
  expect(relative.last?.message).toBe(failureMessages.officeExternal("up.odt"));
  expect(await harness.keys(odt.bookId, 1)).toEqual([]);
  expect(await harness.keys(docx.bookId, 1)).toEqual([]);
});

it("refuses a 30000×30000 PNG inside an ODT as it refuses the same PNG uploaded as an image", {
  timeout: 120_000,
}, async () => {
  const png = flatPng(30000, 30000);
  expect(png.length).toBeLessThan(1024 * 1024);
  const image = await convert(png, "huge.png", SourceKind.IMAGE);
  expect(image.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.imageTooLarge("huge.png", pictureLimits.maxPixels),
  });
  const odt = await convert(odtWithPicture("Pictures/huge.png", { "Pictures/huge.png": png }), "huge.odt");
  expect(odt.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officePicture("huge.odt", pictureLimits.maxPixels),
  });
});

it("refuses a DOCX whose markup inflates past the cap, and an ODT holding an EPS picture", {
  timeout: 120_000,
}, async () => {
  const bomb = docxMarkupBomb(70);
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const inflated = await convert(bomb, "bomb.docx");
  expect(inflated.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeTooLarge("bomb.docx", packageLimits.maxMarkupBytes),
  });
  const eps = await convert(odtWithPicture("Pictures/p.eps", { "Pictures/p.eps": epsPicture }), "eps.odt");
  expect(eps.last).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeEps("eps.odt"),
  });
});

it("converts an ODT whose picture lives inside its package", { timeout: 150_000 }, async () => {
  const picture = flatPng(400, 200);
  const { bookId, last } = await convert(
    odtWithPicture("Pictures/inside.png", { "Pictures/inside.png": picture }),
    "inside.odt",
  );
  expect(last?.state).toBe(ConversionJobState.COMPLETED);
  expect(await harness.manifest(bookId, 1)).toMatchObject({ state: "ready", pageCount: 1 });
});
