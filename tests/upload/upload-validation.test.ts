/**
 * The upload service's checks through the real gateway: what begin-upload refuses or asks about (types, sizes,
 * limits, the desktop tool's texts) and what end-upload checks (bytes' types, page limits, protected PDFs)
 * (upload-stack.ts starts the services).
 */
import { buildApp } from "@turnleaf/gateway/in-process";
import { describe, expect, it } from "vitest";
import { fakeImage, makePdf } from "./fixtures.js";
import {
  begin,
  begun,
  declare,
  lastJob,
  log,
  mebibyte,
  peers,
  post,
  sendChunk,
  serverOffset,
  storeProbes,
  uploadRest,
  uploadWhole,
  useUploadStack,
} from "./upload-stack.js";

useUploadStack();

describe("validation at begin-upload", () => {
  const onePdf = JSON.stringify([{ name: "a.pdf", size: 1000 }]);

  it.each([
    ["a missing title", { title: " ", files: onePdf }, "请输入标题"],
    ["overwrite without a book", { overwrite: "1", files: onePdf }, "请选择要覆盖的书"],
    ["no files", { files: "[]" }, "请上传文件"],
    ["a blank page range", { files: onePdf, pdfImportConfig: JSON.stringify({ r: " " }) }, "请填写要导入的页码范围"],
    ["a malformed page range", { files: onePdf, pdfImportConfig: JSON.stringify({ r: "1,5-" }) }, "格式不正确"],
    ["a PDF of 1 GB", { files: JSON.stringify([{ name: "a.pdf", size: 1024 ** 3 }]) }, "不能超过 1 GB"],
    [
      "merged PDFs of 1 GB",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 600 * mebibyte },
          { name: "b.pdf", size: 500 * mebibyte },
        ]),
      },
      "不能超过 1 GB",
    ],
    ["a BMP on the web path", { files: JSON.stringify([{ name: "a.bmp", size: 1000 }]) }, "仅支持 jpg、jpeg、png 图片"],
    [
      "a document of another type",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.txt", size: 10 },
        ]),
      },
      "文件格式不正确",
    ],
    [
      "PDFs with images",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.png", size: 10 },
        ]),
      },
      "PDF 和图片不能合并成一本书",
    ],
    [
      "a password with merged PDFs",
      {
        password: "x",
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.pdf", size: 10 },
        ]),
      },
      "受密码保护的 PDF 不能合并",
    ],
    [
      "13 images on a trial",
      {
        trial: "1",
        files: JSON.stringify(Array.from({ length: 13 }, (_, index) => ({ name: `${index}.jpg`, size: 10 }))),
      },
      "试用版只能导入 12 页或图片：本次上传有 13 个，请重新选择",
    ],
  ])("refuses %s", async (_case, fields, message) => {
    const reply = await begin(fields as Record<string, string>);
    expect(reply).toMatchObject({ code: "ERROR", msg: message, status: "0" });
  });

  it.each([
    [{ definition: "96" }, "definition"],
    [{ definition: "79" }, "definition"],
    [{ maxEdge: "449" }, "maxEdgePx"],
    [{ maxEdge: "3201" }, "maxEdgePx"],
    [{ dpi: "71" }, "dpi"],
    [{ dpi: "321" }, "dpi"],
  ])("holds page quality %j to its bounds", async (fields, field) => {
    const reply = await begin({ files: onePdf, ...fields }, "/api/book/create-book-multi");
    expect(reply).toMatchObject({ code: "ERROR", msg: "页面质量超出范围：清晰度 80-95，边长 450-3200，DPI 72-320" });
    expect((reply.data as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([field]);
  });

  it("speaks the desktop tool's texts on its paths, and takes BMP and custom quality there", async () => {
    expect(await begin({ title: "", files: onePdf }, "/api/book/create-book-multi")).toMatchObject({
      msg: "请输入书名！",
    });
    expect(await begin({ files: onePdf }, "/api/book/replace-book-multi")).toMatchObject({
      msg: "请选择要覆盖的在线书",
    });
    expect(
      await begin({ files: JSON.stringify([{ name: "a.pdf", size: 1024 ** 3 }]) }, "/api/book/create-book-multi"),
    ).toMatchObject({
      msg: "PDF 必须小于 1 GB",
    });
    const task = await begun(
      { files: JSON.stringify([{ name: "a.bmp", size: 1000 }]), definition: "95", maxEdge: "450", dpi: "72" },
      "/api/book/create-book-multi",
    );
    expect(task.files[0]).toMatchObject({ name: "a.bmp", size: 1000 });
  });

  it("asks about images over 10 MB, and skips them when told to", async () => {
    const files = JSON.stringify([
      { name: "small.png", size: 1000 },
      { name: "huge.jpg", size: 11 * mebibyte },
    ]);
    const prompt = await begin({ files });
    expect(prompt).toMatchObject({
      code: "IMAGE_OVER_SIZE",
      msg: "有超过 10 MB 的图片：跳过它们，还是继续？",
      data: { files: [{ name: "huge.jpg", size: 11 * mebibyte }], choices: ["skip", "continue"] },
    });
    const skipped = await begun({ files, largeImages: "skip" });
    expect(skipped.files.map((file) => file.skipped)).toEqual([false, true]);
    expect(skipped.bytes.total).toBe(1000);
    const kept = await begun({ files, largeImages: "continue" });
    expect(kept.files.map((file) => file.skipped)).toEqual([false, false]);
  });

  it("answers LOGIN_SIGNOUT without an acting user", async () => {
    const anonymous = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined });
    const response = await anonymous.inject({
      method: "POST",
      url: "/api/book/begin-upload",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "title=x",
    });
    expect(response.json()).toMatchObject({ code: "LOGIN_SIGNOUT" });
    await anonymous.close();
  });
});

