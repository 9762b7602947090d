import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LicenceAdminService } from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { buildApp, connectPeers, connectStoreProbes, type Peers, type StoreProbes } from "@turnleaf/gateway/in-process";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  type RunningGrpcServer,
  startGrpcServer,
  type TypedClient,
} from "@turnleaf/kit";
import { assembleLicenceDesk, buildServices, runLicenceCommand } from "@turnleaf/licence/in-process";
import { generateLicenceCode } from "@turnleaf/licence-client";
import type { FastifyInstance } from "fastify";
import { unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";
import { assertCliBuilt, runCli, runProgram } from "./run-cli.js";

// The built CLI (node services/cli/dist/main.bundle.mjs) as a child process, against the real licence service and
// gateway (in this process, on the run's real MongoDB-wire server) and the real conversion pipeline, then the published
// flipbook opened from disk in Chromium. Each "user" is a state folder of its own (TURNLEAF_HOME).
const stores = workerStores();
const log = createLogger({ service: "cli-test", level: "silent" });

let database: string;
let mongo: Connection;
let server: RunningGrpcServer;
let admin: TypedClient<typeof LicenceAdminService>;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let gatewayUrl: string;
let publicKeyPem: string;
let workDir: string;
/** A port nothing listens on (fetch refuses "bad ports" such as 1 before connecting, so one is taken and freed). */
let deadServer: string;
let language: Awaited<ReturnType<typeof startLanguageServer>> | undefined;

beforeAll(async () => {
  assertCliBuilt();
  database = `turnleaf-cli-test-${randomBytes(4).toString("hex")}`;
  mongo = await connectMongo({ uri: stores.mongodbUri, database, log });
  const settings = {
    LICENCE_SIGNING_KEY_PEM: undefined,
    LICENCE_CODE_PEPPER: undefined,
    LICENCE_ONLINE_ANSWER_TTL_DAYS: 30,
    LICENCE_OFFLINE_ANSWER_TTL_DAYS: 90,
    LICENCE_GUESS_LIMIT: 50,
    LICENCE_GUESS_WINDOW_SECONDS: 900,
  };
  const { desk, signingKey } = await assembleLicenceDesk(mongo, settings, () => new Date());
  publicKeyPem = signingKey.publicKeyPem;
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildServices({ desk, signingKey, now: () => new Date() }),
    log,
  });
  server.setServing(true);
  const address = `127.0.0.1:${server.port}`;
  admin = createClient(LicenceAdminService, address, { peer: "licence" });
  // The gateway words the licence refusals (coded) from the language service's catalogues; the tool asks for English.
  language = await startLanguageServer(mongo, log);
  const config = testGatewayConfig(stores, { licence: address, language: language.address });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  deadServer = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-"));
  await writeFile(join(workDir, "thirteen.pdf"), await labelledPdf("P", 13));
  await writeFile(join(workDir, "server-key.pem"), publicKeyPem);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  peers?.close();
  await storeProbes?.close();
  admin?.close();
  await server?.stop(1_000);
  await language?.stop();
  await mongo?.dropDatabase();
  await mongo?.close();
  await rm(workDir, { recursive: true, force: true });
});

const run = (command: string, args: string[]) => runProgram(command, args);
const testsDir = fileURLToPath(new URL(".", import.meta.url));

/** Runs the built CLI with its own state folder, in workDir, against the test gateway. */
const turnleaf = (home: string, args: string[], env: Record<string, string> = {}) =>
  runCli(workDir, home, args, { TURNLEAF_SERVER: gatewayUrl, ...env });

async function freshHome(name: string): Promise<string> {
  const home = join(workDir, `home-${name}-${randomBytes(3).toString("hex")}`);
  await mkdir(home);
  return home;
}

async function issue(maxActivations = 2): Promise<string> {
  const printed = JSON.parse(
    await runLicenceCommand(["issue", "--plan", "pro", "--max-activations", String(maxActivations)], admin),
  );
  return printed.licenceCode as string;
}

/** A home registered online with a fresh licence. */
async function registeredHome(name: string): Promise<string> {
  const home = await freshHome(name);
  const result = await turnleaf(home, ["register", await issue()]);
  expect(result.code, result.stderr).toBe(0);
  return home;
}

