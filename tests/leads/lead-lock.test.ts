import { expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";

// Issue #33 finding 5 replayed on the built processes and real stores: a lead form that may not be skipped holds its
// page and every later one on the server, as a password does (book.json without their pictures and text, the page
// files and the search index refused), until the reader's lead is stored; the grant that submission sets opens them,
// and a skippable form holds nothing.
const services = await workerSystem();
let book: { number: string; bookId: string };

interface ReaderPage {
  number: number;
  locked: boolean;
  renditions: { url: string }[];
  textUrl: string | null;
}
interface ReaderView {
  lock: { mode: string; fromPage: number } | null;
  pages: ReaderPage[];
  searchUrl: string | null;
}

const form = (skippable: boolean) => ({
  enabled: true,
  beforePage: 2,
  skippable,
  title: "Tell us who you are",
  consentText: "",
  fields: [{ key: "email", label: "Email", kind: "email", required: true }],
});

const bookJson = async (cookie = "") =>
  (await (
    await fetch(`${services.gatewayUrl}/b/${book.number}/book.json`, { headers: cookie ? { cookie } : {} })
  ).json()) as ReaderView;
const status = async (url: string, cookie = "") =>
  (await fetch(`${services.gatewayUrl}${url}`, { headers: cookie ? { cookie } : {} })).status;
const setForm = async (skippable: boolean) =>
  postAs(services.gatewayUrl, undefined, "/api/insight/update-settings", {
    bookId: book.bookId,
    leadForm: JSON.stringify(form(skippable)),
  });

it("holds the form's pages until a lead is stored, then serves them to that reader", async () => {
  book = await uploadPdf(services.gatewayUrl, await numberedPdf(3), { title: "Held by a form" });
  // Without a form every page is open: these are the files the form will hold.
  const open = await bookJson();
  expect(open.lock).toBeNull();
  const second = open.pages[1] as ReaderPage;
  const pageFile = second.renditions[0]?.url as string;
  const textFile = second.textUrl as string;
  const firstFile = open.pages[0]?.renditions[0]?.url as string;
  expect(pageFile).toMatch(/\/assets\//);
  expect(await status(pageFile)).toBe(200);

  expect(await setForm(false)).toMatchObject({ code: "OK" });
  const held = await bookJson();
  expect(held.lock).toMatchObject({ mode: "lead", fromPage: 2 });
  expect(held.pages.map((page) => page.locked)).toEqual([false, true, true]);
  expect(held.pages[1]).toMatchObject({ renditions: [], textUrl: null });
  expect(held.searchUrl).toBeNull();
  expect(await status(pageFile)).toBe(403);
  expect(await status(textFile)).toBe(403);
  expect(await status(firstFile)).toBe(200);
  // The page's HTML carries no text of a held page either (with the grant it does, below).
  const pageHtml = async (cookie = "") =>
    (await fetch(`${services.gatewayUrl}/b/${book.number}/2`, { headers: cookie ? { cookie } : {} })).text();
  expect(await pageHtml()).not.toContain("Page 2</");

  // An incomplete submission stores nothing and opens nothing.
  const refused = await fetch(`${services.gatewayUrl}/b/${book.number}/lead`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ values: {}, page: 2 }),
  });
  expect(refused.headers.get("set-cookie")).toBeNull();

  const sent = await fetch(`${services.gatewayUrl}/b/${book.number}/lead`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ values: { email: "reader@example.com" }, page: 2 }),
  });
  expect(((await sent.json()) as { code: string }).code).toBe("OK");
  const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0] as string;
  expect(cookie).toMatch(new RegExp(`^tl_lead_${book.number}=`));

  const opened = await bookJson(cookie);
  expect(opened.lock).toBeNull();
  expect(opened.pages.every((page) => !page.locked)).toBe(true);
  expect(await status(pageFile, cookie)).toBe(200);
  expect(await status(textFile, cookie)).toBe(200);
  expect(await pageHtml(cookie)).toContain("Page 2</");
  // Another reader (no grant) is still held; a forged grant opens nothing.
  expect(await status(pageFile)).toBe(403);
  expect(await status(pageFile, `${cookie.slice(0, -3)}xyz`)).toBe(403);
}, 180_000);

it("holds nothing when the owner lets readers skip the form", async () => {
  expect(await setForm(true)).toMatchObject({ code: "OK" });
  const view = await bookJson();
  expect(view.lock).toBeNull();
  expect(await status(view.pages[2]?.renditions[0]?.url as string)).toBe(200);
});
