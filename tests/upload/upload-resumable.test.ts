/**
 * Uploads through the real gateway to the upload service: resumable chunks (interrupted, repeated, paused,
 * cancelled, expired), then the book, reconversion and the progress stream a client follows (upload-stack.ts).
 */
import type { AddressInfo } from "node:net";
import { Code, ConnectError, createClient as createConnectClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { UploadTaskState } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { UploadProgressService, WatchPhase } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { buildApp } from "@turnleaf/gateway/in-process";
import { publishEvent, subjects } from "@turnleaf/kit";
import { startExpirySweep } from "@turnleaf/upload/in-process";
import { describe, expect, it } from "vitest";
import { messageIn, zhMessage } from "../support/messages.js";
import { makePdf, sha256 } from "./fixtures.js";
import {
  begun,
  books,
  bucket,
  declare,
  desk,
  gatewayUrl,
  lastJob,
  log,
  mebibyte,
  messagesOn,
  nats,
  partSize,
  peers,
  post,
  readObject,
  s3,
  sendAndDrop,
  sendChunk,
  serverOffset,
  setClockOffset,
  storeProbes,
  type TaskData,
  ttlMs,
  uploadRest,
  uploadWhole,
  userId,
  useUploadStack,
} from "./upload-stack.js";

useUploadStack();

describe("resumable upload", () => {
  it("completes a PDF sent in interrupted chunks byte-exact, with the offset as the truth", async () => {
    const pdf = await makePdf({ pages: 4, paddingBytes: 11 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("big.pdf", pdf, { sha256: sha256(pdf) })]) });
    expect(task).toMatchObject({ state: "starting", partSize, bytes: { done: 0, total: pdf.length } });

    // The connection drops mid-way: what arrived is kept; the client asks for the offset and continues.
    const dropped = await sendAndDrop(task.taskId, "f1", 0, pdf, 7 * mebibyte);
    expect(dropped).toBeGreaterThanOrEqual(partSize);
    expect(dropped).toBeLessThanOrEqual(7 * mebibyte);
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ phase: "upload", task: { state: "uploading", bytes: { done: dropped } } });

    // A chunk at another offset is a conflict answering the current offset; nothing is written.
    const wrong = await sendChunk(task.taskId, "f1", dropped + 10, pdf.subarray(dropped + 10, dropped + 100));
    expect(wrong.reply).toMatchObject({
      code: "UPLOAD_OFFSET_CONFLICT",
      msg: zhMessage("upload.offsetConflict", { offset: dropped }),
      data: { fileId: "f1", offset: dropped },
    });
    expect(wrong.offsetHeader).toBe(String(dropped));
    const early = await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 100));
    expect(early.reply).toMatchObject({ code: "UPLOAD_OFFSET_CONFLICT", data: { offset: dropped } });
    expect(await serverOffset(task.taskId, "f1")).toBe(dropped);

    // Completion before the last byte is refused with the offset to continue from.
    const tooSoon = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(tooSoon).toMatchObject({ code: "UPLOAD_OFFSET_CONFLICT", data: { offset: dropped } });

    await uploadRest(task.taskId, "f1", pdf, 2 * mebibyte + 12345);
    const done = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(done, done.msg).toMatchObject({ code: "OK", data: { state: "completed", revision: 1 } });
    const completed = done.data as unknown as TaskData;
    expect(completed.files[0]).toMatchObject({ received: pdf.length, pages: 4 });
    expect(Buffer.compare(await readObject(`uploads/${task.taskId}/f1`), pdf)).toBe(0);
    // No parked tail is left behind.
    const leftovers: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, `tmp/${task.taskId}/`, true)) leftovers.push(item.name ?? "");
    expect(leftovers).toEqual([]);

    // A retried completion (the reply was lost) answers the same book: one book, one job.
    const again = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(again).toMatchObject({ code: "OK", data: { state: "completed", bookId: completed.bookId } });
    expect(await books.findById(completed.bookId)).toMatchObject({ ownerId: userId, title: "A test book" });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(1);
    const job = await lastJob(task.taskId);
    expect(job).toMatchObject({ jobId: task.taskId, bookId: completed.bookId, revision: 1, trial: false });
    expect(job.sources).toHaveLength(1);
    expect(job.sources[0]).toMatchObject({ key: `uploads/${task.taskId}/f1`, displayName: "big.pdf" });
    expect(job.options).toMatchObject({ maxSidePx: 2200, quality: 85, importToc: true, pageRange: "" });
  });

  it("makes one book and one job of end-upload sent several times at once (an editor retrying while the first runs)", async () => {
    const pdf = await makePdf({ pages: 3 });
    const task = await uploadWhole({ title: "Ended at once" }, [["once.pdf", pdf]]);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => post("/api/book/end-upload", { taskId: task.taskId })),
    );
    for (const reply of replies) expect(reply, reply.msg).toMatchObject({ code: "OK", data: { state: "completed" } });
    const ended = replies.map((reply) => reply.data as unknown as TaskData);
    expect(new Set(ended.map((each) => each.bookId)).size).toBe(1);
    expect(new Set(ended.map((each) => each.number)).size).toBe(1);
    expect(ended.every((each) => each.revision === 1)).toBe(true);
    expect(await books.findById(ended[0]?.bookId ?? "")).toMatchObject({ title: "Ended at once" });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(1);
  });

  it("refuses a file whose SHA-256 does not match", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf, { sha256: sha256(Buffer.from("x")) })]) });
    await uploadRest(task.taskId, "f1", pdf);
    const reply = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(reply).toMatchObject({
      code: "ERROR",
      msg: zhMessage("upload.checksum", { name: "a.pdf" }),
    });
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ phase: "failed", task: { state: "failed" } });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(0);
    // Asking again answers the same failure.
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({ msg: reply.msg });
  });

  it("refuses bytes past the declared size", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([{ name: "a.pdf", size: 2000 }]) });
    const { reply } = await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 2500));
    expect(reply).toMatchObject({ code: "ERROR", msg: "a.pdf 大于声明的 2000 字节" });
    expect(await serverOffset(task.taskId, "f1")).toBe(0);
  });

  it("pauses, continues and cancels", async () => {
    const pdf = await makePdf({ paddingBytes: 6 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 5 * mebibyte + 100));
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "pause" })).toMatchObject({
      data: { state: "paused" },
    });
    const refused = await sendChunk(task.taskId, "f1", 5 * mebibyte + 100, pdf.subarray(5 * mebibyte + 100));
    expect(refused.reply).toMatchObject({ code: "ERROR", msg: zhMessage("upload.paused") });
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "continue" })).toMatchObject({
      data: { state: "uploading" },
    });
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "cancel" })).toMatchObject({
      data: { state: "cancelled" },
    });
    const open: string[] = [];
    for await (const upload of s3.listIncompleteUploads(bucket, `uploads/${task.taskId}/f1`, true))
      open.push(upload.key);
    expect(open).toEqual([]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: zhMessage("upload.cancelled"),
    });
  });

  it("expires unfinished uploads and removes their parts", async () => {
    const pdf = await makePdf({ paddingBytes: 6 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 5 * mebibyte + 4096));
    const tails = async () => {
      const keys: string[] = [];
      for await (const item of s3.listObjectsV2(bucket, `tmp/${task.taskId}/`, true)) keys.push(item.name ?? "");
      return keys;
    };
    const openUploads = async () => {
      const keys: string[] = [];
      for await (const upload of s3.listIncompleteUploads(bucket, `uploads/${task.taskId}/f1`, true))
        keys.push(upload.key);
      return keys;
    };
    expect(await tails()).toHaveLength(1);
    expect(await openUploads()).toHaveLength(1);

    setClockOffset(ttlMs + 1_000);
    const stop = startExpirySweep(desk, 20, log);
    try {
      let state = "";
      for (let attempt = 0; attempt < 400 && state !== "failed"; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        state = ((await post("/api/book/get-progress", { taskId: task.taskId })).data as { task: TaskData }).task.state;
      }
      expect(state).toBe("failed");
    } finally {
      await stop();
      setClockOffset(0);
    }
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ task: { message: "上传已过期：请重新开始" } });
    expect(await tails()).toEqual([]);
    expect(await openUploads()).toEqual([]);
    expect(await serverOffset(task.taskId, "f1")).toBe(0);
  });
});

