/**
 * Issue 16's abuse numbers, replayed against the whole system as `npm start` runs it (every service a process of
 * its own, embedded stores in a temporary folder) and printed beside the red team's reference: how many password
 * guesses a client gets checked in a fixed time, and how many sign-ups one client gets. Run with
 * `npm run bench:security`. Not a test: the numbers depend on the machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { freeServicePorts, startServices, startStores } from "../src/index.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const guessSeconds = Number(process.env.BENCH_SECONDS ?? 30);

async function post(gatewayUrl: string, path: string, form: Record<string, string>, cookie = "") {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form),
  });
  const cookies = response.headers.getSetCookie();
  return { body: (await response.json()) as { code: string; msg: string; data: Record<string, unknown> }, cookies };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-security-"));
  const log = pino({ level: "warn" });
  const stores = await startStores({ dataDir, log });
  const services = await startServices({ stores, ports: await freeServicePorts(), demo: true, log, logDir: dataDir });
  try {
    await services.waitHealthy(120_000);
    const gateway = services.gatewayUrl;
    const login = await post(gateway, "/api/user/login", { email: "demo@turnleaf.local", password: "turnleaf-demo" });
    const cookie = (login.cookies.find((value) => value.startsWith("tl_session=")) ?? "").split(";")[0] ?? "";
    const privacy = { bookId: "6650c0ffee0000000000d001", access: "password", mode: "single", fromPage: "1" };
    const short = await post(gateway, "/api/book/set-book-privacy", { ...privacy, password: "4711" }, cookie);
    const set = await post(gateway, "/api/book/set-book-privacy", { ...privacy, password: "471108" }, cookie);
    if (set.body.code !== "OK") throw new Error(`set-book-privacy: ${set.body.msg}`);

    // Guessing from one client address for a fixed time: how many guesses are checked at all.
    let checked = 0;
    let refusedUnheard = 0;
    const started = Date.now();
    for (let guess = 0; Date.now() - started < guessSeconds * 1000; guess += 1) {
      const { body } = await post(gateway, "/b/demo0001/unlock", { password: String(100000 + guess) });
      if (body.msg === "too many wrong passwords, try again later") refusedUnheard += 1;
      else checked += 1;
    }
    const elapsed = (Date.now() - started) / 1000;

    // Sign-ups from one client address as fast as they go.
    let accepted = 0;
    const signUpsStarted = Date.now();
    for (let index = 0; index < 40; index += 1) {
      const { body } = await post(gateway, "/api/user/register", {
        email: `bench${index}-${signUpsStarted}@bench.test`,
        password: "a good password",
      });
      if (body.code === "OK") accepted += 1;
    }
    const signUpSeconds = (Date.now() - signUpsStarted) / 1000;

    out("| measure | issue 16 reference | now |");
    out("|---|---|---|");
    out(`| a 4-character book password | accepted | ${short.body.code === "OK" ? "accepted" : "refused"} |`);
    out(
      `| password guesses checked from one client | 7,408 in 131 s (56.5/s) | ${checked} in ${elapsed.toFixed(1)} s (${refusedUnheard} more refused unheard) |`,
    );
    out(`| sign-ups from one client | 30 of 30 in 4.8 s | ${accepted} of 40 in ${signUpSeconds.toFixed(1)} s |`);
  } finally {
    await services.stopAll();
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
