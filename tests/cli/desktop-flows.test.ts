import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";
import { assertCliBuilt, runCli } from "./run-cli.js";

// Spec 001's desktop flows of issue #34 with the built CLI as a child process: the interface language (Chinese by
// default, --lang, the OS locale), looks by name through the settings validator, the batch list and delete-all,
// the merged-PDF limit, log export, the update check against the version the gateway publishes, 'Network Error!',
// and the offline registration answered by the platform's path — against the real licence service, language
// service and gateway on the run's MongoDB-wire server.
const stores = workerStores();
const log = createLogger({ service: "cli-flows-test", level: "silent" });

let database: string;
let mongo: Connection;
let server: RunningGrpcServer;
let admin: TypedClient<typeof LicenceAdminService>;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let gatewayUrl: string;
let deadServer: string;
let workDir: string;
let language: Awaited<ReturnType<typeof startLanguageServer>> | undefined;

/** No language from the environment: the tool's own default must show. */
const noLocale = { TURNLEAF_LANG: "", LC_ALL: "", LC_MESSAGES: "", LANG: "" };

beforeAll(async () => {
  assertCliBuilt();
  database = `turnleaf-cli-flows-${randomBytes(4).toString("hex")}`;
  mongo = await connectMongo({ uri: stores.mongodbUri, database, log });
  const { desk, signingKey, feedback } = await assembleLicenceDesk(
    mongo,
    {
      LICENCE_SIGNING_KEY_PEM: undefined,
      LICENCE_CODE_PEPPER: undefined,
      LICENCE_ONLINE_ANSWER_TTL_DAYS: 30,
      LICENCE_OFFLINE_ANSWER_TTL_DAYS: 90,
      LICENCE_GUESS_LIMIT: 50,
      LICENCE_GUESS_WINDOW_SECONDS: 900,
    },
    () => new Date(),
  );
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildServices({ desk, signingKey, now: () => new Date(), feedback }),
    log,
  });
  server.setServing(true);
  admin = createClient(LicenceAdminService, `127.0.0.1:${server.port}`, { peer: "licence" });
  language = await startLanguageServer(mongo, log);
  const config = testGatewayConfig(stores, { licence: `127.0.0.1:${server.port}`, language: language.address });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({
    log,
    peers,
    stores: storeProbes,
    devActorUserId: undefined,
    desktopRelease: { version: "99.1.0", download: "https://downloads.example.com/turnleaf" },
  });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  deadServer = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-flows-"));
  await writeFile(join(workDir, "three.pdf"), await labelledPdf("T", 3));
  await writeFile(join(workDir, "server-key.pem"), signingKey.publicKeyPem);
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
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function freshHome(name: string): Promise<string> {
  const home = join(workDir, `home-${name}-${randomBytes(3).toString("hex")}`);
  await mkdir(home);
  return home;
}

const turnleaf = (home: string, args: string[], env: Record<string, string> = {}) =>
  runCli(workDir, home, args, { TURNLEAF_SERVER: gatewayUrl, ...env });

