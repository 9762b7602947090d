/**
 * The editor's upload flow through the gateway, as the benches drive it: begin-upload for one PDF, its bytes in one
 * chunk; end-upload (which starts the conversion) is the caller's, so it can time from there.
 */

type Envelope = { code: string; msg: string; data: Record<string, unknown> };

/** POSTs to the gateway and answers the envelope's data; any code but OK throws. */
export async function postToGateway(
  gatewayUrl: string,
  path: string,
  body: string | Blob,
  type = "application/x-www-form-urlencoded",
): Promise<Record<string, unknown>> {
  const response = await fetch(`${gatewayUrl}${path}`, { method: "POST", headers: { "content-type": type }, body });
  const reply = (await response.json()) as Envelope;
  if (reply.code !== "OK") throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Begins the upload of `bytes` as a new book titled `title` and sends them: answers the upload task's id. */
export async function sendPdf(
  gatewayUrl: string,
  title: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<string> {
  const begun = (await postToGateway(
    gatewayUrl,
    "/api/book/begin-upload",
    new URLSearchParams({
      ...fields,
      title,
      files: JSON.stringify([{ name: "book.pdf", size: bytes.length, type: "application/pdf" }]),
    }).toString(),
  )) as { taskId: string; files: { fileId: string }[] };
  await postToGateway(
    gatewayUrl,
    `/api/book/upload-book-files?taskId=${begun.taskId}&fileId=${begun.files[0]?.fileId ?? ""}&offset=0`,
    new Blob([new Uint8Array(bytes)]),
    "application/octet-stream",
  );
  return begun.taskId;
}
