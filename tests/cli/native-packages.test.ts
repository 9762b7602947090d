import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { assertCliBuilt, runCli, runProgram } from "./run-cli.js";

// turnleaf publish --format exe|app|apk (issue #37, spec 001 §1–§5) with the real toolchains (makensis, aapt,
// smali, zipalign, apksigner, keytool) and the account's signatures on the seven built processes: the EXE is a PE
// file whose NSIS payload is the offline book, the APP zip a bundle with a valid Info.plist, the APK verifies and
// carries the APK info given; the §5 update rules and the signature rules (never modified or deleted) hold.
const services = await workerSystem();
let workDir: string;
let home: string;
const english = { TURNLEAF_SERVER: services.gatewayUrl, TURNLEAF_LANG: "en" };
const cli = (args: string[]) => runCli(workDir, home, args, english);
const account = { email: `native-${randomBytes(5).toString("hex")}@turnleaf.test`, password: "a good password" };
const signaturePassword = "harbour-key-1";

async function register(email: string, password: string): Promise<string> {
  const response = await fetch(`${services.gatewayUrl}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  expect(cookie, await response.clone().text()).toMatch(/^tl_session=/);
  return cookie;
}

/** A form POST to the gateway as `cookie`, in English; answers the envelope. */
async function api(cookie: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${services.gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "accept-language": "en" },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      code: string;
      msg: string;
      data: { keystore: string; signatures: { name: string }[] };
    },
  };
}

let cookie: string;

beforeAll(async () => {
  assertCliBuilt();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-native-"));
  home = join(workDir, "home");
  await mkdir(home);
  await writeFile(join(workDir, "three.pdf"), await labelledPdf("N", 3));
  const imported = await cli(["import", "three.pdf", "--out", "project", "--title", "Harbour Notes"]);
  expect(imported.code, imported.stderr).toBe(0);
  const published = await cli(["publish", "project", "--format", "html", "--out", "html"]);
  expect(published.code, published.stderr).toBe(0);
  cookie = await register(account.email, account.password);
  const loggedIn = await cli(["login", "--email", account.email, "--password", account.password]);
  expect(loggedIn.code, loggedIn.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("turnleaf publish --format exe", () => {
  it("builds a Windows PE executable whose NSIS payload is the offline book", async () => {
    const built = await cli([
      "publish",
      "project",
      "--format",
      "exe",
      "--out",
      "out/Harbour.exe",
      "--window",
      "custom",
      "--width",
      "1280",
      "--height",
      "800",
      "--json",
    ]);
    expect(built.code, built.stderr).toBe(0);
    const exe = join(workDir, "out", "Harbour.exe");
    expect(JSON.parse(built.stdout)).toMatchObject({ file: exe, format: "exe" });
    const kind = await runProgram("file", ["-b", exe]);
    expect(kind.stdout).toMatch(/^PE32 executable \(GUI\).*MS Windows.*Nullsoft Installer/);
    const listing = await runProgram("7z", ["l", "-ba", exe]);
    expect(listing.code, listing.stderr).toBe(0);
    const names = listing.stdout.split("\n").map((line) => line.trim().split(/\s+/).pop() ?? "");
    for (const file of ["index.html", "reader/reader.js", "reader/reader.css", "files/thumbs/1.jpg"]) {
      expect(
        names.some((name) => name.endsWith(`/book/${file}`)),
        file,
      ).toBe(true);
    }
    // The same book as --format html: its index.html, byte for byte.
    const index = names.find((name) => name.endsWith("/book/index.html")) as string;
    const extracted = join(workDir, "exe-extract");
    const unpacked = await runProgram("7z", ["x", "-y", `-o${extracted}`, exe, index]);
    expect(unpacked.code, unpacked.stderr).toBe(0);
    expect(await readFile(join(extracted, index), "utf8")).toBe(
      await readFile(join(workDir, "html", "FlipBook", "index.html"), "utf8"),
    );
    // The title is the executable's product name (its version resource, UTF-16).
    expect((await readFile(exe)).includes(Buffer.from("Harbour Notes", "utf16le"))).toBe(true);
  }, 180_000);

  it("refuses a window mode it does not know and a custom size without both sides", async () => {
    const mode = await cli(["publish", "project", "--format", "exe", "--out", "x.exe", "--window", "huge"]);
    expect(mode.code).toBe(64);
    expect(mode.stderr).toContain("--window must be maximized, fullscreen or custom");
    const size = await cli([
      "publish",
      "project",
      "--format",
      "exe",
      "--out",
      "x.exe",
      "--window",
      "custom",
      "--width",
      "900",
    ]);
    expect(size.code).toBe(64);
    expect(existsSync(join(workDir, "x.exe"))).toBe(false);
  });
});

describe("turnleaf publish --format app", () => {
  it("zips a macOS bundle with a valid Info.plist, an executable launcher, the icon and the book", async () => {
    const built = await cli([
      "publish",
      "project",
      "--format",
      "app",
      "--out",
      "out/Harbour.app",
      "--window",
      "fullscreen",
    ]);
    expect(built.code, built.stderr).toBe(0);
    const zipPath = join(workDir, "out", "Harbour.app.zip");
    const entries = unzipSync(new Uint8Array(await readFile(zipPath)));
    const plistXml = Buffer.from(entries["Harbour.app/Contents/Info.plist"] as Uint8Array);
    // A real plist parser (Python's plistlib) reads it.
    const parsed = await runProgram("python3", [
      "-c",
      "import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1],'rb'))))",
      await (async () => {
        const file = join(workDir, "Info.plist");
        await writeFile(file, plistXml);
        return file;
      })(),
    ]);
    expect(parsed.code, parsed.stderr).toBe(0);
    const plist = JSON.parse(parsed.stdout) as Record<string, string>;
    expect(plist).toMatchObject({
      CFBundleName: "Harbour Notes",
      CFBundleExecutable: "Harbour Notes",
      CFBundleIconFile: "icon.icns",
      CFBundlePackageType: "APPL",
      CFBundleVersion: "1.0",
    });
    expect(plist.CFBundleIdentifier).toMatch(/^com\.turnleaf\.flipbook\.b[0-9a-f]{12}$/);
    const launcher = Buffer.from(entries["Harbour.app/Contents/MacOS/Harbour Notes"] as Uint8Array).toString("utf8");
    expect(launcher).toMatch(/^#!\/bin\/sh\n/);
    expect(launcher).toContain("'--start-fullscreen'");
    expect(launcher).toContain("Resources/book");
    const shellCheck = await runProgram("sh", ["-n", "-c", launcher]);
    expect(shellCheck.code, shellCheck.stderr).toBe(0);
    const modes = await runProgram("unzip", ["-Z", zipPath, "Harbour.app/Contents/MacOS/Harbour Notes"]);
    expect(modes.stdout).toMatch(/^-rwxr-xr-x/);
    expect(
      Buffer.from(entries["Harbour.app/Contents/Resources/icon.icns"] as Uint8Array)
        .subarray(0, 4)
        .toString(),
    ).toBe("icns");
    expect(Buffer.from(entries["Harbour.app/Contents/Resources/book/index.html"] as Uint8Array).toString("utf8")).toBe(
      await readFile(join(workDir, "html", "FlipBook", "index.html"), "utf8"),
    );
    expect(entries["Harbour.app/Contents/Resources/book/reader/reader.js"]?.length).toBeGreaterThan(1000);
  }, 120_000);
});

describe("signatures (spec 001 §3–§5)", () => {
  it("creates and lists an account's signatures; none can be changed or deleted", async () => {
    const created = await cli([
      "signature",
      "create",
      "--name",
      "harbour",
      "--validity",
      "25",
      "--password",
      signaturePassword,
      "--confirm",
      signaturePassword,
      "--unit",
      "Books",
      "--organisation",
      "Harbour, Ltd",
      "--city",
      "Ningbo",
      "--state",
      "Zhejiang",
      "--country",
      "cn",
      "--json",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const signature = JSON.parse(created.stdout);
    expect(signature).toMatchObject({
      name: "harbour",
      validityYears: 25,
      countryCode: "CN",
      organisation: "Harbour, Ltd",
    });
    expect(new Date(signature.validUntil).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 25);

    const listed = await cli(["signature", "list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).signatures.map((entry: { name: string }) => entry.name)).toEqual(["harbour"]);
    expect(listed.stdout).not.toContain("keystore");

    const before = await api(cookie, "/api/signature/get-signature-keystore", {
      name: "harbour",
      password: signaturePassword,
    });
    expect(before.body.code).toBe("OK");
    // The keystore opens with the password and holds a certificate with the form's names.
    const keystoreFile = join(workDir, "harbour.p12");
    await writeFile(keystoreFile, Buffer.from(before.body.data.keystore, "base64"));
    const listing = await runProgram("keytool", [
      "-list",
      "-v",
      "-keystore",
      keystoreFile,
      "-storepass",
      signaturePassword,
    ]);
    expect(listing.code, listing.stderr).toBe(0);
    expect(listing.stdout).toMatch(/Owner: CN=harbour, OU=Books, O="?Harbour\\?, Ltd"?, L=Ningbo, ST=Zhejiang, C=CN/);

    // Creating it again (another password, other names) is refused and changes nothing.
    const again = await api(cookie, "/api/signature/create-signature", {
      name: "harbour",
      validity: "1",
      password: "another-password",
      confirm: "another-password",
      countryCode: "US",
    });
    expect(again.body.code).not.toBe("OK");
    expect(again.body.msg).toContain("exists already: signatures cannot be modified or deleted");
    const after = await api(cookie, "/api/signature/get-signature-keystore", {
      name: "harbour",
      password: signaturePassword,
    });
    expect(after.body.data.keystore).toBe(before.body.data.keystore);
    // No path modifies or deletes one.
    for (const path of ["update-signature", "delete-signature", "set-signature", "remove-signature"]) {
      const attempt = await api(cookie, `/api/signature/${path}`, { name: "harbour" });
      expect(attempt.status, path).toBe(404);
    }
    // Another account neither sees nor opens it.
    const other = await register(`native-other-${randomBytes(4).toString("hex")}@turnleaf.test`, "a good password");
    expect((await api(other, "/api/signature/get-signature-list", {})).body.data.signatures).toEqual([]);
    const stolen = await api(other, "/api/signature/get-signature-keystore", {
      name: "harbour",
      password: signaturePassword,
    });
    expect(stolen.body.msg).toBe("Signature or password error");
  }, 120_000);

  it("holds the form's rules: password length and confirmation, validity, country code", async () => {
    const short = await api(cookie, "/api/signature/create-signature", {
      name: "short",
      validity: "5",
      password: "12345",
      confirm: "12345",
      countryCode: "CN",
    });
    expect(short.body.msg).toBe("Must contain no less than 6 characters!");
    const mismatch = await api(cookie, "/api/signature/create-signature", {
      name: "mismatch",
      validity: "5",
      password: "123456",
      confirm: "123457",
      countryCode: "CN",
    });
    expect(mismatch.body.msg).toBe("The two passwords do not match");
    const validity = await api(cookie, "/api/signature/create-signature", {
      name: "validity",
      validity: "0",
      password: "123456",
      confirm: "123456",
      countryCode: "CN",
    });
    expect(validity.body.msg).toBe("The validity must be a whole number of years from 1 to 100");
    const cli6 = await cli([
      "signature",
      "create",
      "--name",
      "x",
      "--validity",
      "2",
      "--password",
      "abc",
      "--confirm",
      "abc",
      "--country",
      "CN",
    ]);
    expect(cli6.code).toBe(65);
    expect(cli6.stderr).toContain("Must contain no less than 6 characters!");
    const names = (await api(cookie, "/api/signature/get-signature-list", {})).body.data.signatures.map(
      (entry: { name: string }) => entry.name,
    );
    expect(names).toEqual(["harbour"]);
  }, 60_000);

  it("answers malformed requests on its paths below 500, in the envelope, never creating or opening one", async () => {
    const paths = ["create-signature", "get-signature-list", "get-signature-keystore"];
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", ""],
      ["application/json", "{}"],
      ["application/json", '{"name":["a"],"password":{"x":1}}'],
      ["application/json", "[1,2]"],
      ["application/json", "{"],
      ["application/x-www-form-urlencoded", `name=${"n".repeat(5000)}&password=${"p".repeat(5000)}`],
      [
        "application/x-www-form-urlencoded",
        "name=%00&validity=99999&password=123456&confirm=123456&countryCode=%F0%9F%98%80",
      ],
      ["text/plain", "name=harbour"],
    ];
    for (const path of paths) {
      for (const [type, body] of bodies) {
        // Without a cookie the local stack acts as its demo user (DEV_ACTOR_USER_ID).
        for (const session of [cookie, ""]) {
          const response = await fetch(`${services.gatewayUrl}/api/signature/${path}`, {
            method: "POST",
            headers: { "content-type": type, ...(session ? { cookie: session } : {}), "accept-language": "en" },
            body,
          });
          const label = `${path} ${type} ${body.slice(0, 40)} ${session ? "signed in" : "no session"}`;
          expect(response.status, label).toBeLessThan(500);
          const reply = (await response.json()) as { code: string; msg: string };
          expect(typeof reply.code, label).toBe("string");
          expect(reply.msg, label).not.toMatch(/\bat .+\.js:\d+/);
          if (path !== "get-signature-list") expect(reply.code, label).not.toBe("OK");
        }
      }
    }
  }, 120_000);
});

describe("turnleaf publish --format apk", () => {
  const apkArgs = (out: string, extra: string[]) => [
    "publish",
    "project",
    "--format",
    "apk",
    "--out",
    out,
    "--signature",
    "harbour",
    "--signature-password",
    signaturePassword,
    ...extra,
  ];
  const badging = async (file: string) => (await runProgram("aapt", ["dump", "badging", join(workDir, file)])).stdout;

  it("builds a signed APK with the APK info given, and an update keeps the ID and takes the next version", async () => {
    const first = await cli(
      apkArgs("out/harbour-1.apk", [
        "--app-id",
        "com.example.harbour",
        "--app-name",
        "Harbour Reader",
        "--version-name",
        "1.0",
      ]),
    );
    expect(first.code, first.stderr).toBe(0);
    const verified = await runProgram("apksigner", ["verify", "--verbose", join(workDir, "out", "harbour-1.apk")]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain("Verified using v2 scheme (APK Signature Scheme v2): true");
    const certificate = await runProgram("apksigner", [
      "verify",
      "--print-certs",
      join(workDir, "out", "harbour-1.apk"),
    ]);
    expect(certificate.stdout).toContain("CN=harbour");
    const info = await badging("out/harbour-1.apk");
    expect(info).toContain("package: name='com.example.harbour' versionCode='1' versionName='1.0'");
    expect(info).toContain("application-label:'Harbour Reader'");
    expect(info).toContain("launchable-activity: name='com.turnleaf.flipbook.BookActivity'");
    const apk = unzipSync(new Uint8Array(await readFile(join(workDir, "out", "harbour-1.apk"))));
    expect(Buffer.from(apk["assets/index.html"] as Uint8Array).toString("utf8")).toBe(
      await readFile(join(workDir, "html", "FlipBook", "index.html"), "utf8"),
    );
    const dex = Buffer.from(apk["classes.dex"] as Uint8Array);
    expect(dex.subarray(0, 4).toString("latin1")).toBe("dex\n");
    expect(dex.includes(Buffer.from("Lcom/turnleaf/flipbook/BookActivity;"))).toBe(true);
    expect(dex.includes(Buffer.from("file:///android_asset/index.html"))).toBe(true);
    // Debian's dexdump parses it (checksum, then the disassembly): the activity loads the book into a WebView.
    const dexFile = join(workDir, "classes.dex");
    await writeFile(dexFile, dex);
    expect((await runProgram("dexdump", ["-c", dexFile])).stdout).toContain("Checksum verified");
    const code = (await runProgram("dexdump", ["-d", dexFile])).stdout;
    expect(code).toContain("Superclass        : 'Landroid/app/Activity;'");
    expect(code).toMatch(
      /invoke-virtual \{v\d+, v\d+\}, Landroid\/webkit\/WebView;\.loadUrl:\(Ljava\/lang\/String;\)V/,
    );
    expect(code).toContain(".setContentView:(Landroid/view/View;)V");
    expect(apk["res/drawable/icon.png"]?.subarray(1, 4)).toEqual(new Uint8Array(Buffer.from("PNG")));

    // §5: an update with another ID, or a version number that does not rise by exactly 1, is refused.
    const otherId = await cli(apkArgs("out/harbour-2.apk", ["--app-id", "com.example.other", "--version-name", "1.1"]));
    expect(otherId.code).toBe(65);
    expect(otherId.stderr).toContain("Application ID format error");
    const skipped = await cli(apkArgs("out/harbour-2.apk", ["--version-code", "3", "--version-name", "1.1"]));
    expect(skipped.code).toBe(65);
    expect(skipped.stderr).toContain("The version number must rise by 1 from the last one (1): 2");
    const same = await cli(apkArgs("out/harbour-2.apk", ["--version-code", "1", "--version-name", "1.1"]));
    expect(same.code).toBe(65);
    expect(existsSync(join(workDir, "out", "harbour-2.apk"))).toBe(false);

    const update = await cli(apkArgs("out/harbour-2.apk", ["--version-name", "1.1"]));
    expect(update.code, update.stderr).toBe(0);
    expect(await badging("out/harbour-2.apk")).toContain(
      "package: name='com.example.harbour' versionCode='2' versionName='1.1'",
    );
    const history = JSON.parse(await readFile(join(workDir, "project", "apk-history.json"), "utf8"));
    expect(history.releases.map((release: { versionCode: number }) => release.versionCode)).toEqual([1, 2]);
  }, 300_000);

  it("refuses a wrong signature password, a bad ID and a missing version name before building", async () => {
    const wrong = await cli([
      "publish",
      "project",
      "--format",
      "apk",
      "--out",
      "out/wrong.apk",
      "--signature",
      "harbour",
      "--signature-password",
      "not-the-password",
      "--version-name",
      "9",
    ]);
    expect(wrong.code).toBe(65);
    expect(wrong.stderr).toContain("Signature or password error");
    expect(existsSync(join(workDir, "out", "wrong.apk"))).toBe(false);

    await mkdir(join(workDir, "fresh"), { recursive: true });
    const copy = await runProgram("cp", ["-r", join(workDir, "project"), join(workDir, "fresh", "project")]);
    expect(copy.code).toBe(0);
    await rm(join(workDir, "fresh", "project", "apk-history.json"));
    for (const [id, text] of [
      ["1harbour.example", "Application ID format error"],
      ["com.example-harbour", "Application ID format error"],
      ["harbour", "Application ID format error"],
    ] as const) {
      const refused = await runCli(
        join(workDir, "fresh"),
        home,
        apkArgs("bad.apk", ["--app-id", id, "--version-name", "1.0"]),
        english,
      );
      expect(refused.code, id).toBe(65);
      expect(refused.stderr, id).toContain(text);
    }
    const noName = await runCli(
      join(workDir, "fresh"),
      home,
      apkArgs("bad.apk", ["--app-id", "com.example.fresh"]),
      english,
    );
    expect(noName.code).toBe(65);
    expect(noName.stderr).toContain("The version name is required");
  }, 120_000);
});