describe("books, reconversion and progress", () => {
  it("reconverts a book's sources into a new revision with the same settings", async () => {
    const pdf = await makePdf();
    const task = await uploadWhole({ engineType: "1", cutType: "-1" }, [["a.pdf", pdf]]);
    const first = (await post("/api/book/end-upload", { taskId: task.taskId })).data as unknown as TaskData;
    const reply = await post("/api/book/reconvert-book-multi", { bookId: first.bookId });
    expect(reply, reply.msg).toMatchObject({
      code: "OK",
      data: { state: "completed", bookId: first.bookId, revision: 2 },
    });
    const second = reply.data as unknown as TaskData;
    const job = await lastJob(second.taskId);
    expect(job).toMatchObject({ bookId: first.bookId, revision: 2, options: { engine: 1, cut: 2 } });
    expect(job.sources[0]).toMatchObject({ key: `uploads/${task.taskId}/f1` });
    expect(await post("/api/book/reconvert-book-multi", { bookId: "nobook" })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
  });

  it("overwrites a chosen book with a new revision", async () => {
    const pdf = await makePdf();
    const original = await uploadWhole({}, [["a.pdf", pdf]]);
    const done = (await post("/api/book/end-upload", { taskId: original.taskId })).data as unknown as TaskData;
    const replacement = await uploadWhole({ overwrite: "1", bookId: done.bookId }, [["b.pdf", pdf]]);
    const reply = await post("/api/book/end-upload", { taskId: replacement.taskId });
    expect(reply).toMatchObject({ code: "OK", data: { bookId: done.bookId, number: done.number, revision: 2 } });
  });

  it("relays upload states then conversion progress to a Connect client, in order, ending in ready", async () => {
    const pdf = await makePdf({ pages: 3 });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    const client = createConnectClient(
      UploadProgressService,
      createConnectTransport({ baseUrl: gatewayUrl, httpVersion: "1.1" }),
    );
    const received: { phase: WatchPhase; upload: UploadTaskState; conversion: ConversionJobState; pages: number }[] =
      [];
    const watching = (async () => {
      for await (const message of client.watchUpload({ taskId: task.taskId })) {
        received.push({
          phase: message.phase,
          upload: message.uploadState,
          conversion: message.conversionState,
          pages: Number(message.pages?.done ?? 0n),
        });
      }
    })();

    await uploadRest(task.taskId, "f1", pdf, 4096);
    const done = (await post("/api/book/end-upload", { taskId: task.taskId })).data as unknown as TaskData;
    // The converter's part, played here.
    const progress = (state: ConversionJobState, pages: number) =>
      publishEvent(nats, subjects.conversionJobProgress(task.taskId), ConversionJobProgressedSchema, {
        jobId: task.taskId,
        bookId: done.bookId,
        state,
        pages: { done: BigInt(pages), total: 3n },
        revision: 1,
        manifestKey: pages > 0 ? `books/${done.bookId}/r1/manifest.json` : "",
      });
    await progress(ConversionJobState.QUEUED, 0);
    for (const page of [1, 2, 3]) await progress(ConversionJobState.CONVERTING, page);

    const polled = await post("/api/book/get-book-progress", { bookId: done.bookId });
    expect(polled.data).toMatchObject({ phase: "conversion", conversion: { state: "converting", pagesTotal: 3 } });
    await progress(ConversionJobState.COMPLETED, 3);
    await watching;

    const phases = received.map((message) => message.phase);
    expect(phases.at(-1)).toBe(WatchPhase.READY);
    const uploads = received.filter((message) => message.phase === WatchPhase.UPLOAD).map((message) => message.upload);
    expect(uploads[0]).toBe(UploadTaskState.STARTING);
    expect(uploads.at(-1)).toBe(UploadTaskState.COMPLETED);
    expect(uploads).toContain(UploadTaskState.UPLOADING);
    expect(uploads).toContain(UploadTaskState.COMPLETING);
    // Every upload message comes before every conversion message, and pages only grow.
    const firstConversion = phases.indexOf(WatchPhase.CONVERSION);
    expect(phases.slice(0, firstConversion).every((phase) => phase === WatchPhase.UPLOAD)).toBe(true);
    const conversions = received.filter((message) => message.phase === WatchPhase.CONVERSION);
    expect(conversions.map((message) => message.conversion)).toEqual([
      ConversionJobState.QUEUED,
      ConversionJobState.CONVERTING,
      ConversionJobState.CONVERTING,
      ConversionJobState.CONVERTING,
      ConversionJobState.COMPLETED,
    ]);
    expect(conversions.map((message) => message.pages)).toEqual([0, 1, 2, 3, 3]);

    const ready = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(ready.data).toMatchObject({ phase: "ready", conversion: { state: "completed", pagesDone: 3 } });
  });

  it("ends an open watch when its gateway stops, without a refusal code (the editor watches again), and stops", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    // A gateway of its own on the same services, stopped under a watcher.
    const stopping = await buildApp({ log, peers, stores: storeProbes, devActorUserId: userId });
    await stopping.listen({ host: "127.0.0.1", port: 0 });
    const client = createConnectClient(
      UploadProgressService,
      createConnectTransport({
        baseUrl: `http://127.0.0.1:${(stopping.server.address() as AddressInfo).port}`,
        httpVersion: "1.1",
      }),
    );
    let first: () => void = () => undefined;
    const watching = new Promise<void>((resolve) => {
      first = resolve;
    });
    const ended = (async () => {
      try {
        for await (const _ of client.watchUpload({ taskId: task.taskId })) first();
      } catch (error) {
        const broken = ConnectError.from(error);
        return { code: broken.code, rest: broken.metadata.get("turnleaf-code") };
      }
      throw new Error("the stream ended without an error");
    })();
    await watching;
    // Before, the open stream kept close() waiting until the process was killed after its grace period.
    await stopping.close();
    expect(await ended).toEqual({ code: Code.Unavailable, rest: null });
  });

  it("words the stream's refusals in the caller's language, with the REST code the editor acts on (signed out: tests/system/gateway-restart.test.ts)", async () => {
    const refusal = async (taskId: string, headers: Record<string, string>) => {
      const client = createConnectClient(
        UploadProgressService,
        createConnectTransport({ baseUrl: gatewayUrl, httpVersion: "1.1" }),
      );
      try {
        for await (const _ of client.watchUpload({ taskId }, { headers })) {
          // A refusal ends the stream before any message.
        }
      } catch (error) {
        const refused = ConnectError.from(error);
        return { code: refused.code, text: refused.rawMessage, rest: refused.metadata.get("turnleaf-code") };
      }
      throw new Error("the stream was not refused");
    };
    const unknownTask = "6650c0ffee0000000000ffff";
    expect(await refusal(unknownTask, {})).toEqual({
      code: Code.NotFound,
      text: zhMessage("upload.taskNotFound"),
      rest: "ERROR",
    });
    expect(await refusal(unknownTask, { "accept-language": "ja" })).toEqual({
      code: Code.NotFound,
      text: messageIn("ja", "upload.taskNotFound"),
      rest: "ERROR",
    });
  });
});
