import { verifySignature } from "@turnleaf/insight/in-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookReceiverHost } from "../setup/shared-system.js";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs, registerUser } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

// Lead capture end to end on the built processes and real stores: the owner's form and webhook, readers' submissions
// validated and normalised, delivered signed to a real local receiver (retried after a failure), listed, exported,
// deleted — and another user reads none of it.
const services = await workerSystem();
let book: { number: string; bookId: string };
let stranger: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
// This file's reader, behind the loopback proxy the shared system trusts: the submissions per client it counts are
// this file's alone, whatever other files submit from 127.0.0.1 meanwhile.
const readerAddress = "192.0.2.71";

beforeAll(async () => {
  stranger = await registerUser(services.gatewayUrl);
  // The receiver listens on the one loopback address the system lets webhooks reach, as an on-premises deployment
  // may list its CRM's network. It fails the first delivery: the service must retry.
  receiver = await startWebhookReceiver([500], webhookReceiverHost);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
});

const owner = (path: string, fields: Record<string, string>) => postAs(services.gatewayUrl, undefined, path, fields);

const form = {
  enabled: true,
  beforePage: 2,
  skippable: false,
  title: "Get the price list",
  consentText: "I agree to be contacted about this catalogue",
  fields: [
    { key: "name", label: "Name", kind: "name", required: true },
    { key: "email", label: "Email", kind: "email", required: true },
    { key: "phone", label: "Phone", kind: "phone", required: false },
    { key: "company", label: "Company", kind: "text", required: false },
  ],
};