describe("validation at end-upload", () => {
  it("checks the bytes' type", async () => {
    const task = await uploadWhole({}, [["fake.pdf", Buffer.from("this is not a PDF at all")]]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: "文件格式不正确",
    });
    // An image is judged by its first chunk already.
    const gif = Buffer.from("GIF89a and more bytes");
    const image = await begun({ files: JSON.stringify([declare("photo.png", gif)]) });
    expect((await sendChunk(image.taskId, "f1", 0, gif)).reply).toMatchObject({
      code: "ERROR",
      msg: "仅支持 jpg、jpeg、png 图片",
    });
    expect(await serverOffset(image.taskId, "f1")).toBe(0);
  });

  it("completes images in order as image sources, BMP on the desktop path only", async () => {
    const task = await uploadWhole({}, [
      ["one.jpg", fakeImage("jpeg")],
      ["two.png", fakeImage("png")],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({ code: "OK" });
    const job = await lastJob(task.taskId);
    expect(job.sources.map((source) => [source.displayName, source.kind])).toEqual([
      ["one.jpg", 2],
      ["two.png", 2],
    ]);
    const bmp = fakeImage("bmp");
    const desktop = await begun({ files: JSON.stringify([declare("scan.bmp", bmp)]) }, "/api/book/create-book-multi");
    await uploadRest(desktop.taskId, "f1", bmp);
    expect(await post("/api/book/end-upload", { taskId: desktop.taskId })).toMatchObject({ code: "OK" });
  });

  it("limits merged PDFs to 1000 pages", async () => {
    const [first, second] = await Promise.all([makePdf({ pages: 600 }), makePdf({ pages: 401 })]);
    const task = await uploadWhole({}, [
      ["one.pdf", first],
      ["two.pdf", second],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: "导入的 PDF 不能超过 1000 页",
    });
  });

  it("limits a trial to 12 pages, and holds the page range to the pages", async () => {
    const pdf = await makePdf({ pages: 13 });
    const trial = await uploadWhole({ trial: "1" }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: trial.taskId })).toMatchObject({
      msg: "试用版只能导入 12 页或图片：本次上传有 13 个，请重新选择",
    });
    const ranged = await uploadWhole({ trial: "1", pdfImportConfig: JSON.stringify({ r: "1-12" }) }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: ranged.taskId })).toMatchObject({ code: "OK" });
    const outside = await uploadWhole({ pdfImportConfig: JSON.stringify({ r: "1,14" }) }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: outside.taskId })).toMatchObject({ msg: "格式不正确" });
  });

  it("asks for a protected PDF's password, refuses a wrong one, and converts with the right one", async () => {
    const pdf = await makePdf({ userPassword: "s3cret" });
    const task = await uploadWhole({}, [["locked.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "PDF_PASSWORD_REQUIRED",
      msg: "此 PDF 受密码保护：请输入密码",
      data: { fileId: "f1", name: "locked.pdf" },
    });
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "wrong" })).toMatchObject({
      code: "PDF_PASSWORD_INCORRECT",
      msg: "密码错误！",
    });
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "s3cret" })).toMatchObject({
      code: "OK",
      data: { state: "completed" },
    });
    expect((await lastJob(task.taskId)).sources[0]).toMatchObject({ password: "s3cret" });
  });

  it("never merges a protected PDF with another", async () => {
    const [locked, plain] = await Promise.all([makePdf({ userPassword: "pw" }), makePdf()]);
    const task = await uploadWhole({}, [
      ["locked.pdf", locked],
      ["plain.pdf", plain],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "pw" })).toMatchObject({
      msg: "受密码保护的 PDF 不能合并",
    });
  });
});
