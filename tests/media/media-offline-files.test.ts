import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { assertCliBuilt, repoRoot, runCli } from "../cli/run-cli.js";
import type { SharedSystem } from "../setup/shared-system.js";
import { workerSystem } from "../setup/worker-stores.js";
import { writeMediaProject } from "./media-project.js";

// Uploaded media files in the published offline flipbook: a video (WebM recorded by Chromium itself) and a picture
// are uploaded to the shared system as the editor does (upload-file), placed on page 3 with their /api/common/file/…
// addresses, and `turnleaf publish --format html` (the built CLI) copies them into the flipbook. Opened from disk in
// a browser that is offline, the flipbook plays the video and shows the picture without asking any server.
let services: SharedSystem;
let browser: Browser;
let workDir: string;

beforeAll(async () => {
  assertCliBuilt();
  if (!existsSync(join(repoRoot, "web/reader/dist-offline/reader.js")))
    throw new Error("build first: npm run build:offline -w web/reader");
  services = await workerSystem();
  browser = await launchChromium();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-media-offline-"));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** A second of moving colour as WebM (VP8), recorded from a canvas by Chromium's MediaRecorder. */
async function recordWebm(): Promise<Buffer> {
  const page = await browser.newPage();
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 12) % 360},70%,50%)`;
      context.fillRect(0, 0, 160, 120);
    }, 40);
    const done = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    recorder.stop();
    await done;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  await page.close();
  return Buffer.from(base64, "base64");
}

/** upload-file as the slot's owner (the editor's call): answers the file's path on the server. */
async function uploadFile(bytes: Buffer, name: string, purpose: string): Promise<string> {
  const body = new FormData();
  body.append("purpose", purpose);
  body.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${services.gatewayUrl}/api/common/upload-file`, { method: "POST", body });
  const reply = (await response.json()) as { code: string; msg: string; data: { url: string } };
  expect(reply, reply.msg).toMatchObject({ code: "OK" });
  return new URL(reply.data.url).pathname;
}

describe("uploaded media files in the published offline flipbook", () => {
  it("are copied in and play from disk in a browser that is offline", async () => {
    const video = await uploadFile(await recordWebm(), "my clip.webm", "video");
    const picture = await uploadFile(
      await sharp({ create: { width: 320, height: 200, channels: 3, background: "#3a7" } })
        .png()
        .toBuffer(),
      "photo.png",
      "image",
    );
    expect(video).toMatch(/^\/api\/common\/file\/[^/]+\/my%20clip\.webm$/);
    const projectDir = await writeMediaProject(join(workDir, "project"), {
      media: {
        items: [
          { id: "v1", page: 3, kind: "video", x: 0.1, y: 0.1, width: 0.8, height: 0.4, url: video },
          { id: "i1", page: 3, kind: "image", x: 0.1, y: 0.6, width: 0.5, height: 0.3, images: [picture] },
        ],
        removedPdfLinks: [],
      },
      // The server the studio edited the project on: publish fetches the files the project lacks from it.
      studio: { [services.gatewayUrl]: { bookId: "0123456789abcdef01234567", number: "1" } },
    });
    const home = join(workDir, "home");
    await mkdir(home, { recursive: true });
    const published = await runCli(workDir, home, ["publish", projectDir, "--format", "html", "--out", "out"]);
    expect(published.code, published.stderr).toBe(0);

    // The project keeps the files (named by their server id, never by the uploaded name), the flipbook has copies.
    const kept = await readdir(join(projectDir, "media"));
    expect(kept.sort()).toEqual([`${picture.split("/")[4]}.png`, `${video.split("/")[4]}.webm`].sort());
    const flipBook = join(workDir, "out", "FlipBook");
    const shipped = await readdir(join(flipBook, "files", "media"));
    expect(shipped.sort()).toEqual(kept.sort());
    const html = await readFile(join(flipBook, "index.html"), "utf8");
    expect(html).not.toContain("/api/common/file/");

    // No network: a request to the server the files came from (or any other) fails, and is counted.
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, offline: true });
    const page = await context.newPage();
    const failed: string[] = [];
    const notFromDisk: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) notFromDisk.push(request.url());
    });
    await page.goto(`${pathToFileURL(join(flipBook, "index.html")).href}#page=3`);
    await page.locator(".tl-face").first().waitFor();
    if ((await page.locator('.tl-face[data-page="3"]').count()) === 0) {
      await page
        .getByRole("button", { name: /next|下一页/i })
        .first()
        .click();
    }
    await page.locator('.tl-face[data-page="3"] [data-testid="media-layer"]').waitFor();
    const player = page.locator('.tl-face[data-page="3"] [data-media-id="v1"] video');
    expect(await player.getAttribute("src")).toMatch(/^files\/media\/[^/]+\.webm$/);
    // It plays: the browser decoded it and its clock moves.
    const played = await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { currentTime: element.currentTime, width: element.videoWidth, error: element.error?.code ?? 0 };
    });
    expect(played.error).toBe(0);
    expect(played.width).toBe(160);
    expect(played.currentTime).toBeGreaterThan(0);
    const image = page.locator('.tl-face[data-page="3"] [data-media-id="i1"] img');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
    expect(failed).toEqual([]);
    expect(notFromDisk).toEqual([]);
    await context.close();
  }, 180_000);

  it("refuses to publish when an item's file is neither in the project nor on a server", async () => {
    const projectDir = await writeMediaProject(join(workDir, "lost"), {
      media: {
        items: [
          {
            id: "v2",
            page: 1,
            kind: "video",
            x: 0.1,
            y: 0.1,
            width: 0.5,
            height: 0.3,
            url: "/api/common/file/0123456789abcdef01234567/gone.mp4",
          },
        ],
        removedPdfLinks: [],
      },
    });
    const home = join(workDir, "home");
    const published = await runCli(workDir, home, ["publish", projectDir, "--format", "html", "--out", "lost-out"]);
    expect(published.code).not.toBe(0);
    expect(published.stderr).toContain("/api/common/file/0123456789abcdef01234567/gone.mp4");
    expect(published.stderr).toContain("item v2");
  }, 60_000);
});
