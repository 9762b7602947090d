import { Cut } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { describe, expect, it } from "vitest";
import { carryOver, initialManifest, landPage, pagesAlreadyDone } from "./manifest.js";
import { planBook } from "./plan.js";

const plan = planBook(
  [
    {
      kind: "pdf",
      pages: [
        { width: 600, height: 800 },
        { width: 1200, height: 800 },
      ],
    },
  ],
  {
    cut: Cut.AUTO,
    bleedPt: 0,
    pageRange: "",
  },
);
const fresh = () =>
  initialManifest({
    bookId: "b1",
    revision: 3,
    jobId: "j1",
    engine: "hd-text",
    trial: false,
    plan,
    sizes: plan.map(() => ({ width: 750, height: 1000 })),
  });

describe("manifest", () => {
  it("names a page's main rendition by its format, the lighter width WebP, and a PNG or JPEG main its own fallback", () => {
    const manifest = fresh();
    landPage(manifest, { n: 1, webpWidths: [750, 480], jpgWidth: 750, mainFormat: "png", hasText: false, links: [] });
    expect(manifest.pages[0]).toMatchObject({
      webp: { "750": "pages/1/750.png", "480": "pages/1/480.webp" },
      jpg: "pages/1/750.png",
    });
    landPage(manifest, { n: 2, webpWidths: [750, 480], jpgWidth: 750, mainFormat: "jpg", hasText: false, links: [] });
    expect(manifest.pages[1]?.webp["750"]).toBe(manifest.pages[1]?.jpg);
    landPage(manifest, { n: 2, webpWidths: [750], jpgWidth: 750, hasText: false, links: [] });
    expect(manifest.pages[1]?.webp).toEqual({ "750": "pages/2/750.webp" });
    expect(manifest.pages[1]?.jpg).toBe("pages/2/750.jpg");
  });

  it("starts converting with every planned page not ready, and the region each shows", () => {
    const manifest = fresh();
    expect(manifest).toMatchObject({ state: "converting", pageCount: 3, pagesDone: 0 });
    expect(manifest.pages[2]?.source).toEqual({ index: 0, page: 1, part: "right", region: [0.5, 0, 0.5, 1] });
  });

  it("counts a page landing twice once", () => {
    const manifest = fresh();
    const landed = { n: 2, webpWidths: [750, 480], jpgWidth: 750, hasText: true, links: [] };
    landPage(manifest, landed);
    landPage(manifest, landed);
    expect(manifest.pagesDone).toBe(1);
    expect(manifest.pages[1]).toMatchObject({
      ready: true,
      webp: { "750": "pages/2/750.webp", "480": "pages/2/480.webp" },
      jpg: "pages/2/750.jpg",
      thumb: "thumbs/2.jpg",
      text: "text/2.json",
    });
  });

  it("resumes only a previous delivery of the same job and plan", () => {
    const previous = fresh();
    landPage(previous, { n: 1, webpWidths: [750], jpgWidth: 750, hasText: false, links: [] });
    expect([...pagesAlreadyDone(previous, "j1", 3)]).toEqual([1]);
    expect(pagesAlreadyDone(previous, "other-job", 3).size).toBe(0);
    expect(pagesAlreadyDone(previous, "j1", 4).size).toBe(0);
    const next = fresh();
    carryOver(next, previous, new Set([1]));
    expect(next.pagesDone).toBe(1);
    expect(next.pages[0]?.jpg).toBe("pages/1/750.jpg");
  });
});
