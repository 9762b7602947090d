/**
 * Office documents (PPT, PPTX, PPS, PPSX, ODP, DOC, DOCX, ODT) to PDF with LibreOffice in headless mode
 * (`soffice --headless --convert-to pdf`). Each conversion gets its own profile folder (concurrent jobs never
 * share or lock one), a time limit (the whole process group is killed), a memory limit, and LibreOffice sees only
 * the document: a bubblewrap sandbox with no network and no worker files where the kernel allows one (sandbox.ts),
 * and its profile sends every request to a proxy that does not exist otherwise. A password-protected document is
 * refused before LibreOffice sees it; an OOXML/ODF package is checked (external references, pictures, EPS,
 * inflated size) and LibreOffice converts the checked copy (package-check.ts).
 */
import { spawn } from "node:child_process";
import { mkdir, open, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isEncryptedOffice, type OfficeExtension, officeContainer } from "./office-document.js";
import type { PackageRefusal } from "./package-check.js";
import { isolatedCommand, type OfficeIsolation } from "./sandbox.js";

export interface OfficeSettings {
  /** The soffice executable. */
  soffice: string;
  timeoutMs: number;
  /** bubblewrap sandbox, `unshare -rn` (network only) or none: detectIsolation() answers what the machine allows. */
  isolation: OfficeIsolation;
  /** Address space each LibreOffice process may take (MB); default 1024. */
  memoryMb?: number;
}

export type OfficeFailure = "damaged" | "protected" | "timeout" | "unavailable" | "refused";

export class OfficeConversionError extends Error {
  constructor(
    readonly reason: OfficeFailure,
    detail: string,
    /** Why the package checks refused the document (reason "refused"). */
    readonly refusal?: PackageRefusal,
  ) {
    super(detail);
    this.name = "OfficeConversionError";
  }
}

/** Address space of each LibreOffice process unless the settings say otherwise (a 1,000-page document fits). */
const defaultMemoryMb = 1024;

/** Encrypted-document detection reads at most this much (the OLE2 directory of a big file sits anywhere). */
const encryptionScanBytes = 256 * 1024 * 1024;

async function head(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const size = Math.min(bytes, (await file.stat()).size);
    const buffer = Buffer.alloc(size);
    await file.read(buffer, 0, size, 0);
    return buffer;
  } finally {
    await file.close();
  }
}

/** Manual proxy on a closed port for every scheme, no update checks: nothing leaves the machine. */
const offlineProfile = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments"><prop oor:name="AutoCheckEnabled" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      if (output.length < 8_192) output += chunk.toString();
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: soffice.bin and any helper it started.
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/**
 * Converts the document at `input` (a downloaded source without a name of its own) into a PDF inside `workDir`
 * and answers the PDF's path. Throws OfficeConversionError: protected, damaged (LibreOffice made no PDF),
 * timeout, unavailable (soffice is not installed).
 */
export async function officeToPdf(
  input: string,
  extension: OfficeExtension,
  workDir: string,
  settings: OfficeSettings,
): Promise<string> {
  const bytes = await head(input, encryptionScanBytes);
  if (isEncryptedOffice(bytes)) throw new OfficeConversionError("protected", "the document is password-protected");
  const container = officeContainer(bytes);
  if (container === "unknown") throw new OfficeConversionError("damaged", "not an Office document");

  const profile = join(workDir, "profile");
  const out = join(workDir, "pdf");
  await mkdir(join(profile, "user"), { recursive: true });
  await mkdir(out, { recursive: true });
  await writeFile(join(profile, "user", "registrymodifications.xcu"), offlineProfile);
  const document = join(workDir, `document.${extension}`);
  // The checks (fflate, cfb) load with the first Office document, not at a replica's start.
  const checked =
    container === "zip"
      ? await (await import("./package-check.js")).checkOfficePackage(input, document)
      : await (await import("./ole-check.js")).checkOleDocument(input, extension, document);
  if (!checked.ok) {
    throw new OfficeConversionError("refused", `the document was refused: ${checked.refusal.kind}`, checked.refusal);
  }

  const sofficeArgs = [
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    "--headless",
    "--invisible",
    "--norestore",
    "--nolockcheck",
    "--nodefault",
    "--nologo",
    "--convert-to",
    "pdf",
    "--outdir",
    out,
    document,
  ];
  const offline = "http://127.0.0.1:9";
  const env = {
    PATH: settings.isolation === "sandbox" ? "/usr/bin:/bin" : (process.env.PATH ?? "/usr/bin:/bin"),
    HOME: workDir,
    TMPDIR: workDir,
    LANG: "C.UTF-8",
    http_proxy: offline,
    https_proxy: offline,
    HTTP_PROXY: offline,
    HTTPS_PROXY: offline,
    no_proxy: "",
    SAL_USE_VCLPLUGIN: "svp",
  };
  const [command, args] = isolatedCommand(
    settings.isolation,
    workDir,
    settings.memoryMb ?? defaultMemoryMb,
    settings.soffice,
    sofficeArgs,
    env,
  );
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(command, args, { cwd: workDir, timeoutMs: settings.timeoutMs, env });
  } catch (error) {
    throw new OfficeConversionError("unavailable", `LibreOffice could not start: ${(error as Error).message}`);
  }
  if (result.timedOut) {
    throw new OfficeConversionError(
      "timeout",
      `LibreOffice took longer than ${Math.round(settings.timeoutMs / 1000)} s`,
    );
  }
  const made = (await readdir(out)).find((name) => name.endsWith(".pdf"));
  if (!made || (await stat(join(out, made))).size === 0) {
    const detail = result.output.trim().split("\n").at(-1) ?? "";
    throw new OfficeConversionError("damaged", detail || `LibreOffice exited with code ${result.code}`);
  }
  return join(out, made);
}
