import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageStoreOn } from "@turnleaf/gateway/in-process";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { api, catalogueText, run, uploadedBook } from "./package-fixtures.js";

// The editor's publish dialog on the server (issue #37 item 4, spec 001 §3–§5): POST /api/publish/create-package
// checks the APK rules and the signature password before any build and refuses with the catalogues' texts; a build
// runs after the answer (the CLI's pull and publish on the online book), get-package tells its state and
// download-package sends the file: an APK that apksigner verifies and whose badging carries the info given, an HTML
// zip holding the offline flipbook.
const services = await workerSystem();
const signature = { name: `key-${randomBytes(4).toString("hex")}`, password: "harbour-key-1" };
let book: Awaited<ReturnType<typeof uploadedBook>>;
let outDir: string;
const call = (path: string, fields: Record<string, string>, language = "en") =>
  api<{ job: { jobId: string; state: string; download?: string; error?: string; fileName?: string } }>(
    services.gatewayUrl,
    book.cookie,
    path,
    fields,
    language,
  );

const apkForm = (changes: Record<string, string> = {}) => ({
  bookId: book.bookId,
  format: "apk",
  appName: "Harbour Notes",
  appId: "com.example.harbour",
  versionCode: "1",
  versionName: "1.0",
  signature: signature.name,
  signaturePassword: signature.password,
  ...changes,
});

/** Polls the job until it is finished; answers its last view. */
async function finished(jobId: string) {
  let job = (await call("/api/publish/get-package", { jobId })).data.job;
  const until = Date.now() + 240_000;
  while ((job.state === "queued" || job.state === "building") && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    job = (await call("/api/publish/get-package", { jobId })).data.job;
  }
  return job;
}

async function download(path: string, file: string): Promise<Buffer> {
  const response = await fetch(`${services.gatewayUrl}${path}`, { headers: { cookie: book.cookie } });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  await writeFile(join(outDir, file), bytes);
  return bytes;
}

beforeAll(async () => {
  book = await uploadedBook(services, "Harbour Notes");
  outDir = await mkdtemp(join(tmpdir(), "turnleaf-packages-"));
  const created = await api(services.gatewayUrl, book.cookie, "/api/signature/create-signature", {
    name: signature.name,
    validity: "25",
    password: signature.password,
    confirm: signature.password,
    unit: "Books",
    organisation: "Harbour Press",
    city: "Shanghai",
    state: "Shanghai",
    countryCode: "CN",
  });
  expect(created.code, created.msg).toBe("OK");
}, 300_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(book.workDir, { recursive: true, force: true });
});

describe("the publish dialog's rules on the server", () => {
  it("refuses a bad application ID, a missing name or version name, and a wrong signature password", async () => {
    for (const [changes, key, language] of [
      [{ appId: "1harbour.example" }, "apkIdFormat", "en"],
      [{ appId: "com.example-harbour" }, "apkIdFormat", "en"],
      [{ appId: "harbour" }, "apkIdFormat", "zh-CN"],
      [{ appName: " " }, "apkNameRequired", "en"],
      [{ versionName: "" }, "apkVersionNameRequired", "zh-CN"],
      [{ versionCode: "0" }, "apkVersionNumber", "en"],
      [{ signaturePassword: "not-the-password" }, "signatureOrPassword", "en"],
      [{ signaturePassword: "not-the-password" }, "signatureOrPassword", "zh-CN"],
      [{ signature: "no-such-signature" }, "signatureOrPassword", "en"],
      [{ format: "dmg" }, "publishFormat", "en"],
    ] as const) {
      const answer = await call("/api/publish/create-package", apkForm(changes), language);
      expect(answer.code, JSON.stringify(changes)).not.toBe("OK");
      expect(answer.msg, JSON.stringify(changes)).toBe(await catalogueText(language, key));
    }
    expect(await catalogueText("en", "apkIdFormat")).toBe("Application ID format error");
    expect(await catalogueText("en", "signatureOrPassword")).toBe("Signature or password error");
    const window = await call("/api/publish/create-package", {
      bookId: book.bookId,
      format: "exe",
      window: "custom",
      width: "120",
      height: "600",
    });
    expect(window.msg).toBe(await catalogueText("en", "publishWindowSize"));
    // An icon that is no PNG or JPEG.
    const icon = await call(
      "/api/publish/create-package",
      apkForm({ icon: Buffer.from("GIF89a....").toString("base64") }),
    );
    expect(icon.msg).toBe((await catalogueText("en", "publishIconFormat")).replace("{max}", "256"));
  });
});

