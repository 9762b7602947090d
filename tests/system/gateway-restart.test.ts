import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { UploadProgressService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { chunkyPdf, ownerContext } from "../editor/fixtures.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import type { OwnSystem } from "../setup/shared-system.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { messageIn, zhMessage } from "../support/messages.js";
import { uploadPdf } from "../support/system.js";

// What owners and readers see in Chromium when the gateway restarts under them: the editor's upload screen sending a
// file's bytes in chunks and then watching the conversion over the Connect stream WatchUpload, and the hosted reader
// loading a page. A system of its own: the tests stop and start the gateway and the conversion service.
const stores = workerStores();
let services: OwnSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  services = await startSystem(stores, "gateway-restart");
  browser = await launchChromium();
  context = await ownerContext(browser, services);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await services?.stopAll();
});

const phase = () => page.getByTestId("upload-phase").getAttribute("data-phase");
const errorTexts = (on: Page = page) => on.locator(".messages .error-text").allTextContents();

/** A request a route handler holds (the first one it is given) until the test lets it go. */
function heldRequest(): { hold: (route: Route) => void; route: Promise<Route> } {
  let hold: (route: Route) => void = () => undefined;
  const route = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  return { hold, route };
}

/**
 * Stops the gateway, lets the held request go out to meet it stopped (a real refused connection), checks that the
 * screen still shows `phase` a moment later, and starts the gateway again.
 */
async function restartGatewayAround(route: Route, pattern: string, shownPhase: string): Promise<void> {
  await services.stop("gateway");
  await route.continue();
  await page.unroute(pattern);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await phase()).toBe(shownPhase);
  await services.start("gateway");
  await services.waitHealthy(60_000);
}

