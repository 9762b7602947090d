import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";

/**
 * Debian's Chromium headless shell (scripts/setup.sh installs it): the same engine without the browser's windows,
 * tabs and omnibox, which Playwright's own headless mode runs too. playwright-core drives it, never downloading a
 * browser. 15 contexts with one small page each: 3.3 CPU-s in the full Chromium, 1.5 in the shell (three paired runs).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * The features Playwright 1.64.1 disables in Chromium (its own `--disable-features`, which a second one replaces,
 * not extends: tests/structure/chromium-switches.test.ts checks the list against the installed Playwright), and the
 * omnibox's popups. Full headless Chromium builds those popups as pages of their own
 * (chrome://omnibox-popup.top-chrome) for every window, that is every browser context a test makes: they took more
 * than half of Chromium's CPU in a context with one small page (15 contexts: 8.5 CPU-s with them, 3.7 without).
 */
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "DialMediaRouteProvider",
  "GlobalMediaControls",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "BlockOriginHeaderModificationOnRedirect",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "Translate",
  "AutoDeElevate",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];
const omniboxPopups = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/** Every test Chromium's switches; a file that launches its own adds its switches to these. */
export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  // The full Chromium asks for English pages (Accept-Language en-US,en); the shell sends no Accept-Language at all.
  "--accept-lang=en-US,en",
  "--disable-gpu",
  // Software compositing in the browser process, not in a GPU process of its own: the reader files' Chromium took
  // 57.7-61.5 CPU-s with it and 65.3-65.8 without (two runs each, three workers, the same 72 tests).
  "--in-process-gpu",
  "--disable-background-networking",
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopups].join(",")}`,
];

function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: run scripts/setup.sh (it installs Debian's chromium)`);
  }
}

/** A Chromium that test files connect to, in a process of its own (tests/setup/stores.global.ts starts one a slot). */
export async function launchChromiumServer(): Promise<{ wsEndpoint: string; close: () => Promise<void> }> {
  assertChromium();
  const script = fileURLToPath(new URL("./setup/browser-server.mjs", import.meta.url));
  const child = spawn(process.execPath, [script, chromiumPath, ...chromiumArgs], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const line = output.split("\n")[0];
      if (output.includes("\n") && line) resolve(line.trim());
    });
    child.once("error", reject);
    void exited.then(() => reject(new Error(`the browser server ended before it answered: ${output}`)));
  });
  return {
    wsEndpoint,
    close: async () => {
      child.stdin.end();
      const killLater = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killLater);
    },
  };
}

/** The browser server of this file's worker slot, when the run started them (integration tests through vitest). */
function workerBrowserEndpoint(): string | undefined {
  let endpoints: string[] | undefined;
  try {
    endpoints = inject("browserEndpoints");
  } catch {
    return undefined;
  }
  if (!endpoints?.length) return undefined;
  const slot = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
  return endpoints[slot % endpoints.length];
}

/**
 * A Chromium for a test file. Through vitest's integration project, a connection to its worker slot's Chromium,
 * started once for the run: a launch costs seconds of a shared core, and every file makes contexts of its own
 * (`close()` ends them and the connection, never the browser). Elsewhere a Chromium of its own.
 */
export async function launchChromium(): Promise<Browser> {
  assertChromium();
  const endpoint = workerBrowserEndpoint();
  // A slot's Chromium that has gone (crashed) leaves its files a browser of their own.
  if (endpoint) return chromium.connect(endpoint).catch(() => launchOwn());
  return launchOwn();
}

function launchOwn(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * Runs `act` with the first request `matches` accepts dropped (as by a gateway restarting), then waits for `image`
 * to show a picture; answers how many times the page asked for it.
 */
export async function askedAgainAfterDrop(
  page: Page,
  matches: (url: URL) => boolean,
  act: () => Promise<Locator>,
): Promise<number> {
  let asked = 0;
  await page.route(matches, (route) => (asked++ === 0 ? route.abort() : route.continue()));
  try {
    const image = await act();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    return asked;
  } finally {
    await page.unroute(matches);
  }
}

/**
 * Presses the mouse at the first point (client coordinates), moves through the others and lets go there, every event
 * dispatched in one task, so that React renders none of the gesture before the let-go: a quick flick on a busy
 * machine. The events go to the element under the first point (`within` itself when none is).
 */
export async function strokeInOneTask(within: Locator, points: { x: number; y: number }[]): Promise<void> {
  await within.evaluate((element, path) => {
    const at = (point: { x: number; y: number }, buttons: number) => ({
      pointerId: 1,
      pointerType: "mouse",
      isPrimary: true,
      bubbles: true,
      cancelable: true,
      button: 0,
      buttons,
      clientX: point.x,
      clientY: point.y,
    });
    const [first, ...moves] = path;
    if (!first) return;
    const target = document.elementFromPoint(first.x, first.y) ?? element;
    target.dispatchEvent(new PointerEvent("pointerdown", at(first, 1)));
    for (const point of moves) target.dispatchEvent(new PointerEvent("pointermove", at(point, 1)));
    target.dispatchEvent(new PointerEvent("pointerup", at(moves.at(-1) ?? first, 0)));
  }, points);
}
