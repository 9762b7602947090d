import { expect } from "vitest";

export interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** A POST to the gateway (form-encoded unless told), answered with its envelope. */
export async function postTo(
  gatewayUrl: string,
  path: string,
  body: string | Blob,
  contentType = "application/x-www-form-urlencoded",
): Promise<Reply> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return (await response.json()) as Reply;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * A PDF through the gateway's upload flow as the editor sends it (begin-upload, one chunk, end-upload), then
 * get-progress polled until the conversion is ready. Answers the new book's number and id.
 */
export async function uploadPdf(
  gatewayUrl: string,
  pdf: Buffer,
  fields: { title: string } & Record<string, string>,
  readyWithinMs = 90_000,
): Promise<{ number: string; bookId: string; taskId: string }> {
  const post = (path: string, body: string | Blob, contentType?: string) => postTo(gatewayUrl, path, body, contentType);
  const begun = await post(
    "/api/book/begin-upload",
    form({ ...fields, files: JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]) }),
  );
  if (begun.code !== "OK") throw new Error(`begin-upload: ${begun.code} ${begun.msg}`);
  const task = begun.data as { taskId: string; files: { fileId: string }[] };
  const sent = await post(
    `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId ?? ""}&offset=0`,
    new Blob([new Uint8Array(pdf)]),
    "application/octet-stream",
  );
  if (sent.code !== "OK") throw new Error(`upload-book-files: ${sent.code} ${sent.msg}`);
  const ended = await post("/api/book/end-upload", form({ taskId: task.taskId }));
  if (ended.code !== "OK") throw new Error(`end-upload: ${ended.code} ${ended.msg}`);
  const phase = async () =>
    ((await post("/api/book/get-progress", form({ taskId: task.taskId }))).data as { phase: string }).phase;
  // Asked every 200 ms: a test goes on 100 ms after the conversion ends on average instead of 250, for a few more
  // cheap progress reads.
  await expect.poll(phase, { timeout: readyWithinMs, interval: 200 }).toBe("ready");
  const data = ended.data as { number: string; bookId: string };
  return { number: String(data.number), bookId: String(data.bookId), taskId: task.taskId };
}
