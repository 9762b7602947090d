/**
 * The upload form's IMAGEINPDF preference (spec 000 §3 pdfImportConfig) through the whole stack: a PDF page with a
 * text layer and a picture holding words, uploaded through the gateway as the editor sends it. The book is ready
 * with its text layer searchable; get-progress says search is still being prepared; then the hosted book's search
 * index holds the picture's words beside the typed line. Without the preference, the picture is not read.
 */
import { describe, expect, it } from "vitest";
import { typedAndPicture } from "../fixtures/pdf/scans.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, postTo, uploadPdf } from "../support/system.js";

const services = await workerSystem();

const searchState = async (taskId: string) =>
  ((await postTo(services.gatewayUrl, "/api/book/get-progress", form({ taskId }))).data as { search?: string } | null)
    ?.search;

/** The hosted book's search index as readers fetch it (book.json names it). */
async function hostedSearch(number: string): Promise<{ page: number; text: string }[]> {
  const book = (await (await fetch(`${services.gatewayUrl}/b/${number}/book.json`)).json()) as {
    searchUrl?: string | null;
  };
  if (!book.searchUrl) return [];
  const response = await fetch(new URL(book.searchUrl, `${services.gatewayUrl}/b/${number}/`));
  if (!response.ok) return [];
  return ((await response.json()) as { pages: { page: number; text: string }[] }).pages;
}

describe("IMAGEINPDF", { timeout: 600_000 }, () => {
  it("makes the words in a text page's pictures searchable in the hosted book; without it they are not read", async () => {
    const pdf = await typedAndPicture();
    const plain = await uploadPdf(services.gatewayUrl, pdf, { title: "Poster plain" });
    expect(await searchState(plain.taskId)).toBe("ready");
    expect((await hostedSearch(plain.number))[0]?.text).toBe("Typed lighthouse page");

    const book = await uploadPdf(services.gatewayUrl, pdf, {
      title: "Poster",
      pdfImportConfig: JSON.stringify({ IMAGEINPDF: true }),
    });
    await expect.poll(() => searchState(book.taskId), { timeout: 300_000, interval: 1_000 }).toBe("ready");
    // Readers may hold the first book.json for a little while; the new index is under a key of its own.
    await expect
      .poll(async () => (await hostedSearch(book.number))[0]?.text ?? "", { timeout: 60_000, interval: 1_000 })
      .toMatch(/Zeppelin/);
    const text = (await hostedSearch(book.number))[0]?.text ?? "";
    expect(text.match(/lighthouse/g)).toHaveLength(1);
  });
});
