/**
 * Office documents through the conversion worker against the real stores: a PPTX and a DOCX made by LibreOffice
 * become books whose text is searchable (the PPTX is split into work items, so a replica that did not run
 * LibreOffice renders from the PDF the coordinator stored); a damaged and a password-protected document end
 * FAILED with their messages and leave nothing behind.
 */
import { ConversionJobState, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { detectIsolation, failureMessages, type PageText } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import type { RunningConsumer } from "@turnleaf/kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";
import { flatPresentation, flatText, protectedOdt, saveAs } from "./office-fixtures.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(2);
  consumer = await startTestConsumer(harness, pool, {
    settings: {
      webpEffort: 2,
      office: { soffice: "soffice", timeoutMs: 90_000, isolation: detectIsolation() },
    },
    maxDeliver: 2,
    durable: "office",
    pagesPerItem: 1,
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

async function convert(bytes: Buffer, name: string) {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const key = await harness.upload(bytes);
  const events = harness.events(jobId, 1, 120_000);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [{ key, kind: SourceKind.OFFICE, displayName: name, sizeBytes: BigInt(bytes.length) }],
    options: { engine: Engine.HD_TEXT, maxSidePx: 800, importSearch: true },
  });
  return { bookId, events: await events };
}

async function searchIndex(bookId: string) {
  return JSON.parse((await harness.object(`books/${bookId}/r1/search.json`)).toString()) as {
    pages: { page: number; text: string }[];
  };
}

it("turns a PPTX into a book whose slides are searchable, split over work items", { timeout: 150_000 }, async () => {
  const pptx = await saveAs(
    flatPresentation(["Quarterly flamingo report", "Second slide about pelicans"]),
    "fodp",
    "pptx",
  );
  const { bookId, events } = await convert(pptx, "deck.pptx");
  expect(events.at(-1)?.state).toBe(ConversionJobState.COMPLETED);
  const manifest = await harness.manifest(bookId, 1);
  expect(manifest).toMatchObject({ state: "ready", pageCount: 2, pagesDone: 2 });
  const landscape = manifest?.pages[0];
  expect((landscape?.width ?? 0) > (landscape?.height ?? 0)).toBe(true);
  const search = await searchIndex(bookId);
  expect(search.pages[0]?.text).toContain("flamingo");
  expect(search.pages[1]?.text).toContain("pelicans");
  const text = JSON.parse((await harness.object(`books/${bookId}/r1/text/1.json`)).toString()) as PageText;
  expect(text.items.some((item) => item.text.includes("flamingo"))).toBe(true);
  // The PDF the coordinator stored for the other replicas is gone once the book is ready.
  expect((await harness.keys(bookId, 1)).some((key) => key.includes("/work/"))).toBe(false);
});

it("turns a DOCX into a book whose text is searchable", { timeout: 150_000 }, async () => {
  const docx = await saveAs(flatText(["The walrus memorandum", "Filed under marine mammals."]), "fodt", "docx");
  const { bookId, events } = await convert(docx, "memo.docx");
  expect(events.at(-1)?.state).toBe(ConversionJobState.COMPLETED);
  const manifest = await harness.manifest(bookId, 1);
  expect(manifest).toMatchObject({ state: "ready", pageCount: 1 });
  const portrait = manifest?.pages[0];
  expect((portrait?.height ?? 0) > (portrait?.width ?? 0)).toBe(true);
  expect((await searchIndex(bookId)).pages[0]?.text).toContain("walrus");
});

it("refuses a damaged and a password-protected document with their messages, leaving nothing", {
  timeout: 150_000,
}, async () => {
  const pptx = await saveAs(flatPresentation(["Cut short"]), "fodp", "pptx");
  const damaged = await convert(pptx.subarray(0, Math.floor(pptx.length / 2)), "broken.pptx");
  expect(damaged.events.at(-1)).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeDamaged("broken.pptx"),
  });
  const locked = await convert(protectedOdt(), "locked.odt");
  expect(locked.events.at(-1)).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.officeProtected("locked.odt"),
  });
  expect(await harness.keys(damaged.bookId, 1)).toEqual([]);
  expect(await harness.keys(locked.bookId, 1)).toEqual([]);
});