describe("turnleaf register, status, deactivate (online)", { timeout: 60_000 }, () => {
  it("registers with an operator-issued code, pins the server key on first use, shows status, deactivates", async () => {
    const home = await freshHome("online");
    const code = await issue();
    const registered = await turnleaf(home, ["register", code]);
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toContain("edition: registered");
    expect(registered.stdout).toMatch(/activation: act_\S+ \(online/);
    expect(registered.stderr).toContain("trust on first use");
    expect(await readFile(join(home, "public-key.pem"), "utf8")).toBe(
      publicKeyPem.endsWith("\n") ? publicKeyPem : `${publicKeyPem}\n`,
    );
    expect(await readFile(join(home, "licence.tllic"), "latin1")).toMatch(/^TLLIC1\.[0-9a-f]{16}\./);

    const again = await turnleaf(home, ["register", code]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("trust on first use");

    const status = await turnleaf(home, ["status", "--json"]);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ edition: "registered", plan: "pro", channel: "online" });

    const deactivated = await turnleaf(home, ["deactivate"]);
    expect(deactivated.code, deactivated.stderr).toBe(0);
    expect(deactivated.stdout).toContain("back to the trial edition");
    expect(existsSync(join(home, "licence.tllic"))).toBe(false);

    const trial = await turnleaf(home, ["status"]);
    expect(trial.code).toBe(101);
    expect(trial.stdout).toContain("edition: trial");
    expect(trial.stderr).toContain("error 101: licence file not found");
  });

  it("prints the spec's codes and exits non-zero on every refusal", async () => {
    const home = await freshHome("refusals");
    const empty = await turnleaf(home, ["register", ""]);
    expect(empty.code).toBe(106);
    expect(empty.stderr).toContain("error 106: Please enter a valid registration code!");
    const missing = await turnleaf(home, ["register"]);
    expect(missing.code).toBe(106);
    expect(missing.stderr).toContain("Please enter a valid registration code!");
    const typo = await turnleaf(home, ["register", "ABCDE-12345"]);
    expect(typo.code).toBe(106);
    const unknown = await turnleaf(home, ["register", generateLicenceCode()]);
    expect(unknown.stderr).toContain("error 402: licence code error");
    expect(unknown.code).toBe(42);
    const down = await turnleaf(home, ["register", generateLicenceCode(), "--server", deadServer]);
    expect(down.stderr).toContain("error 10: Network Error!");
    expect(down.code).toBe(10);
  });
});

describe("turnleaf register --offline", { timeout: 60_000 }, () => {
  it("writes a request file, imports the operator's verification file and refuses missing or edited ones", async () => {
    const home = await freshHome("offline");
    const code = await issue();
    const requestPath = join(workDir, "offline.tlreq");
    // An offline machine cannot fetch the key: it pins the one it was given.
    const offline = await turnleaf(home, ["register", code, "--offline", "--request-out", requestPath], {
      TURNLEAF_SERVER: deadServer,
    });
    expect(offline.code, offline.stderr).toBe(0);
    expect(await readFile(requestPath, "utf8")).toMatch(/^TLREQ1\./);

    const answerPath = join(workDir, "offline.tlv");
    await runLicenceCommand(["answer-offline", "--request", requestPath, "--out", answerPath], admin);

    const isolated = { TURNLEAF_SERVER: deadServer };
    const noKey = await turnleaf(home, ["register", "--import", answerPath], isolated);
    expect(noKey.code).toBe(10);
    expect(noKey.stderr).toContain("--public-key");

    const notThere = await turnleaf(
      home,
      ["register", "--import", join(workDir, "nothing.tlv"), "--public-key", "server-key.pem"],
      isolated,
    );
    expect(notThere.code).toBe(4);
    expect(notThere.stderr).toContain("error 4: verification file not found");

    const signed = await readFile(answerPath, "latin1");
    const parts = signed.split(".");
    const payload = parts[2] as string;
    parts[2] = `${payload.slice(0, 10)}${payload[10] === "A" ? "B" : "A"}${payload.slice(11)}`;
    await writeFile(join(workDir, "edited.tlv"), parts.join("."), "latin1");
    const edited = await turnleaf(home, ["register", "--import", "edited.tlv"], isolated);
    expect(edited.code).toBe(3);
    expect(edited.stderr).toContain("error 3: the licence file was modified");

    const imported = await turnleaf(home, ["register", "--import", answerPath], isolated);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/activation: act_\S+ \(offline/);

    const status = await turnleaf(home, ["status", "--offline", "--json"], isolated);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ edition: "registered", channel: "offline" });
  });
});

