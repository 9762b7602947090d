/**
 * A resumable upload client of the gateway's REST flow (begin-upload, upload-book-files at the server's offset,
 * end-upload, get-progress) that can break a chunk's connection after any byte, and resumes from the offset the
 * server reports (HEAD upload-book-files) after a broken chunk, an offset conflict or a failing peer. Used by the
 * interrupted-uploads benchmark and the fault tests.
 */
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export interface Envelope {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

export type ChunkOutcome =
  | { kind: "stored"; offset: number }
  | { kind: "conflict"; offset: number }
  | { kind: "broken" }
  | { kind: "refused"; code: string; msg: string };

export interface SendStats {
  chunks: number;
  broken: number;
  conflicts: number;
  refused: number;
}

export class UploadClient {
  constructor(
    readonly gatewayUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async post(path: string, fields: Record<string, string>): Promise<Envelope> {
    const response = await fetch(`${this.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...this.headers },
      body: new URLSearchParams(fields).toString(),
    });
    return (await response.json()) as Envelope;
  }

  /** A POST retried (for a failing peer or a restarting gateway) until it answers OK or the deadline passes. */
  async postUntilOk(path: string, fields: Record<string, string>, deadline: number): Promise<Envelope> {
    let last = "";
    while (Date.now() < deadline) {
      try {
        const reply = await this.post(path, fields);
        if (reply.code === "OK") return reply;
        last = `${reply.code} ${reply.msg}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await sleep(250);
    }
    throw new Error(`${path} did not succeed before the deadline: ${last}`);
  }

  async begin(title: string, files: { name: string; size: number; type: string }[]) {
    const reply = await this.post("/api/book/begin-upload", { title, files: JSON.stringify(files) });
    if (reply.code !== "OK") throw new Error(`begin-upload: ${reply.code} ${reply.msg}`);
    return reply.data as { taskId: string; files: { fileId: string }[] };
  }

  /** How many bytes of the file the server holds (HEAD upload-book-files). */
  async serverOffset(taskId: string, fileId: string): Promise<number> {
    const response = await fetch(`${this.gatewayUrl}/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}`, {
      method: "HEAD",
      headers: this.headers,
    });
    const offset = response.headers.get("upload-offset");
    if (!response.ok || offset === null) throw new Error(`HEAD upload-book-files: HTTP ${response.status}`);
    return Number(offset);
  }

  /** Sends a chunk at an offset; with `cutAfter`, only that many of its bytes go before the connection is broken. */
  sendChunk(taskId: string, fileId: string, offset: number, body: Buffer, cutAfter?: number): Promise<ChunkOutcome> {
    const url = new URL(
      `/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}&offset=${offset}`,
      this.gatewayUrl,
    );
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: ChunkOutcome) => {
        if (!settled) {
          settled = true;
          resolve(outcome);
        }
      };
      const call = request(url, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", "content-length": body.length, ...this.headers },
      });
      call.on("error", () => settle({ kind: "broken" }));
      call.on("response", (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("error", () => settle({ kind: "broken" }));
        response.on("end", () => {
          try {
            const reply = JSON.parse(Buffer.concat(parts).toString("utf8")) as Envelope;
            const data = (reply.data ?? {}) as { offset?: number };
            if (reply.code === "OK") settle({ kind: "stored", offset: Number(data.offset) });
            else if (reply.code === "UPLOAD_OFFSET_CONFLICT") settle({ kind: "conflict", offset: Number(data.offset) });
            else settle({ kind: "refused", code: reply.code, msg: reply.msg });
          } catch {
            settle({ kind: "refused", code: `HTTP ${response.statusCode}`, msg: "not an envelope" });
          }
        });
      });
      if (cutAfter === undefined) {
        call.end(body);
        return;
      }
      call.write(body.subarray(0, cutAfter), () => {
        // The bytes left this process; the server holds a chunk that never completes.
        setTimeout(() => {
          call.destroy();
          settle({ kind: "broken" });
        }, 5);
      });
    });
  }

  /**
   * Sends the whole file from where the server is, in chunks, until it holds every byte; `cut` decides for each
   * chunk whether (and after how many bytes) to break it. Any failure (broken connection, refused call, a peer
   * down) is followed by asking the server's offset again, until the deadline.
   */
  async sendFile(
    taskId: string,
    fileId: string,
    data: Buffer,
    options: { chunkBytes: number; deadline: number; cut?: (length: number) => number | undefined },
  ): Promise<SendStats> {
    const stats: SendStats = { chunks: 0, broken: 0, conflicts: 0, refused: 0 };
    let offset = await this.offsetUntil(taskId, fileId, options.deadline);
    while (offset < data.length) {
      if (Date.now() > options.deadline) throw new Error(`upload ${taskId} stuck at ${offset} of ${data.length}`);
      const body = data.subarray(offset, Math.min(data.length, offset + options.chunkBytes));
      const outcome = await this.sendChunk(taskId, fileId, offset, body, options.cut?.(body.length));
      stats.chunks += 1;
      if (outcome.kind === "stored") {
        offset = outcome.offset;
        continue;
      }
      if (outcome.kind === "conflict") stats.conflicts += 1;
      else if (outcome.kind === "broken") stats.broken += 1;
      else {
        stats.refused += 1;
        await sleep(200);
      }
      offset = await this.offsetUntil(taskId, fileId, options.deadline);
    }
    return stats;
  }

  private async offsetUntil(taskId: string, fileId: string, deadline: number): Promise<number> {
    for (;;) {
      try {
        return await this.serverOffset(taskId, fileId);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(250);
      }
    }
  }

  /** Ends the upload (retried: a completion is idempotent) and answers the book it became. */
  async end(taskId: string, deadline: number): Promise<{ number: string; bookId: string }> {
    const reply = await this.postUntilOk("/api/book/end-upload", { taskId }, deadline);
    const data = reply.data as { number: string; bookId: string };
    return { number: String(data.number), bookId: String(data.bookId) };
  }

  /** Polls get-progress until the task is ready (or failed), riding out failing peers until the deadline. */
  async waitReady(taskId: string, deadline: number): Promise<string> {
    let phase = "";
    while (Date.now() < deadline) {
      try {
        const reply = await this.post("/api/book/get-progress", { taskId });
        phase = String((reply.data as { phase?: string } | null)?.phase ?? reply.code);
        if (phase === "ready" || phase === "failed") return phase;
      } catch {
        phase = "unreachable";
      }
      await sleep(300);
    }
    return phase;
  }
}