describe("packages built from the online book", { timeout: 600_000 }, () => {
  it("builds a signed APK with the info given; an update must keep the ID and take the next version number", async () => {
    const created = await call("/api/publish/create-package", apkForm());
    expect(created.code, created.msg).toBe("OK");
    const job = await finished(created.data.job.jobId);
    expect(job.state, job.error).toBe("ready");
    expect(job.fileName).toBe("Harbour Notes.apk");
    await download(job.download ?? "", "book.apk");
    const verified = await run("apksigner", ["verify", "--print-certs", join(outDir, "book.apk")]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain("O=Harbour Press");
    const badging = await run("aapt", ["dump", "badging", join(outDir, "book.apk")]);
    expect(badging.stdout).toContain("package: name='com.example.harbour' versionCode='1' versionName='1.0'");
    expect(badging.stdout).toContain("application-label:'Harbour Notes'");
    const listing = await run("unzip", ["-l", join(outDir, "book.apk")]);
    expect(listing.stdout).toContain("assets/index.html");

    // The next release of the same book: version 1 again, 3, or another ID are refused with the spec's texts.
    const again = await call("/api/publish/create-package", apkForm());
    expect(again.msg).toBe(
      (await catalogueText("en", "apkVersionNotNext")).replace("{last}", "1").replace("{expected}", "2"),
    );
    const skipped = await call("/api/publish/create-package", apkForm({ versionCode: "3" }));
    expect(skipped.msg).toContain("(1): 2");
    const moved = await call("/api/publish/create-package", apkForm({ appId: "com.example.other", versionCode: "2" }));
    expect(moved.msg).toBe((await catalogueText("en", "apkIdChanged")).replace("{id}", "com.example.harbour"));
    const next = await call("/api/publish/create-package", apkForm({ versionCode: "2", versionName: "1.1" }));
    expect(next.code, next.msg).toBe("OK");
    const second = await finished(next.data.job.jobId);
    expect(second.state, second.error).toBe("ready");
    await download(second.download ?? "", "book-2.apk");
    const badging2 = await run("aapt", ["dump", "badging", join(outDir, "book-2.apk")]);
    expect(badging2.stdout).toContain("versionCode='2' versionName='1.1'");
  });

  it("builds the EXE with its window and title, and the zipped APP bundle", async () => {
    const exe = await call("/api/publish/create-package", {
      bookId: book.bookId,
      format: "exe",
      title: "Harbour EXE",
      window: "custom",
      width: "1024",
      height: "700",
    });
    expect(exe.code, exe.msg).toBe("OK");
    const exeJob = await finished(exe.data.job.jobId);
    expect(exeJob.state, exeJob.error).toBe("ready");
    expect(exeJob.fileName).toBe("Harbour EXE.exe");
    const exeBytes = await download(exeJob.download ?? "", "book.exe");
    expect((await run("file", ["-b", join(outDir, "book.exe")])).stdout).toMatch(
      /^PE32 executable \(GUI\).*MS Windows/,
    );
    expect(exeBytes.includes(Buffer.from("Harbour EXE", "utf16le"))).toBe(true);
    const listing = await run("7z", ["l", "-ba", join(outDir, "book.exe")]);
    expect(listing.stdout).toMatch(/book\/index\.html/);

    const app = await call("/api/publish/create-package", { bookId: book.bookId, format: "app", title: "Harbour APP" });
    expect(app.code, app.msg).toBe("OK");
    const appJob = await finished(app.data.job.jobId);
    expect(appJob.state, appJob.error).toBe("ready");
    expect(appJob.fileName).toBe("Harbour APP.app.zip");
    const bundle = unzipSync(await download(appJob.download ?? "", "book.app.zip"));
    const plist = Object.keys(bundle).find((name) => name.endsWith(".app/Contents/Info.plist")) ?? "";
    expect(Buffer.from(bundle[plist] ?? []).toString("utf8")).toContain("<string>Harbour APP</string>");
    expect(Object.keys(bundle).some((name) => name.endsWith("Contents/Resources/book/index.html"))).toBe(true);
  });

  it("answers a build its gateway left (a restart mid-build) as failed, not holding the next APK back", async () => {
    const connection = await connectMongo({
      uri: services.stores.mongodbUri,
      database: "turnleaf-gateway",
      log: createLogger({ service: "test", level: "silent" }),
    });
    try {
      const user = await api<{ userId: string }>(services.gatewayUrl, book.cookie, "/api/user/get-user", {});
      const jobId = randomUUID();
      // Older than six build timeouts (the default 600 s each): its gateway is gone.
      await packageStoreOn(connection).insertJob({
        jobId,
        userId: String(user.data.userId),
        bookId: book.bookId,
        format: "apk",
        state: "building",
        createdAt: new Date(Date.now() - 2 * 3600_000),
      });
      const job = (await call("/api/publish/get-package", { jobId })).data.job;
      expect(job.state).toBe("failed");
      expect(job.error).toBe((await catalogueText("en", "publishInterrupted")).replace("{format}", "APK"));
      const last = await call("/api/publish/get-apk-release", { bookId: book.bookId });
      const nextVersion = String((last.data as unknown as { nextVersionCode: number }).nextVersionCode);
      // Past the rules, the busy check and then the signature's: the abandoned build does not answer publishApkBusy.
      const next = await call(
        "/api/publish/create-package",
        apkForm({ versionCode: nextVersion, versionName: "1.2", signaturePassword: "not-the-password" }),
      );
      expect(next.msg).toBe(await catalogueText("en", "signatureOrPassword"));
    } finally {
      await connection.close();
    }
  });

  it("builds the offline HTML zip; another account cannot read the job or its file", async () => {
    const created = await call("/api/publish/create-package", {
      bookId: book.bookId,
      format: "html",
      title: "Harbour",
    });
    expect(created.code, created.msg).toBe("OK");
    const job = await finished(created.data.job.jobId);
    expect(job.state, job.error).toBe("ready");
    const zip = unzipSync(await download(job.download ?? "", "book.zip"));
    expect(Object.keys(zip)).toContain("FlipBook/index.html");
    expect(Object.keys(zip).filter((name) => name.startsWith("FlipBook/files/pages/")).length).toBeGreaterThan(0);
    expect(Buffer.from(zip["FlipBook/index.html"] ?? []).toString("utf8")).toContain("<title>Harbour</title>");

    const stranger = await fetch(`${services.gatewayUrl}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: `s-${randomBytes(4).toString("hex")}@turnleaf.test`,
        password: "a good password",
      }),
    });
    const strangerCookie = (stranger.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(strangerCookie).toMatch(/^tl_session=/);
    const peek = await api(
      services.gatewayUrl,
      strangerCookie,
      "/api/publish/get-package",
      { jobId: job.jobId },
      "zh-CN",
    );
    expect(peek.code).not.toBe("OK");
    expect(peek.msg).toBe(await catalogueText("zh-CN", "publishJobNotFound"));
    const file = await fetch(`${services.gatewayUrl}${job.download}`, { headers: { cookie: strangerCookie } });
    expect(file.headers.get("content-type")).toContain("application/json");
    // No Accept-Language: Chinese, the default.
    expect(((await file.json()) as { msg: string }).msg).toBe(await catalogueText("zh-CN", "publishJobNotFound"));
  });
});
