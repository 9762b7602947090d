/**
 * The two Office bombs of issue #33 finding 3, before and after: an ODT holding a 30000×30000 PNG and a DOCX whose
 * markup inflates to 206 MB. "before" runs LibreOffice on the document as the worker did until #33 (`unshare -rn
 * soffice --convert-to pdf`, no memory limit, the 120 s time limit); "after" runs the worker's officeToPdf (the
 * package checks, then soffice in its sandbox under prlimit). Prints each run's peak memory (the resident memory
 * of the whole process group, sampled every 100 ms) and wall time.
 *
 *   npm run bench:office-bombs            (OFFICE_BOMBS_SKIP_BEFORE=1 measures only "after")
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { detectIsolation } from "../../services/conversion/src/office/sandbox.js";
import { OfficeConversionError, officeToPdf } from "../../services/conversion/src/office/soffice.js";
import { docxMarkupBomb, flatPng, odtWithPicture } from "../../tests/conversion/office-bombs.js";

const timeoutMs = 120_000;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Resident memory (KB) of every process whose group is `group`. */
function groupRss(group: number): Promise<number> {
  return new Promise((resolve) => {
    const ps = spawn("ps", ["-o", "rss=", "-g", String(group)]);
    let out = "";
    ps.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    ps.on("close", () => resolve(out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0)));
  });
}

async function before(path: string, dir: string): Promise<{ peakMb: number; seconds: number; outcome: string }> {
  const started = Date.now();
  const child = spawn(
    "unshare",
    [
      "-rn",
      "soffice",
      `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
      "--headless",
      "--norestore",
      "--convert-to",
      "pdf",
      "--outdir",
      join(dir, "pdf"),
      path,
    ],
    { detached: true, stdio: "ignore", env: { ...process.env, HOME: dir, SAL_USE_VCLPLUGIN: "svp" } },
  );
  let peak = 0;
  let timedOut = false;
  const sampler = setInterval(async () => {
    if (child.pid) peak = Math.max(peak, await groupRss(child.pid));
  }, 100);
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sampler);
  clearTimeout(timer);
  return {
    peakMb: Math.round(peak / 1024),
    seconds: (Date.now() - started) / 1000,
    outcome: timedOut ? "killed at the time limit" : `exit ${code}`,
  };
}

async function after(path: string, extension: "odt" | "docx", dir: string) {
  const started = Date.now();
  const isolation = detectIsolation();
  let peak = 0;
  // officeToPdf starts its own process group; the peak is sampled over every soffice.bin of this bench.
  const sampler = setInterval(async () => {
    const ps = spawn("sh", ["-c", "ps -C soffice.bin -o rss= || true"]);
    let out = "";
    ps.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    ps.on("close", () => {
      peak = Math.max(
        peak,
        out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0),
      );
    });
  }, 100);
  let outcome: string;
  try {
    await officeToPdf(path, extension, dir, { soffice: "soffice", timeoutMs, isolation });
    outcome = "converted";
  } catch (error) {
    outcome =
      error instanceof OfficeConversionError
        ? `${error.reason}${error.refusal ? ` (${error.refusal.kind})` : ""}`
        : String(error);
  }
  clearInterval(sampler);
  return { peakMb: Math.round(peak / 1024), seconds: (Date.now() - started) / 1000, outcome, isolation };
}

const bombs = [
  {
    name: "ODT with a 30000×30000 PNG",
    extension: "odt" as const,
    bytes: () => odtWithPicture("Pictures/big.png", { "Pictures/big.png": flatPng(30000, 30000) }),
  },
  { name: "DOCX inflating to 206 MB", extension: "docx" as const, bytes: () => docxMarkupBomb(206) },
];

for (const bomb of bombs) {
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-office-bomb-"));
  try {
    const bytes = bomb.bytes();
    const path = join(dir, `bomb.${bomb.extension}`);
    await writeFile(path, bytes);
    out(`${bomb.name}: ${Math.round(bytes.length / 1024)} KB`);
    if (!process.env.OFFICE_BOMBS_SKIP_BEFORE) {
      out(`  before: ${JSON.stringify(await before(path, join(dir, "before")))}`);
    }
    out(`  after:  ${JSON.stringify(await after(path, bomb.extension, join(dir, "after")))}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
