import { verifySignature } from "@turnleaf/insight/in-process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { webhookReceiverHost } from "../setup/shared-system.js";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs, registerUser } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

// Done means, in Chromium against the real stack: the owner sets a lead form before page 2 in the editor; the reader
// is blocked there until the form is filled (the server holds page 2 on until then); the submission appears in the editor's list and the CSV, a real local
// webhook receiver gets it signed; another user reads none of it.
const services = await workerSystem();
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let book: { number: string; bookId: string };

beforeAll(async () => {
  browser = await launchChromium();
  // On the one loopback address the system lets webhooks reach, as an on-premises deployment may list its CRM's.
  receiver = await startWebhookReceiver([], webhookReceiverHost);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
});

describe("lead capture in the browser", () => {
  it("sets a compulsory form before page 2 and a webhook in the editor", async () => {
    book = await uploadPdf(services.gatewayUrl, await numberedPdf(4), { title: "Price list" });
    const editor = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const page = await editor.newPage();
    await page.goto(`${services.gatewayUrl}/book_edit2/leads?num=${book.number}&lang=en`);
    await page.getByTestId("leads-form").waitFor({ timeout: 15_000 });
    await page.getByTestId("leads-enabled").check();
    await page.getByTestId("leads-before-page").fill("2");
    await page.getByTestId("leads-skippable").uncheck();
    await page.getByTestId("leads-consent-text").fill("I agree to be contacted");
    await page.getByTestId("leads-form-save").click();
    await page.getByText("Saved").first().waitFor();
    await page.getByTestId("leads-webhook-url").fill(receiver.url);
    // The form's save already gave the book its signing secret: what shows the webhook saved is its own answer.
    const webhookSaved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/insight/update-settings") &&
        (response.request().postData() ?? "").includes("webhookUrl"),
    );
    await page.getByTestId("leads-webhook-save").click();
    expect((await webhookSaved).status()).toBe(200);
    await expect
      .poll(async () => (await page.getByTestId("leads-webhook-secret").textContent()) ?? "")
      .toMatch(/^whsec_/);
    await editor.close();
    const settings = (
      await postAs(services.gatewayUrl, undefined, "/api/insight/get-settings", { bookId: book.bookId })
    ).data as { leadForm: { beforePage: number; skippable: boolean; enabled: boolean }; webhookUrl: string };
    expect(settings).toMatchObject({
      webhookUrl: receiver.url,
      leadForm: { enabled: true, beforePage: 2, skippable: false },
    });
  }, 120_000);

  it("blocks the reader before page 2 until the form is filled, then lets them read on", async () => {
    const reader = await browser.newContext({ viewport: { width: 700, height: 900 } });
    const page = await reader.newPage();
    await page.goto(`${services.gatewayUrl}/b/${book.number}/1?lang=en`);
    await page.getByTestId("stage").waitFor({ timeout: 15_000 });
    // Page 1 reads freely.
    await page.waitForTimeout(500);
    expect(
      await page
        .getByTestId("lead-form")
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await page.keyboard.press("ArrowRight");
    const form = page.getByTestId("lead-form");
    await form.waitFor({ timeout: 10_000 });
    // The server holds page 2 on (#33): behind the form it is a locked face, without its picture.
    expect(await page.locator(".tl-face-locked").count()).toBeGreaterThan(0);
    expect(await page.locator(".tl-face-locked").first().textContent()).toContain("Fill in the form to read this page");
    // Neither Escape nor the arrow keys get past it.
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(300);
    expect(await form.isVisible()).toBe(true);
    expect(await form.getByRole("button", { name: "Skip" }).count()).toBe(0);
    // The browser's own checks hold an empty required field back.
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await form.isVisible()).toBe(true);
    await form.locator('input[name="name"]').fill("Grace Hopper");
    await form.locator('input[name="email"]').fill("Grace@Navy.MIL");
    await form.locator('input[name="phone"]').fill("+1 (555) 010-9999");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit" }).click();
    await form.waitFor({ state: "detached", timeout: 10_000 });
    // The stored lead's grant opens the held pages: the book is fetched again and page 2 shows its picture.
    await page.waitForFunction(() => document.querySelectorAll(".tl-face-locked").length === 0, undefined, {
      timeout: 10_000,
    });
    // Reading goes on past page 2.
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => !document.querySelector(".tl-turning"));
    await reader.close();
  }, 60_000);

  it("lists the submission in the editor and the CSV, and delivers it signed to the webhook", async () => {
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const { webhookSecret } = (
      await postAs(services.gatewayUrl, undefined, "/api/insight/get-settings", { bookId: book.bookId })
    ).data as { webhookSecret: string };
    const delivery = receiver.received[0];
    expect(
      verifySignature(
        webhookSecret,
        delivery?.body ?? "",
        String(delivery?.headers["x-turnleaf-signature"]),
        300,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
      bookId: book.bookId,
      page: 2,
      consent: true,
      values: { name: "Grace Hopper", email: "Grace@navy.mil", phone: "+15550109999" },
    });

    const editor = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const page = await editor.newPage();
    await page.goto(`${services.gatewayUrl}/book_edit2/leads?num=${book.number}`);
    const table = page.getByTestId("leads-table");
    await table.waitFor({ timeout: 15_000 });
    expect(await table.textContent()).toContain("Grace Hopper");
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "刷新" }).click();
        return table.locator("td[data-delivery]").first().getAttribute("data-delivery");
      })
      .toBe("delivered");
    // The export link downloads the CSV with the submission.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("leads-export").click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString("utf8");
    expect(csv).toContain("Grace Hopper,Grace@navy.mil,'+15550109999");
    await editor.close();
  }, 60_000);

  it("shows another user none of it, in the editor or through the API", async () => {
    const cookie = await registerUser(services.gatewayUrl);
    const other = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const [name, value] = cookie.split("=");
    await other.addCookies([{ name: name ?? "", value: value ?? "", url: services.gatewayUrl }]);
    const page = await other.newPage();
    await page.goto(`${services.gatewayUrl}/book_edit2/leads?num=${book.number}&lang=en`);
    await page.waitForTimeout(3_000);
    expect(await page.content()).not.toContain("Grace Hopper");
    expect(await page.content()).not.toContain("whsec_");
    await other.close();
    for (const path of ["/api/insight/get-leads", "/api/insight/get-settings", "/api/insight/get-lead-deliveries"]) {
      const reply = await postAs(services.gatewayUrl, cookie, path, { bookId: book.bookId });
      expect(reply.code, path).toBe("ERROR");
      expect(JSON.stringify(reply)).not.toContain("Grace");
    }
    const csv = await fetch(`${services.gatewayUrl}/api/insight/export-leads?bookId=${book.bookId}`, {
      headers: { cookie },
    });
    expect(await csv.text()).not.toContain("Grace");
  }, 60_000);
});
