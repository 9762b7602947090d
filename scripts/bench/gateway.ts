/**
 * Gateway latency (issue: accounts and the editor's REST contract): p50/p99 of get-book and update-book under a
 * loopback load run with autocannon, against the whole system as `npm start` runs it (every service a process of
 * its own, embedded stores in a temporary folder, the demo user signed in with a real session cookie). Run with
 * `npm run bench:gateway`; prints one line per call. Not a test: the numbers depend on the machine.
 */
import { load, startBenchStack } from "./bench-stack.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

async function signIn(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@turnleaf.local", password: "turnleaf-demo" }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tl_session="));
  if (!cookie) throw new Error(`demo login failed: HTTP ${response.status} ${await response.text()}`);
  return cookie.split(";")[0] as string;
}

async function post(gatewayUrl: string, path: string, cookie: string, form: Record<string, string>) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(form),
  });
  return (await response.json()) as { code: string; data: Record<string, unknown>; msg: string };
}

async function measure(gatewayUrl: string, name: string, cookie: string, form: Record<string, string>) {
  const result = await load({
    url: `${gatewayUrl}/api/book/${name}`,
    method: "POST",
    connections,
    duration: durationSeconds,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(form).toString(),
  });
  out(
    `${name}: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ` +
      `${Math.round(result.rate)} req/s over ${result.requests} requests ` +
      `(${connections} connections, ${durationSeconds} s, ${result.failed} failed)`,
  );
}

async function main() {
  const stack = await startBenchStack("gateway");
  try {
    const gatewayUrl = stack.gatewayUrl;
    const cookie = await signIn(gatewayUrl);
    const ready = await post(gatewayUrl, "/api/book/get-ready-config", cookie, { number: "demo0001" });
    const bookId = String(ready.data.bookId ?? "");
    if (ready.code !== "OK" || !bookId) throw new Error(`no demo book: ${JSON.stringify(ready)}`);
    const change = { bookId, bookConfig: JSON.stringify({ bgColor: "#224466" }), isDownload: "0" };
    const check = await post(gatewayUrl, "/api/book/update-book", cookie, change);
    if (check.code !== "OK") throw new Error(`update-book refused: ${JSON.stringify(check)}`);
    out(`gateway ${gatewayUrl}, demo book ${bookId}, every service a process of its own on loopback`);
    await measure(gatewayUrl, "get-book", cookie, { bookId });
    await measure(gatewayUrl, "update-book", cookie, change);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:gateway failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