/** Uploads a PDF from the upload screen while no conversion service runs: the screen waits at "converting". */
async function uploadWhileConversionStopped(title: string, pages: number): Promise<void> {
  await services.stop("conversion");
  await page.goto(`${services.gatewayUrl}/book_edit2/upload?lang=en`);
  await page.getByLabel("Title").fill(title);
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.pdf`,
    mimeType: "application/pdf",
    buffer: await labelledPdf(title.slice(0, 1), pages),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect.poll(phase, { timeout: 30_000 }).toBe("converting");
}

describe("sending a file from the upload screen", () => {
  it("sends a chunk and end-upload again once the gateway is back: the book ends whole", async () => {
    const pdf = await chunkyPdf();
    expect(pdf.length).toBeGreaterThan(2 * 1024 * 1024);
    await page.goto(`${services.gatewayUrl}/book_edit2/upload?lang=en`);
    await page.getByLabel("Title").fill("Chunks");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "chunks.pdf", mimeType: "application/pdf", buffer: pdf });
    // The second chunk, then end-upload, are held until the gateway is down, then go out and meet it stopped.
    const held = { chunk: heldRequest(), end: heldRequest() };
    const chunks = "**/api/book/upload-book-files?*";
    await page.route(chunks, (route) =>
      new URL(route.request().url()).searchParams.get("offset") === "0" ? route.continue() : held.chunk.hold(route),
    );
    await page.route("**/api/book/end-upload", (route) => held.end.hold(route));
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await restartGatewayAround(await held.chunk.route, chunks, "uploading");
    await restartGatewayAround(await held.end.route, "**/api/book/end-upload", "uploading");
    await expect.poll(phase, { timeout: 90_000 }).toBe("ready");
    expect(await page.getByTestId("upload-bytes").textContent()).toBe(
      `${pdf.length.toLocaleString("en")} / ${pdf.length.toLocaleString("en")} bytes`,
    );
    expect(await page.getByTestId("upload-pages").textContent()).toBe("4 / 4 pages");
    expect(await errorTexts()).toEqual([]);
  }, 240_000);
});

describe("watching a conversion from the upload screen", () => {
  it("goes on through a gateway restart and ends where the server ends: ready", async () => {
    await uploadWhileConversionStopped("Restarted", 12);
    // The stream breaks: the conversion has not begun, so nothing but the stream is lost.
    await services.stop("gateway");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await phase()).toBe("converting");
    await services.start("gateway");
    await services.start("conversion");
    await services.waitHealthy(60_000);
    await expect.poll(phase, { timeout: 90_000 }).toBe("ready");
    expect(await page.getByTestId("upload-pages").textContent()).toBe("12 / 12 pages");
    expect(await errorTexts()).toEqual([]);
  }, 240_000);

  it("sends a signed-out owner to the login page when the watch is refused, as a REST path would", async () => {
    await uploadWhileConversionStopped("Signed out", 2);
    // The session ends on the server (another tab logged out); the page keeps its cookie.
    const cookie = (await context.cookies()).find((each) => each.name === "tl_session");
    const logout = await fetch(`${services.gatewayUrl}/api/user/logout`, {
      method: "POST",
      headers: { cookie: `tl_session=${cookie?.value ?? ""}` },
    });
    expect(((await logout.json()) as { code: string }).code).toBe("OK");
    // The stream breaks; watching again is refused.
    await services.stop("gateway");
    await services.start("gateway");
    await services.start("conversion");
    await services.waitHealthy(60_000);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe("/login.php");
    expect(new URL(page.url()).searchParams.get("back")).toContain("/book_edit2/upload");
  }, 240_000);

  it("words the refusal of a signed-out watcher in the caller's language, with LOGIN_SIGNOUT", async () => {
    const client = createClient(
      UploadProgressService,
      createConnectTransport({ baseUrl: services.gatewayUrl, httpVersion: "1.1" }),
    );
    const refusal = async (headers: Record<string, string>) => {
      try {
        for await (const _ of client.watchUpload({ taskId: "6650c0ffee0000000000ffff" }, { headers })) {
          // A refusal ends the stream before any message.
        }
      } catch (error) {
        const refused = ConnectError.from(error);
        return { code: refused.code, text: refused.rawMessage, rest: refused.metadata.get("turnleaf-code") };
      }
      throw new Error("the stream was not refused");
    };
    const signedOut = { cookie: "tl_session=no-such-session" };
    expect(await refusal(signedOut)).toEqual({
      code: Code.Unauthenticated,
      text: zhMessage("pleaseLogIn"),
      rest: "LOGIN_SIGNOUT",
    });
    expect(await refusal({ ...signedOut, "accept-language": "fr" })).toEqual({
      code: Code.Unauthenticated,
      text: messageIn("fr", "pleaseLogIn"),
      rest: "LOGIN_SIGNOUT",
    });
  });
});

describe("opening a screen whose code loads on demand", () => {
  it("waits for the bookcase's code through a gateway restart, then shows the bookcase", async () => {
    // An owner of their own: the watch tests above end the shared context's session.
    const owner = await ownerContext(browser, services);
    const screen = await owner.newPage();
    await screen.goto(`${services.gatewayUrl}/book_edit2/upload?lang=en`);
    await expect.poll(() => screen.getByRole("button", { name: "Upload", exact: true }).count()).toBe(1);
    // The bookcase's chunk is held until the gateway is down, then goes out and meets it stopped.
    const pattern = "**/book_edit2/assets/Bookcase-*.js";
    const held = heldRequest();
    await screen.route(pattern, (route) => held.hold(route));
    await screen.locator("header.topbar").getByRole("link", { name: "Bookcase" }).click();
    const route = await held.route;
    await services.stop("gateway");
    await route.continue();
    await screen.unroute(pattern);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The editor is still there (a failed lazy import unmounted it before), the screen loading.
    expect(await screen.locator("header.topbar").count()).toBe(1);
    expect(await screen.locator("p.loading").textContent()).toBe("Loading…");
    await services.start("gateway");
    await services.waitHealthy(60_000);
    await expect.poll(() => screen.locator("main.bookcase h1").count(), { timeout: 40_000 }).toBe(1);
    expect(await errorTexts(screen)).toEqual([]);
    await owner.close();
  }, 120_000);
});

describe("reading a book", () => {
  it("stays readable when a page's picture, its text and the statistics code do not arrive, and loads them once the gateway is back", async () => {
    const book = await uploadPdf(services.gatewayUrl, await labelledPdf("R", 6), { title: "Read through a restart" });
    const reader = await context.newPage();
    // Page 5's picture and text, and the code of the reading statistics (loaded after the first page), are held
    // until the gateway is down, then go out and meet it stopped.
    const patterns = {
      picture: "**/assets/*/pages/5/*",
      text: "**/assets/*/text/5.json",
      statistics: "**/reader/assets/Insight-*.js",
    };
    const held = { picture: heldRequest(), text: heldRequest(), statistics: heldRequest() };
    for (const [name, pattern] of Object.entries(patterns))
      await reader.route(pattern, (route) => held[name as keyof typeof held].hold(route));
    await reader.goto(`${services.gatewayUrl}/b/${book.number}/4?lang=en`);
    const routes = await Promise.all(Object.values(held).map((request) => request.route));
    await services.stop("gateway");
    await Promise.all(routes.map((route) => route.continue()));
    for (const pattern of Object.values(patterns)) await reader.unroute(pattern);
    const face = reader.locator('.tl-face[data-page="5"]').first();
    const loaded = () =>
      face.locator("img.tl-page-image").evaluate((image) => (image as HTMLImageElement).naturalWidth > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The reader is still there (a failed lazy import unmounted it before), page 5 without its picture yet.
    expect(await reader.locator('.tl-face[data-page="4"] img.tl-page-image').count()).toBeGreaterThan(0);
    expect(await loaded()).toBe(false);
    const statisticsAgain = reader.waitForResponse((response) => /\/reader\/assets\/Insight-/.test(response.url()), {
      timeout: 60_000,
    });
    await services.start("gateway");
    await services.waitHealthy(60_000);
    await expect.poll(loaded, { timeout: 40_000 }).toBe(true);
    await expect.poll(() => face.locator(".tl-text").textContent(), { timeout: 40_000 }).toBe("PAGE R5");
    expect((await statisticsAgain).status()).toBe(200);
    await reader.close();
  }, 180_000);
});
