import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerStores } from "../setup/worker-stores.js";
import { type Actor, register } from "./actors.js";
import { type SecurityStack, startSecurityStack } from "./stack.js";

// Login CSRF in Chromium (issue 16, finding 3): a page on another site posts the attacker's credentials to the
// gateway's login form (through an encoded path, as the red team did, and plainly). The victim's browser must
// come away without a session; the same form filled in on the gateway's own page still logs in.
const stores = workerStores();
let stack: SecurityStack;
let browser: Browser;
let attackerSite: Server;
let gatewayUrl: string;
let attackerUrl: string;
let attacker: Actor;

/** The attacker's page: a form posting to `target` that submits itself on load. */
const attackPage = (target: string, email: string) => `<!doctype html><html><body>
<form id="f" method="post" action="${target}">
<input name="email" value="${email}"><input name="password" value="a good password"><input name="back" value="/">
</form><script>document.getElementById("f").submit()</script></body></html>`;

beforeAll(async () => {
  stack = await startSecurityStack(stores, "csrf");
  attacker = await register(stack.gateway, "attacker");
  // The gateway on 127.0.0.1, the attacker on localhost: two sites to the browser.
  gatewayUrl = await stack.listen();
  attackerSite = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").searchParams.get("path") ?? "/login.php";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(attackPage(`${gatewayUrl}${path}`, attacker.email));
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://localhost:${(attackerSite.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attackerSite?.close(resolve));
  await stack?.close();
});

async function sessionAfterVisiting(url: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const answers: number[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(gatewayUrl) && response.request().method() === "POST") {
        answers.push(response.status());
      }
    });
    await page.goto(url);
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const cookies = await context.cookies(gatewayUrl);
    return { answers, session: cookies.find((cookie) => cookie.name === "tl_session") };
  } finally {
    await context.close();
  }
}

describe("login CSRF in Chromium", () => {
  it.each(["/%6cogin.php", "/login.php", "//login.php"])(
    "a cross-site form posting to %s logs the victim into nothing",
    async (path) => {
      const { answers, session } = await sessionAfterVisiting(`${attackerUrl}/?path=${encodeURIComponent(path)}`);
      expect(answers[0]).toBe(403);
      expect(session).toBeUndefined();
    },
  );

  it("the gateway's own login page still logs in (the test would see a session)", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${gatewayUrl}/login.php?back=/healthz`);
      await page.fill("#email", attacker.email);
      await page.fill("#password", "a good password");
      await Promise.all([page.waitForURL(/\/healthz$/), page.click("button[type=submit]")]);
      const cookies = await context.cookies(gatewayUrl);
      expect(cookies.find((cookie) => cookie.name === "tl_session")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await context.close();
    }
  });
});
