import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SourceMissingError } from "./book-store.js";
import { FsBookStore } from "./fs-book-store.js";

describe("FsBookStore", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "fs-book-store-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("stores one revision's keys as paths inside the book folder", async () => {
    const store = new FsBookStore({ sourcesDir: dir, booksDir: join(dir, "book"), revisionPrefix: "books/b/r1/" });
    await store.put("books/b/r1/pages/1/100.webp", Buffer.from("image"));
    await store.putJson("books/b/r1/manifest.json", { format: 1, pages: [], state: "ready" });
    expect(await readFile(join(dir, "book", "pages", "1", "100.webp"), "utf8")).toBe("image");
    expect(await store.getJson("books/b/r1/manifest.json")).toMatchObject({ state: "ready" });
    expect(await store.getJson("books/b/r1/missing.json")).toBeUndefined();
    expect(await store.list("books/b/r1/pages/")).toEqual(["books/b/r1/pages/1/100.webp"]);
    expect(await store.removePrefix("books/b/r1/")).toBe(2);
    expect(await store.list("books/b/r1/")).toEqual([]);
  });

  it("refuses keys outside the revision or the folder", async () => {
    const store = new FsBookStore({ sourcesDir: dir, booksDir: join(dir, "book"), revisionPrefix: "books/b/r1/" });
    await expect(store.put("books/b/r2/manifest.json", Buffer.from("x"))).rejects.toThrow(/outside/);
    await expect(store.put("books/b/r1/../../escape", Buffer.from("x"))).rejects.toThrow(/outside/);
  });

  it("copies sources from local paths and reports missing ones", async () => {
    const store = new FsBookStore({ sourcesDir: dir, booksDir: join(dir, "book") });
    await writeFile(join(dir, "a.pdf"), "pdf");
    await store.downloadSource("a.pdf", join(dir, "copy"));
    expect(await readFile(join(dir, "copy"), "utf8")).toBe("pdf");
    await expect(store.downloadSource("none.pdf", join(dir, "copy2"))).rejects.toBeInstanceOf(SourceMissingError);
  });
});
