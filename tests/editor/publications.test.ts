import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient, type TypedClient } from "@turnleaf/kit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { beginAndSend, bookList, newOwner, postForm, uploadBook } from "./bookcase-fixtures.js";

// Publications (spec 000 folder type 2) against the built stack: the upload screens choose book or publication,
// publications count against PUB_BOOK_NUM on the server (begin-upload, and the completion's atomic slot when
// uploads race), the editor shows the spec's limit alert, and the bookcase filters by type.
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let browser: Browser;
let admin: TypedClient<typeof PowerAdminService>;

const limitPublications = (userId: string, limit: number) =>
  admin.setQuotaOverride({ account: { userId }, quota: Quota.PUB_BOOK_NUM, limit, actor: "test" });

beforeAll(async () => {
  browser = await launchChromium();
  admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("publications", () => {
  it("counts publications against PUB_BOOK_NUM on the server, books apart, and stores the type", async () => {
    const owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
    const { request } = owner.context;
    const url = services.gatewayUrl;
    try {
      await limitPublications(owner.userId, 2);
      const pdf = await labelledPdf("P", 1);
      const first = await uploadBook(request, url, pdf, { title: "Gazette 1", folderType: "2" });
      await uploadBook(request, url, pdf, { title: "Gazette 2", folderType: "2" });

      const refused = await beginAndSend(request, url, pdf, { title: "Gazette 3", folderType: "2" });
      expect(refused.begun).toMatchObject({
        code: "BOOK_UPLOAD_OVER_LIMIT",
        msg: "PUB_BOOK_NUM：已达到托管 2 本刊物的上限，请联系客服或释放名额",
        data: { quota: "PUB_BOOK_NUM", limit: 2, used: 2 },
      });
      const english = await postForm(
        request,
        `${url}/api/book/begin-upload`,
        {
          title: "Gazette 3",
          folderType: "2",
          files: JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]),
        },
        { "accept-language": "en" },
      );
      expect(english.msg).toBe(
        "PUB_BOOK_NUM: the limit of 2 hosted publications is reached, contact support or free a slot",
      );
      // A value that is no folder type is refused before anything is stored.
      const bad = await beginAndSend(request, url, pdf, { title: "Odd", folderType: "3" });
      expect(bad.begun.code).not.toBe("OK");
      expect(bad.taskId).toBe("");

      // Books keep their own quota (BOOK_FILE_NUM): a book still uploads.
      await uploadBook(request, url, pdf, { title: "Handbook", folderType: "1" });
      const publications = await bookList(request, url, { folderType: "2" });
      expect(publications.list.map((entry) => entry.title).sort()).toEqual(["Gazette 1", "Gazette 2"]);
      expect(publications.list.every((entry) => (entry as unknown as { folderType: number }).folderType === 2)).toBe(
        true,
      );
      const booksOnly = await bookList(request, url, { folderType: "1" });
      expect(booksOnly.list.map((entry) => entry.title)).toEqual(["Handbook"]);
      expect((await bookList(request, url)).total).toBe(3);
      const ready = await postForm(request, `${url}/api/book/get-ready-config`, { number: first.number });
      expect(ready.data).toMatchObject({ folderType: 2 });
    } finally {
      await owner.context.close();
    }
  }, 120_000);

  it("never stores more publications than the limit when uploads race", async () => {
    const owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
    const { request } = owner.context;
    const url = services.gatewayUrl;
    try {
      const limit = 3;
      const racers = 7;
      await limitPublications(owner.userId, limit);
      const pdf = await labelledPdf("R", 1);
      // Every begin passes (no slot is taken yet); the completions decide, each taking a slot in one atomic step.
      const tasks = await Promise.all(
        Array.from({ length: racers }, (_, index) =>
          beginAndSend(request, url, pdf, { title: `Race ${index}`, folderType: "2" }),
        ),
      );
      for (const task of tasks) expect(task.begun.code).toBe("OK");
      const ended = await Promise.all(
        tasks.map((task) => postForm(request, `${url}/api/book/end-upload`, { taskId: task.taskId })),
      );
      const codes = ended.map((reply) => reply.code);
      expect(codes.filter((code) => code === "OK")).toHaveLength(limit);
      expect(codes.filter((code) => code === "BOOK_UPLOAD_OVER_LIMIT")).toHaveLength(racers - limit);
      for (const reply of ended.filter((entry) => entry.code !== "OK")) {
        expect(reply.data).toMatchObject({ quota: "PUB_BOOK_NUM", limit });
      }
      const stored = await bookList(request, url, { folderType: "2" });
      expect(stored.total).toBe(limit);

      // Deleting one frees its slot: a refused upload completes in it, and the limit still holds.
      const made = ended.find((reply) => reply.code === "OK")?.data as { bookId: string };
      expect((await postForm(request, `${url}/api/book/delete-book`, { bookId: made.bookId })).code).toBe("OK");
      const waiting = tasks[codes.indexOf("BOOK_UPLOAD_OVER_LIMIT")];
      const retried = await postForm(request, `${url}/api/book/end-upload`, { taskId: waiting?.taskId ?? "" });
      expect(retried.code, retried.msg).toBe("OK");
      const again = tasks[codes.lastIndexOf("BOOK_UPLOAD_OVER_LIMIT")];
      const over = await postForm(request, `${url}/api/book/end-upload`, { taskId: again?.taskId ?? "" });
      expect(over.code).toBe("BOOK_UPLOAD_OVER_LIMIT");
      expect((await bookList(request, url, { folderType: "2" })).total).toBe(limit);
    } finally {
      await owner.context.close();
    }
  }, 120_000);

  it("lets the owner choose publication on the upload screens and shows the PUB_BOOK_NUM alert; the bookcase filters by type", async () => {
    const owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
    const url = services.gatewayUrl;
    try {
      await limitPublications(owner.userId, 1);
      const pdf = await labelledPdf("U", 1);
      await uploadBook(owner.context.request, url, pdf, { title: "Monthly 1", folderType: "2" });
      const page = await owner.context.newPage();
      const tryUpload = async (on: Page, type: string, title: string, lang = "") => {
        await on.goto(`${url}/book_edit2/upload${lang}`);
        await on.getByRole("radio", { name: type }).check();
        await on.getByLabel(lang ? "Title" : "书名").fill(title);
        await on
          .locator('input[type="file"]')
          .setInputFiles({ name: "u.pdf", mimeType: "application/pdf", buffer: pdf });
        await on.getByRole("button", { name: lang ? "Upload" : "上传", exact: true }).click();
      };

      await tryUpload(page, "出版物", "Monthly 2");
      const alert = page.getByRole("alertdialog", { name: "已达上限" });
      await alert.waitFor();
      expect(await alert.textContent()).toContain("可托管的出版物已达上限（PUB_BOOK_NUM）");
      await page.screenshot({ path: join(screenshots, "publication-limit.png") });
      expect(await alert.textContent()).toContain("PUB_BOOK_NUM：已达到托管 1 本刊物的上限，请联系客服或释放名额");
      await alert.getByRole("button", { name: "取消" }).click();
      const support = page.getByRole("alertdialog", { name: "客服二维码" });
      await support.getByRole("button", { name: "关闭" }).click();

      await tryUpload(page, "Publication", "Monthly 2", "?lang=en");
      const english = page.getByRole("alertdialog", { name: "Limit reached" });
      expect(await english.textContent()).toContain("The hosted publications limit is reached (PUB_BOOK_NUM)");
      await english.getByRole("button", { name: "cancel" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Close" }).click();

      // The same file as a book goes up (its own quota).
      await tryUpload(page, "图书", "Annual report");
      await expect
        .poll(() => page.getByTestId("upload-phase").getAttribute("data-phase"), { timeout: 90_000 })
        .toBe("ready");

      // Batch upload chooses too: a publication over the limit fails with the same alert.
      await page.goto(`${url}/book_edit2/batch-upload`);
      await page.getByRole("radio", { name: "出版物" }).check();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "b.pdf", mimeType: "application/pdf", buffer: pdf });
      await page.getByRole("button", { name: "上传", exact: true }).click();
      await page.getByRole("alertdialog", { name: "已达上限" }).waitFor();
      await expect.poll(() => page.getByTestId("batch-row").getAttribute("data-status")).toBe("failed");

      // The bookcase shows each row's type and filters by it.
      await page.goto(`${url}/book_edit2/bookcase`);
      const rows = page.getByTestId("bookcase-row");
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
      await page.getByRole("button", { name: "出版物" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBe("2");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute("data-type")).toBe("2");
      expect(await rows.first().textContent()).toContain("Monthly 1");
      await page.getByRole("button", { name: "图书" }).click();
      await expect.poll(() => rows.first().textContent()).toContain("Annual report");
      expect(await rows.count()).toBe(1);
    } finally {
      await owner.context.close();
    }
  }, 180_000);
});
