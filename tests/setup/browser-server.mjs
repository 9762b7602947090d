// One worker slot's Chromium, in a process of its own: test files connect to it (tests/browser.ts). Playwright's
// server side answers their calls here, not in vitest's main process, whose event loop serves every worker.
// Prints the endpoint as one line; closes the browser and exits when its parent closes stdin or ends it.
import { chromium } from "playwright-core";

const [executablePath, ...args] = process.argv.slice(2);
const server = await chromium.launchServer({ executablePath, args });
process.stdout.write(`${server.wsEndpoint()}\n`);
const close = async () => {
  await server.close().catch(() => undefined);
  process.exit(0);
};
process.stdin.on("end", close);
process.stdin.resume();
process.on("SIGTERM", close);
