import { existsSync } from "node:fs";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";

/** Debian's Chromium (scripts/setup.sh installs it); playwright-core drives it, never downloading a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: run scripts/setup.sh (it installs Debian's chromium)`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
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