/** Pixels of page 1's main rendition, and how many are clearly reddish (the watermark's colour). */
async function pagePixels(projectDir: string) {
  const manifest = JSON.parse(await readFile(join(projectDir, "book", "manifest.json"), "utf8"));
  const page = manifest.pages[0];
  const key = page.webp[String(page.width)];
  // A grey page's main rendition is a one-channel PNG, a watermarked one an RGBA PNG: read every page as RGB.
  const { data, info } = await sharp(join(projectDir, "book", key))
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let reddish = 0;
  for (let offset = 0; offset < data.length; offset += info.channels) {
    const [r, g, b] = [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
    if (r - g > 25 && r - b > 25) reddish += 1;
  }
  return { manifest, data, reddish };
}

describe("turnleaf import", { timeout: 120_000 }, () => {
  it("refuses page 13 in the trial and watermarks the trial's pages; a registered copy has neither", async () => {
    const trialHome = await freshHome("trial");
    const refused = await turnleaf(trialHome, ["import", "thirteen.pdf", "--out", "trial-13"]);
    expect(refused.code).toBe(65);
    expect(refused.stderr).toContain("only 12 pages or images");
    expect(refused.stderr).toContain("this import has 13");
    expect(existsSync(join(workDir, "trial-13", "book"))).toBe(false);

    const trial = await turnleaf(trialHome, ["import", "thirteen.pdf", "--out", "trial", "--pages", "1-12"]);
    expect(trial.code, trial.stderr).toBe(0);
    const registeredHomeDir = await registeredHome("import");
    const registered = await turnleaf(registeredHomeDir, ["import", "thirteen.pdf", "--out", "registered"]);
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toContain("imported 13 pages");

    const trialPage = await pagePixels(join(workDir, "trial"));
    const registeredPage = await pagePixels(join(workDir, "registered"));
    expect(trialPage.manifest).toMatchObject({ trial: true, pageCount: 12, state: "ready" });
    expect(registeredPage.manifest).toMatchObject({ trial: false, pageCount: 13, state: "ready" });
    expect(trialPage.data.length).toBe(registeredPage.data.length);
    let differing = 0;
    for (let index = 0; index < trialPage.data.length; index += 1) {
      if (Math.abs((trialPage.data[index] ?? 0) - (registeredPage.data[index] ?? 0)) > 24) differing += 1;
    }
    expect(differing / trialPage.data.length).toBeGreaterThan(0.01);
    expect(trialPage.reddish).toBeGreaterThan(1000);
    expect(registeredPage.reddish).toBe(0);
  });

  it("checks the page range and the quality with the spec's texts", async () => {
    const home = await freshHome("range");
    const empty = await turnleaf(home, ["import", "thirteen.pdf", "--out", "range", "--pages", " "]);
    expect(empty.code).toBe(65);
    expect(empty.stderr).toContain("Please fill in the page range to be imported");
    for (const range of ["5-2", "1,,2", "0", "14", "a-3"]) {
      const bad = await turnleaf(home, ["import", "thirteen.pdf", "--out", "range", "--pages", range]);
      expect(bad.code, range).toBe(65);
      expect(bad.stderr, range).toContain("Incorrect Format");
    }
    const quality = await turnleaf(home, [
      "import",
      "thirteen.pdf",
      "--out",
      "range",
      "--quality",
      "custom",
      "--definition",
      "99",
    ]);
    expect(quality.code).toBe(65);
    expect(quality.stderr).toContain("--definition must be a whole number from 80 to 95");
    const format = await turnleaf(home, ["import", "server-key.pem", "--out", "range"]);
    expect(format.code).toBe(65);
    expect(format.stderr).toContain("Incorrect file format");
  });
});

describe("turnleaf publish", { timeout: 120_000 }, () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it("converts a folder as a batch, reports exactly the corrupt file, and retries only what failed", async () => {
    const home = await freshHome("batch");
    const folder = join(workDir, "batch-in");
    const out = join(workDir, "batch-out");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "alpha.pdf"), await labelledPdf("A", 2));
    await writeFile(join(folder, "broken.pdf"), Buffer.from("%PDF-1.7\nthis is not a PDF body"));
    await writeFile(join(folder, "gamma.pdf"), await labelledPdf("G", 3));
    await writeFile(join(folder, "readme.txt"), "not a book");
    const first = await turnleaf(home, ["batch", folder, "--out", out]);
    expect(first.code).not.toBe(0);
    expect(first.stderr).toContain("batch conversion failed for broken.pdf");
    const list = JSON.parse(await readFile(join(out, "batch.json"), "utf8")) as {
      file: string;
      status: string;
      message: string;
    }[];
    expect(list.map((task) => [task.file, task.status])).toEqual([
      ["alpha.pdf", "success"],
      ["broken.pdf", "failure"],
      ["gamma.pdf", "success"],
    ]);
    expect(list[1]?.message).toContain("PDF conversion failed");
    expect(existsSync(join(out, "gamma", "book", "manifest.json"))).toBe(true);

    await writeFile(join(folder, "broken.pdf"), await labelledPdf("B", 1));
    const gammaManifest = await readFile(join(out, "gamma", "book", "manifest.json"), "utf8");
    const retried = await turnleaf(home, ["batch", folder, "--out", out, "--retry"]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toContain("3 succeeded, 0 failed, 0 waiting");
    // What had succeeded was not converted again.
    expect(await readFile(join(out, "gamma", "book", "manifest.json"), "utf8")).toBe(gammaManifest);
  }, 60_000);

  it("writes FlipBook/index.html and a zip that open from disk in Chromium with the real reader", async () => {
    const home = await registeredHome("publish");
    const imported = await turnleaf(home, ["import", "thirteen.pdf", "--out", "book-project", "--title", "Thirteen"]);
    expect(imported.code, imported.stderr).toBe(0);
    const published = await turnleaf(home, [
      "publish",
      "book-project",
      "--format",
      "html",
      "--out",
      "published",
      "--lang",
      "en",
    ]);
    expect(published.code, published.stderr).toBe(0);
    const index = join(workDir, "published", "FlipBook", "index.html");
    expect(published.stdout).toContain(index);
    const html = await readFile(index, "utf8");
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<script src="reader/reader.js"></script>');
    const zipped = unzipSync(await readFile(join(workDir, "published", "FlipBook.zip")));
    expect(Buffer.from(zipped["FlipBook/index.html"] ?? []).toString("utf8")).toBe(html);
    expect(Object.keys(zipped)).toContain("FlipBook/reader/reader.js");

    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    page.on("requestfailed", (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
    await page.goto(pathToFileURL(index).href);
    await page.getByTestId("stage").waitFor({ timeout: 15_000 });
    const announcer = page.getByTestId("announcer");
    await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 1 of 13");
    await expect
      .poll(() => page.evaluate(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0)))
      .toBe(true);
    expect(await page.title()).toBe("Thirteen");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 2–3 of 13");
    expect(failures).toEqual([]);
    await page.close();
  });

  it("publishes an installable WordPress plug-in whose shortcode renders the book", async () => {
    const home = await freshHome("wordpress");
    const project = join(workDir, "wp-project");
    const imported = await turnleaf(home, [
      "import",
      join(workDir, "thirteen.pdf"),
      "--out",
      project,
      "--pages",
      "1-3",
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const out = join(workDir, "wp-out");
    const published = await turnleaf(home, [
      "publish",
      project,
      "--format",
      "wordpress",
      "--out",
      out,
      "--title",
      "Harbour Notes",
      "--description",
      "Stories from the harbour",
      "--keywords",
      "harbour, boats",
      "--seo-text",
    ]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain("[turnleaf_harbour_notes");
    const pluginPath = join(out, "turnleaf-harbour-notes", "turnleaf-harbour-notes.php");
    const plugin = await readFile(pluginPath, "utf8");
    // The header WordPress reads to list the plug-in.
    expect(plugin).toMatch(/^<\?php\n\/\*\*\n \* Plugin Name: Turnleaf flipbook: Harbour Notes\n/);
    expect(plugin).toContain(" * Description: Stories from the harbour\n");
    expect(plugin).toContain(" * Version: 1.0.0\n");
    const lint = await run("php", ["-l", pluginPath]);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    const rendered = await run("php", [
      join(testsDir, "wordpress-fake.php"),
      pluginPath,
      JSON.stringify({ width: "800", height: "500" }),
    ]);
    expect(rendered.code, rendered.stderr).toBe(0);
    const { tag, html } = JSON.parse(rendered.stdout) as { tag: string; html: string };
    expect(tag).toBe("turnleaf_harbour_notes");
    expect(html).toContain(
      '<iframe src="https://blog.example/wp-content/plugins/turnleaf-harbour-notes/flipbook/index.html" width="800" height="500" title="Harbour Notes"',
    );
    expect(html).toContain("<noscript><article");
    expect(html).toContain("P1");
    expect(existsSync(join(out, "turnleaf-harbour-notes", "flipbook", "index.html"))).toBe(true);
    const zipped = unzipSync(await readFile(join(out, "turnleaf-harbour-notes.zip")));
    expect(Object.keys(zipped)).toContain("turnleaf-harbour-notes/turnleaf-harbour-notes.php");
    expect(Object.keys(zipped)).toContain("turnleaf-harbour-notes/flipbook/index.html");
  }, 60_000);

  it("validates paths with the spec's rules and the native formats' options before building", async () => {
    const home = await freshHome("paths");
    const project = join(workDir, "book-project");
    for (const name of ["bad:name", "what?", "star*", 'quote"', "less<", "more>", "pipe|", "wow！"]) {
      const bad = await turnleaf(home, ["publish", project, "--format", "html", "--out", name]);
      expect(bad.code, name).toBe(65);
      expect(bad.stderr, name).toContain(`the name "${name}" must not contain / : * ? " < > | or ！`);
    }
    const empty = await turnleaf(home, ["publish", project, "--format", "html", "--out", ""]);
    expect(empty.code).toBe(65);
    expect(empty.stderr).toContain("Output path must not be empty");
    const missing = await turnleaf(home, [
      "publish",
      join(workDir, "no-such-project"),
      "--format",
      "html",
      "--out",
      "x",
    ]);
    expect(missing.code).toBe(66);
    expect(missing.stderr).toContain("Project file does not exist");

    const suffix = await turnleaf(home, ["publish", project, "--format", "exe", "--out", "book.zip"]);
    expect(suffix.code).toBe(65);
    expect(suffix.stderr).toContain("the file name must end with .exe");
    const english = { TURNLEAF_LANG: "en" };
    // The native formats check their options before building anything (tests/cli/native-packages.test.ts builds them).
    const window = await turnleaf(
      home,
      ["publish", project, "--format", "exe", "--out", "book.exe", "--window", "tiny"],
      english,
    );
    expect(window.code).toBe(64);
    expect(window.stderr).toContain("--window must be maximized, fullscreen or custom");
    const size = await turnleaf(
      home,
      ["publish", project, "--format", "app", "--out", "book.app", "--window", "custom"],
      english,
    );
    expect(size.code).toBe(64);
    expect(size.stderr).toContain("--window custom needs --width and --height");
    const id = await turnleaf(
      home,
      ["publish", project, "--format", "apk", "--out", "book.apk", "--app-id", "9book.x"],
      english,
    );
    expect(id.code).toBe(65);
    expect(id.stderr).toContain("Application ID format error");
    for (const file of ["book.exe", "book.app", "book.apk"]) expect(existsSync(join(workDir, file))).toBe(false);
  });
});
