import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@turnleaf/kit";
import PDFDocument from "pdfkit";
import { expect } from "vitest";
import type { Reply } from "./system.js";

/** A small PDF of `pages` pages, each with its number written large. */
export function numberedPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (let page = 1; page <= pages; page += 1) {
      doc.addPage();
      doc.fontSize(40).text(`Page ${page}`, 60, 120);
    }
    doc.end();
  });
}

/** A form POST to the gateway as a session (cookie) or, without one, as the local stack's demo user. */
export async function postAs(
  gatewayUrl: string,
  cookie: string | undefined,
  path: string,
  fields: Record<string, string>,
): Promise<Reply> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Reply;
}

/** Registers a fresh account and answers its session cookie (`tl_session=…`). */
export async function registerUser(gatewayUrl: string): Promise<string> {
  const email = `reader-${randomBytes(6).toString("hex")}@turnleaf.test`;
  const response = await fetch(`${gatewayUrl}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "a good password" }).toString(),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.startsWith("tl_session=")) throw new Error(`register answered ${await response.text()}`);
  return cookie;
}

/** Waits until the insight service's reading consumer has acknowledged every beacon on the stream. */
export async function readingDrained(nats: NatsConnection, timeoutMs = 120_000, intervalMs = 500): Promise<void> {
  const manager = await jetstreamManager(nats);
  await expect
    .poll(
      async () => {
        const info = await manager.consumers.info("INSIGHT", "insight-reading");
        return info.num_pending + info.num_ack_pending;
      },
      { timeout: timeoutMs, interval: intervalMs },
    )
    .toBe(0);
}
