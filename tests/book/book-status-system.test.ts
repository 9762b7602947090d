import { describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { form, postTo } from "../support/system.js";
import { makePdf } from "../upload/fixtures.js";

// The book status on the seven built processes and the run's real stores: a PDF uploaded through the gateway is
// converted by the worker, whose BookReady the book service follows to end the book's processing status.
const services = await workerSystem();

const post = (path: string, body: string | Blob, contentType?: string) =>
  postTo(services.gatewayUrl, path, body, contentType);

describe("a real upload and conversion", () => {
  it("ends with the book enabled in the bookcase with its converted page count", async () => {
    const pdf = await makePdf({ pages: 4 });
    const begun = await post(
      "/api/book/begin-upload",
      form({
        title: "Status through conversion",
        files: JSON.stringify([{ name: "status.pdf", size: pdf.length, type: "application/pdf" }]),
      }),
    );
    expect(begun, begun.msg).toMatchObject({ code: "OK" });
    const task = begun.data as { taskId: string; files: { fileId: string }[] };
    const sent = await post(
      `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId ?? ""}&offset=0`,
      new Blob([new Uint8Array(pdf)]),
      "application/octet-stream",
    );
    expect(sent, sent.msg).toMatchObject({ code: "OK" });
    const ended = await post("/api/book/end-upload", form({ taskId: task.taskId }));
    expect(ended, ended.msg).toMatchObject({ code: "OK" });
    const bookId = String((ended.data as { bookId: string }).bookId);

    const row = async () => {
      const listed = await post("/api/book/get-book-list", form({ pageSize: "100" }));
      const list = (listed.data?.list ?? []) as { bookId: string; status: string; pageCount: number }[];
      return list.find((book) => book.bookId === bookId);
    };
    // Uploading until the worker's BookReady is applied (how long that takes is the machine's business).
    expect(["uploading", "enabled"]).toContain((await row())?.status);
    await expect.poll(async () => (await row())?.status, { timeout: 90_000, interval: 500 }).toBe("enabled");
    expect(await row()).toMatchObject({ status: "enabled", pageCount: 4 });
  }, 120_000);
});

describe("the upload form's category (spec 001 'Flipbook (upload form)')", () => {
  /** Begins on a path, sends the PDF, ends: the new book's id. */
  const uploaded = async (path: string, fields: Record<string, string>) => {
    const pdf = await makePdf({ pages: 1 });
    const begun = await post(
      path,
      form({ ...fields, files: JSON.stringify([{ name: "c.pdf", size: pdf.length, type: "application/pdf" }]) }),
    );
    expect(begun, begun.msg).toMatchObject({ code: "OK" });
    const task = begun.data as { taskId: string; files: { fileId: string }[] };
    await post(
      `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId ?? ""}&offset=0`,
      new Blob([new Uint8Array(pdf)]),
      "application/octet-stream",
    );
    const ended = await post("/api/book/end-upload", form({ taskId: task.taskId }));
    expect(ended, ended.msg).toMatchObject({ code: "OK" });
    return String((ended.data as { bookId: string }).bookId);
  };
  const categoryOf = async (bookId: string) => (await post("/api/book/get-book", form({ bookId }))).data?.categoryId;

  it("stores the editor's categoryId and the CLI's category on the created book; refuses a non-number", async () => {
    const web = await uploaded("/api/book/begin-upload", { title: "Categorised", categoryId: "42" });
    expect(await categoryOf(web)).toBe("42");
    const desktop = await uploaded("/api/book/create-book-multi", { title: "From the CLI", category: "7" });
    expect(await categoryOf(desktop)).toBe("7");
    const none = await uploaded("/api/book/begin-upload", { title: "No category" });
    expect(await categoryOf(none)).toBe("");
    const bad = await post(
      "/api/book/begin-upload",
      form({ title: "Bad", categoryId: "travel", files: JSON.stringify([{ name: "c.pdf", size: 10 }]) }),
    );
    expect(bad).toMatchObject({ code: "ERROR", msg: "请求异常" });
  }, 120_000);
});