async function submit(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${services.gatewayUrl}/b/${book.number}/lead`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": readerAddress, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, reply: (await response.json()) as { code: string; msg: string; data: unknown } };
}

describe("lead capture", () => {
  it("converts a book and sets its form and webhook", async () => {
    book = await uploadPdf(services.gatewayUrl, await numberedPdf(3), { title: "Leads book" });
    expect(await submit({ values: { name: "Early" } })).toMatchObject({
      // In Chinese by default, rendered by the gateway from the language service's messages.
      reply: { code: "ERROR", msg: "此书没有线索表单", data: { messageKey: "leadFormNone" } },
    });
    const set = await owner("/api/insight/update-settings", {
      bookId: book.bookId,
      leadForm: JSON.stringify(form),
      webhookUrl: receiver.url,
    });
    expect(set, set.msg).toMatchObject({ code: "OK", data: { webhookUrl: receiver.url, leadForm: form } });
    expect((set.data as { webhookSecret: string }).webhookSecret).toMatch(/^whsec_/);
    const reader = await (await fetch(`${services.gatewayUrl}/b/${book.number}/insight.json`)).json();
    expect(reader).toEqual({ statistics: true, leadForm: form });
    // The reader's view holds no webhook and no secret.
    expect(JSON.stringify(reader)).not.toContain("whsec_");
    expect(
      await owner("/api/insight/update-settings", { bookId: book.bookId, webhookUrl: "ftp://example.com/x" }),
    ).toMatchObject({
      code: "ERROR",
    });
  }, 120_000);

  it("refuses incomplete, malformed or unconsented submissions and cross-site posts", async () => {
    const fieldsOf = async (body: unknown) => (await submit(body)).reply;
    expect(await fieldsOf({ values: { name: "Ada" }, consent: true })).toMatchObject({
      code: "ERROR",
      msg: "请检查这些字段：email",
      data: { messageKey: "leadFieldsInvalid", messageParams: { fields: "email" } },
    });
    expect(await fieldsOf({ values: { name: "Ada", email: "not-an-email" }, consent: true })).toMatchObject({
      data: { messageKey: "leadFieldsInvalid", messageParams: { fields: "email" } },
    });
    expect(await fieldsOf({ values: { name: "Ada", email: "ada@example.com" }, consent: false })).toMatchObject({
      data: { messageKey: "leadFieldsInvalid", messageParams: { fields: "consent" } },
    });
    expect((await submit({ values: { name: 42 } })).reply).toMatchObject({ code: "ERROR" });
    const crossSite = await submit(
      { values: { name: "Ada", email: "ada@example.com" }, consent: true },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
  });

  it("stores a normalised submission and delivers it signed to the webhook, retrying after a failure", async () => {
    const sent = await submit({
      values: {
        name: "  Ada   Lovelace ",
        email: "Ada@Example.COM",
        phone: "+44 (20) 7946-0018",
        company: "=1+1",
        extra: "x",
      },
      consent: true,
      page: 2,
    });
    expect(sent.reply, sent.reply.msg).toMatchObject({ code: "OK" });
    const leadId = (sent.reply.data as { leadId: string }).leadId;
    expect(leadId).toMatch(/^[0-9a-f]{24}$/);

    await expect.poll(() => receiver.received.length, { timeout: 20_000, interval: 200 }).toBe(2);
    const { webhookSecret } = (await owner("/api/insight/get-settings", { bookId: book.bookId })).data as {
      webhookSecret: string;
    };
    for (const [index, delivery] of receiver.received.entries()) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(delivery.headers["x-turnleaf-event"]).toBe("lead.created");
      expect(delivery.headers["x-turnleaf-delivery"]).toBe(`${leadId}-${index + 1}`);
      const signature = String(delivery.headers["x-turnleaf-signature"]);
      expect(verifySignature(webhookSecret, delivery.body, signature, 300, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature("whsec_wrong", delivery.body, signature, 300, Math.floor(Date.now() / 1000))).toBe(false);
      expect(JSON.parse(delivery.body)).toEqual({
        type: "lead.created",
        leadId,
        bookId: book.bookId,
        createdAt: expect.any(String),
        page: 2,
        consent: true,
        values: { name: "Ada Lovelace", email: "Ada@example.com", phone: "+442079460018", company: "=1+1" },
      });
    }

    await expect
      .poll(
        async () =>
          ((await owner("/api/insight/get-leads", { bookId: book.bookId })).data as { leads: { delivery: string }[] })
            .leads[0]?.delivery,
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBe("delivered");
    const listed = (await owner("/api/insight/get-leads", { bookId: book.bookId })).data as {
      fields: { key: string; label: string }[];
      leads: { leadId: string; values: Record<string, string>; deliveryAttempts: number }[];
    };
    expect(listed.fields.map((field) => field.key)).toEqual(["name", "email", "phone", "company"]);
    expect(listed.leads).toEqual([expect.objectContaining({ leadId, deliveryAttempts: 2 })]);
    const log = (await owner("/api/insight/get-lead-deliveries", { bookId: book.bookId })).data as {
      deliveries: { attempt: number; statusCode: number; ok: boolean }[];
    };
    expect(log.deliveries.map(({ attempt, statusCode, ok }) => ({ attempt, statusCode, ok }))).toEqual([
      { attempt: 2, statusCode: 200, ok: true },
      { attempt: 1, statusCode: 500, ok: false },
    ]);
  });

  it("exports the leads as CSV, formulas defused", async () => {
    const response = await fetch(`${services.gatewayUrl}/api/insight/export-leads?bookId=${book.bookId}`);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("submitted at,Name,Email,Phone,Company,consent,page,webhook");
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T[^,]+,Ada Lovelace,Ada@example.com,'\+442079460018,'=1\+1,yes,2,delivered$/,
    );
  });

  it("lets another user read, export or delete none of it", async () => {
    const as = (path: string, fields: Record<string, string>) => postAs(services.gatewayUrl, stranger, path, fields);
    for (const path of ["/api/insight/get-leads", "/api/insight/get-lead-deliveries", "/api/insight/get-settings"]) {
      const reply = await as(path, { bookId: book.bookId });
      expect(reply, path).toMatchObject({ code: "ERROR" });
      expect(JSON.stringify(reply)).not.toContain("Lovelace");
      expect(JSON.stringify(reply)).not.toContain("whsec_");
    }
    expect(await as("/api/insight/delete-lead", { bookId: book.bookId })).toMatchObject({ code: "ERROR" });
    expect(
      await as("/api/insight/update-settings", { bookId: book.bookId, webhookUrl: "https://attacker.example/hook" }),
    ).toMatchObject({ code: "ERROR" });
    const csv = await fetch(`${services.gatewayUrl}/api/insight/export-leads?bookId=${book.bookId}`, {
      headers: { cookie: stranger },
    });
    expect(await csv.text()).not.toContain("Lovelace");
    // Still there for the owner, webhook unchanged.
    const mine = (await owner("/api/insight/get-leads", { bookId: book.bookId })).data as { leads: unknown[] };
    expect(mine.leads).toHaveLength(1);
    expect((await owner("/api/insight/get-settings", { bookId: book.bookId })).data).toMatchObject({
      webhookUrl: receiver.url,
    });
  });

  it("deletes a lead for its owner", async () => {
    const before = (await owner("/api/insight/get-leads", { bookId: book.bookId })).data as {
      leads: { leadId: string }[];
    };
    const leadId = before.leads[0]?.leadId ?? "";
    expect(await owner("/api/insight/delete-lead", { bookId: book.bookId, leadId })).toMatchObject({
      code: "OK",
      data: { deleted: 1 },
    });
    expect(
      ((await owner("/api/insight/get-leads", { bookId: book.bookId })).data as { leads: unknown[] }).leads,
    ).toEqual([]);
  });

  it("logs a delivery that gets no answer as failed, without the socket's error (which names what listens where)", async () => {
    // A port nothing listens on, at the reachable loopback address: the connection is refused.
    const closed = await startWebhookReceiver([], webhookReceiverHost);
    const url = closed.url.replace("/hooks/turnleaf", "/closed");
    await closed.close();
    expect(await owner("/api/insight/update-settings", { bookId: book.bookId, webhookUrl: url })).toMatchObject({
      code: "OK",
    });
    const sent = await submit({ values: { name: "Nobody Home", email: "nobody@example.com" }, consent: true });
    expect(sent.reply, sent.reply.msg).toMatchObject({ code: "OK" });
    const leadId = (sent.reply.data as { leadId: string }).leadId;
    const attempts = async () =>
      (
        (await owner("/api/insight/get-lead-deliveries", { bookId: book.bookId })).data as {
          deliveries: { leadId: string; attempt: number; statusCode: number; ok: boolean; error: string }[];
        }
      ).deliveries.filter((entry) => entry.leadId === leadId);
    await expect.poll(async () => (await attempts()).length, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
    const [first] = await attempts();
    expect(first).toMatchObject({ attempt: 1, statusCode: 0, ok: false, error: "failed" });
    // The log's url is the owner's own; its error names no address, port or socket error.
    const port = new URL(url).port;
    for (const { error } of await attempts())
      expect(error).not.toMatch(new RegExp(`ECONN|connect|127\\.0\\.0\\.|${port}`));
  });

  it("limits one client to 5 submissions in 10 minutes", async () => {
    await owner("/api/insight/update-settings", { bookId: book.bookId, webhookUrl: "" });
    const answers: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      answers.push(
        (await submit({ values: { name: `Reader ${index}`, email: `r${index}@example.com` }, consent: true })).reply
          .code,
      );
    }
    // Two valid submissions were made earlier in this file from the same address (the same daily key).
    expect(answers.filter((code) => code === "OK")).toHaveLength(3);
    const last = await submit({ values: { name: "One more", email: "more@example.com" }, consent: true });
    expect(last.reply).toMatchObject({ code: "ERROR", data: { messageKey: "leadTooMany" } });
  });
});