describe("the tool's language", { timeout: 120_000 }, () => {
  it("refuses in Chinese by default, in English with --lang en, and follows the OS locale", async () => {
    const home = await freshHome("language");
    const chinese = await turnleaf(home, ["register", ""], noLocale);
    expect(chinese.code).toBe(106);
    expect(chinese.stderr).toContain("错误 106：请输入有效的注册码！");
    const english = await turnleaf(home, ["register", "", "--lang", "en"], noLocale);
    expect(english.stderr).toContain("error 106: Please enter a valid registration code!");
    // Before the command too, and over the environment.
    const first = await turnleaf(home, ["--lang", "en", "import", "--out", "x"], { ...noLocale, LANG: "de_DE.UTF-8" });
    expect(first.code).toBe(64);
    expect(first.stderr).toContain("name the PDF or image files to import");

    const noFiles = await turnleaf(home, ["import", "--out", "x"], noLocale);
    expect(noFiles.stderr).toContain("请指定要导入的 PDF 或图片文件");
    const range = await turnleaf(home, ["import", "three.pdf", "--out", "r", "--pages", "9"], noLocale);
    expect(range.stderr).toContain("格式不正确");
    const german = await turnleaf(home, ["import", "three.pdf", "--out", "r", "--pages", ""], {
      ...noLocale,
      LANG: "de_DE.UTF-8",
    });
    expect(german.stderr).toContain("Bitte den zu importierenden Seitenbereich angeben");
    const unknown = await turnleaf(home, ["status", "--lang", "xx"], noLocale);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain("xx");

    // --json stays machine-readable: keys and codes, the same in every language.
    const json = await turnleaf(home, ["status", "--offline", "--json"], noLocale);
    expect(JSON.parse(json.stdout)).toMatchObject({ edition: "trial", code: 101 });
  });

  it("words the conversion pipeline's failures from the platform's catalogue", async () => {
    const home = await freshHome("conversion");
    await writeFile(join(workDir, "broken.pdf"), "%PDF-1.7 not really");
    const chinese = await turnleaf(home, ["import", "broken.pdf", "--out", "b"], noLocale);
    expect(chinese.code).toBe(65);
    expect(chinese.stderr).toContain("PDF 转换失败：broken.pdf");
    const english = await turnleaf(home, ["import", "broken.pdf", "--out", "b", "--lang", "en"], noLocale);
    expect(english.stderr).toContain("PDF conversion failed: broken.pdf");
  });
});

describe("looks by name and the settings validator", { timeout: 180_000 }, () => {
  it("lists the catalogue's templates, themes and scenes and applies one by name, checked like update-book", async () => {
    const home = await freshHome("design");
    const imported = await turnleaf(home, ["import", "three.pdf", "--out", "looks"]);
    expect(imported.code, imported.stderr).toBe(0);

    const listed = await turnleaf(home, ["design", "list", "--json"]);
    const rows = JSON.parse(listed.stdout) as { kind: string; id: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ kind: "templates", id: "classic" }));
    expect(rows).toContainEqual(expect.objectContaining({ kind: "themes", id: "ocean" }));
    expect(rows).toContainEqual(expect.objectContaining({ kind: "scenes", id: "snow" }));
    const chineseList = await turnleaf(home, ["design", "list", "themes"], noLocale);
    expect(chineseList.stdout).toContain("海洋");

    const theme = await turnleaf(home, ["design", "apply", "looks", "Ocean"]);
    expect(theme.code, theme.stderr).toBe(0);
    expect(theme.stdout).toContain('applied the theme "Ocean"');
    const scene = await turnleaf(home, ["design", "apply", "looks", "scene:snow"]);
    expect(scene.code, scene.stderr).toBe(0);
    const shown = JSON.parse((await turnleaf(home, ["project", "show", "looks", "--json"])).stdout);
    expect(shown.settings).toMatchObject({ designTheme: "ocean", designScene: "snow", dynamicScene: "snow" });
    expect(shown.settings.bgColor).toMatch(/^#/);
    const template = await turnleaf(home, ["design", "apply", "looks", "classic"]);
    expect(template.code, template.stderr).toBe(0);
    const afterTemplate = JSON.parse((await turnleaf(home, ["project", "show", "looks", "--json"])).stdout);
    // A template brings its theme under its own values and records both.
    expect(afterTemplate.settings).toMatchObject({ designTemplate: "classic", designTheme: "default" });

    const missing = await turnleaf(home, ["design", "apply", "looks", "no-such-look"]);
    expect(missing.code).toBe(66);
    expect(missing.stderr).toContain('"no-such-look"');

    // The book service's validator and its refusal text (the platform's catalogue), before anything is written.
    const messages = JSON.parse(
      await readFile(join(import.meta.dirname, "../../services/language/src/labels/messages/en.json"), "utf8"),
    ) as Record<string, string>;
    const expected = (messages["settingRule.colour"] as string).replace(
      "{title}",
      messages["settingTitle.bgColor"] as string,
    );
    const refused = await turnleaf(home, ["project", "set", "looks", "bgColor=not-a-colour"]);
    expect(refused.code).toBe(65);
    expect(refused.stderr).toContain(expected);
    const chineseRefusal = await turnleaf(home, ["project", "set", "looks", "bgColor=not-a-colour"], noLocale);
    expect(chineseRefusal.stderr).toContain("背景颜色");
    const stillOcean = JSON.parse((await turnleaf(home, ["project", "show", "looks", "--json"])).stdout);
    expect(stillOcean.settings.bgColor).not.toBe("not-a-colour");
    const accepted = await turnleaf(home, ["project", "set", "looks", "bgColor=#223344"]);
    expect(accepted.code, accepted.stderr).toBe(0);
  });
});

