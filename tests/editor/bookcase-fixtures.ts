import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import type { APIRequestContext, Browser, BrowserContext } from "playwright-core";
import { expect } from "vitest";

export interface Envelope {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** A POST through the context's session (form fields), answered with its envelope. */
export async function postForm(
  request: APIRequestContext,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Envelope> {
  const reply = await request.post(url, { form, headers });
  return (await reply.json()) as Envelope;
}

/**
 * A new owner of their own (so the bookcase holds only what the test put there), registered and logged in in a
 * fresh browser context, on a points plan so uploads need no unpaid confirmation.
 */
export async function newOwner(
  browser: Browser,
  gatewayUrl: string,
  powerPort: number,
): Promise<{ context: BrowserContext; email: string; password: string; userId: string }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const email = `bookcase-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@turnleaf.local`;
  const password = "a good password";
  const registered = await postForm(context.request, `${gatewayUrl}/api/user/register`, { email, password });
  expect(registered.code).toBe("OK");
  const user = await postForm(context.request, `${gatewayUrl}/api/user/get-user`, {});
  const userId = String(user.data?.userId);
  const admin = createClient(PowerAdminService, `127.0.0.1:${powerPort}`, { peer: "power" });
  await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 500 }, actor: "test" });
  return { context, email, password, userId };
}

/** begin-upload and the file's one chunk through the session; the task waits for end-upload. */
export async function beginAndSend(
  request: APIRequestContext,
  gatewayUrl: string,
  pdf: Buffer,
  fields: Record<string, string>,
): Promise<{ begun: Envelope; taskId: string }> {
  const begun = await postForm(request, `${gatewayUrl}/api/book/begin-upload`, {
    ...fields,
    files: JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]),
  });
  if (begun.code !== "OK") return { begun, taskId: "" };
  const task = begun.data as { taskId: string; files: { fileId: string }[] };
  const sent = await request.post(
    `${gatewayUrl}/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId ?? ""}&offset=0`,
    { data: pdf, headers: { "content-type": "application/octet-stream" } },
  );
  expect(((await sent.json()) as Envelope).code).toBe("OK");
  return { begun, taskId: task.taskId };
}

/** A whole upload (begin, chunk, end) through the session: the new book's id and number. */
export async function uploadBook(
  request: APIRequestContext,
  gatewayUrl: string,
  pdf: Buffer,
  fields: Record<string, string>,
): Promise<{ bookId: string; number: string; taskId: string }> {
  const { begun, taskId } = await beginAndSend(request, gatewayUrl, pdf, fields);
  expect(begun.code, begun.msg).toBe("OK");
  const ended = await postForm(request, `${gatewayUrl}/api/book/end-upload`, { taskId });
  expect(ended.code, ended.msg).toBe("OK");
  const data = ended.data as { bookId: string; number: string };
  return { bookId: String(data.bookId), number: String(data.number), taskId };
}

/** The owner's bookcase as the server answers it (get-book-list). */
export async function bookList(
  request: APIRequestContext,
  gatewayUrl: string,
  fields: Record<string, string> = {},
): Promise<{ total: number; list: { bookId: string; number: string; title: string; status: string }[] }> {
  const reply = await postForm(request, `${gatewayUrl}/api/book/get-book-list`, { pageSize: "100", ...fields });
  expect(reply.code, reply.msg).toBe("OK");
  return reply.data as { total: number; list: { bookId: string; number: string; title: string; status: string }[] };
}
