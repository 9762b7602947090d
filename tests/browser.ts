import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

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