describe("batch list, delete all and the merged-PDF limit", { timeout: 180_000 }, () => {
  it("lists size and page columns and deletes all only when confirmed", async () => {
    const home = await freshHome("batch");
    const folder = join(workDir, "batch-in");
    await mkdir(folder);
    await writeFile(join(folder, "a.pdf"), await labelledPdf("A", 2));
    await writeFile(join(folder, "b.pdf"), await labelledPdf("B", 3));
    const ran = await turnleaf(home, ["batch", "batch-in", "--out", "batch-out"]);
    expect(ran.code, ran.stderr).toBe(0);
    const listed = JSON.parse(
      (await turnleaf(home, ["batch", "--out", "batch-out", "--list", "all", "--json"])).stdout,
    );
    expect(listed).toEqual([
      expect.objectContaining({ file: "a.pdf", status: "success", pages: 2, size: expect.any(Number) }),
      expect.objectContaining({ file: "b.pdf", status: "success", pages: 3, size: expect.any(Number) }),
    ]);
    const table = await turnleaf(home, ["batch", "--out", "batch-out", "--list", "all"]);
    expect(table.stdout.split("\n")[0]).toMatch(/status\s+name\s+size\s+pages/);
    expect(table.stdout).toMatch(/a\.pdf\s+\d+(\.\d)? (B|KB)\s+2/);

    const unconfirmed = await turnleaf(home, ["batch", "--out", "batch-out", "--delete-all"]);
    expect(unconfirmed.code).toBe(64);
    expect(unconfirmed.stderr).toContain("add --yes to confirm");
    expect(existsSync(join(workDir, "batch-out", "a", "project.json"))).toBe(true);
    const deleted = await turnleaf(home, ["batch", "--out", "batch-out", "--delete-all", "--yes"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain("deleted 2 tasks");
    expect(existsSync(join(workDir, "batch-out", "a"))).toBe(false);
    expect(existsSync(join(workDir, "batch-out", "batch.json"))).toBe(false);
  });

  it("refuses merged PDFs of 1 GB together before reading them", async () => {
    const home = await freshHome("merged");
    // Two sparse 600 MB files: each under 1 GB, together over it.
    for (const name of ["big-1.pdf", "big-2.pdf"]) {
      const handle = await open(join(workDir, name), "w");
      await handle.truncate(600 * 1024 * 1024);
      await handle.close();
    }
    const merged = await turnleaf(home, ["import", "big-1.pdf", "big-2.pdf", "--out", "big"]);
    expect(merged.code).toBe(65);
    expect(merged.stderr).toContain("Merged PDFs must be less than 1 GB in total");
    const chinese = await turnleaf(home, ["import", "big-1.pdf", "big-2.pdf", "--out", "big"], noLocale);
    expect(chinese.stderr).toContain("合并的 PDF 总大小必须小于 1 GB");
  });
});

describe("logs, update check and the network", { timeout: 120_000 }, () => {
  it("exports the log without the command's arguments", async () => {
    const home = await freshHome("logs");
    await turnleaf(home, ["register", "SECRET-CODE-12345"]);
    await turnleaf(home, ["design", "list"]);
    const exported = await turnleaf(home, ["logs", "export", "--out", "support.log"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain("Log export succeeded");
    const lines = (await readFile(join(workDir, "support.log"), "utf8")).trim().split("\n");
    expect(JSON.parse(lines[0] as string)).toMatchObject({ tool: "turnleaf", version: expect.any(String) });
    const entries = lines.slice(1).map((line) => JSON.parse(line));
    expect(entries).toContainEqual(
      expect.objectContaining({ command: "register", exitCode: 106, failure: "licence:106" }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ command: "design", exitCode: 0 }));
    expect(lines.join("\n")).not.toContain("SECRET-CODE");
    const nowhere = await turnleaf(home, ["logs", "export", "--out", "no/such/dir/x.log"]);
    expect(nowhere.code).toBe(73);
    expect(nowhere.stderr).toContain("Log export failed");
  });

  it("compares this version with the one the platform publishes, and says 'Network Error!' when it is not there", async () => {
    const home = await freshHome("update");
    const newer = await turnleaf(home, ["update", "check"]);
    expect(newer.code).toBe(1);
    expect(newer.stdout).toContain("99.1.0");
    expect(newer.stdout).toContain("https://downloads.example.com/turnleaf");
    const json = JSON.parse((await turnleaf(home, ["update", "check", "--json"])).stdout);
    expect(json).toMatchObject({ latest: "99.1.0", updateAvailable: true });
    const down = await turnleaf(home, ["update", "check", "--server", deadServer], noLocale);
    expect(down.code).toBe(75);
    expect(down.stderr).toContain("Network Error!");
    const books = await turnleaf(home, ["login", "--email", "a@b.c", "--password", "x", "--server", deadServer]);
    expect(books.stderr).toContain("Network Error!");
  });
});

describe("feedback to the platform", { timeout: 120_000 }, () => {
  it("stores the user's words and log for support, within the platform's limits", async () => {
    const home = await freshHome("feedback");
    await turnleaf(home, ["design", "list"]);
    const sent = await turnleaf(home, [
      "feedback",
      "The zoom button hides the toolbar",
      "--email",
      "a@example.com",
      "--logs",
      "--json",
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    const { feedbackId } = JSON.parse(sent.stdout) as { feedbackId: string };
    const stored = await mongo.db?.collection("desktop_feedback").findOne({ _id: feedbackId as never });
    expect(stored).toMatchObject({ message: "The zoom button hides the toolbar", email: "a@example.com" });
    expect(String(stored?.log)).toContain('"command":"design"');

    const empty = await turnleaf(home, ["feedback", "  "]);
    expect(empty.code).toBe(64);
    const tooLong = await turnleaf(home, ["feedback", "x".repeat(5001)], noLocale);
    expect(tooLong.code).toBe(65);
    expect(tooLong.stderr).toContain("反馈内容过长：最多 5000 个字符");
    const badEmail = await turnleaf(home, ["feedback", "hello", "--email", "not-an-address"]);
    expect(badEmail.stderr).toContain("not a valid email address");
    // Five an hour from one address: the first one and four more pass, the next is refused.
    for (let count = 0; count < 4; count += 1) {
      expect((await turnleaf(home, ["feedback", `more ${count}`])).code).toBe(0);
    }
    const flood = await turnleaf(home, ["feedback", "one too many"]);
    expect(flood.code).toBe(65);
    expect(flood.stderr).toContain("too much feedback");
  });
});

describe("offline registration answered by the platform", { timeout: 120_000 }, () => {
  it("turns the request file into the verification file through the platform's path, then registers", async () => {
    const offlineHome = await freshHome("offline-machine");
    const onlineHome = await freshHome("online-machine");
    const printed = JSON.parse(await runLicenceCommand(["issue", "--plan", "pro", "--max-activations", "2"], admin));
    const code = printed.licenceCode as string;
    const request = await turnleaf(
      offlineHome,
      ["register", code, "--offline", "--request-out", "machine.tlreq", "--public-key", "server-key.pem"],
      { TURNLEAF_SERVER: deadServer },
    );
    expect(request.code, request.stderr).toBe(0);
    expect(request.stdout).toContain("turnleaf register --answer");

    const answered = await turnleaf(onlineHome, ["register", "--answer", "machine.tlreq", "--out", "machine.tlv"]);
    expect(answered.code, answered.stderr).toBe(0);
    expect(await readFile(join(workDir, "machine.tlv"), "latin1")).toMatch(/^TLLIC1\./);
    const garbage = join(workDir, "garbage.tlreq");
    await writeFile(garbage, "TLREQ1.not-a-request");
    const refused = await turnleaf(onlineHome, ["register", "--answer", "garbage.tlreq", "--out", "g.tlv"]);
    expect(refused.code).not.toBe(0);
    expect(existsSync(join(workDir, "g.tlv"))).toBe(false);

    const imported = await turnleaf(offlineHome, ["register", "--import", "machine.tlv"], {
      TURNLEAF_SERVER: deadServer,
    });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/activation: act_\S+ \(offline/);
  });
});
