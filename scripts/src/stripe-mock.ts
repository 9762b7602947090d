import { access, constants } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Logger } from "pino";
import { freePort } from "./ports.js";
import { type ProcessHandle, startProcess, waitForHttp } from "./processes.js";

/** A running stripe-mock: Stripe's own mock of its API (github.com/stripe/stripe-mock), for the payment tests. */
export interface RunningStripeMock {
  /** The API base the power service's STRIPE_API_BASE takes, e.g. http://127.0.0.1:41234. */
  url: string;
  stop(): Promise<void>;
}

/** The test key stripe-mock accepts (any sk_test_… does). */
export const stripeMockSecretKey = "sk_test_turnleaf";

async function findStripeMock(env: Record<string, string | undefined>): Promise<string> {
  const toolsDir = env.TURNLEAF_TOOLS_DIR?.trim() || join(env.HOME?.trim() || homedir(), ".cache", "turnleaf", "bin");
  for (const dir of [toolsDir, ...(env.PATH ?? "").split(delimiter).filter(Boolean)]) {
    const candidate = join(dir, "stripe-mock");
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  throw new Error(`stripe-mock not found in ${toolsDir} or on PATH; run \`bash scripts/install-servers.sh\``);
}

/** Starts stripe-mock over plain HTTP on a free loopback port; ready once it answers an authenticated request. */
export async function startStripeMock(options: { log: Logger; logFile?: string }): Promise<RunningStripeMock> {
  const port = await freePort();
  // HTTPS too listens unless told where (on a fixed port otherwise): a free loopback port, unused.
  const httpsPort = await freePort();
  const handle: ProcessHandle = await startProcess({
    name: "stripe-mock",
    command: await findStripeMock(process.env),
    args: ["-http-addr", `127.0.0.1:${port}`, "-https-addr", `127.0.0.1:${httpsPort}`],
    log: options.log,
    // It logs every request: to a file (the test's temporary folder unless given), not the test's output.
    logFile: options.logFile ?? join(tmpdir(), `turnleaf-stripe-mock-${port}.log`),
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // Without a key stripe-mock answers 401: an answer all the same.
    await waitForHttp(`${url}/v1/customers/cus_ready`, (response) => response.status < 500, 30_000);
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return { url, stop: () => handle.stop() };
}
