/**
 * OCR of a page image with tesseract (Debian's package, Chinese and English models): the image goes in on
 * stdin, word boxes come back as TSV and are grouped into lines. At most `concurrency` tesseract processes at a
 * time per replica, each on one thread at the lowest CPU priority (nice 19), so OCR takes only the cores the
 * renderer leaves free.
 */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";

export interface OcrSettings {
  /** The tesseract executable. */
  tesseract: string;
  /** tesseract -l, e.g. "chi_sim+eng". */
  languages: string;
  timeoutMs: number;
  /** tesseract processes at once in this replica (default 1). */
  concurrency?: number;
  /** tesseract --psm: 3 (automatic page segmentation, which finds columns) by default. */
  pageSegmentation?: number;
  /** Resolution PDF pages are drawn at for reading (default 300). */
  dpi?: number;
  /** A book's OCR time budget from the moment it is ready (default 15 min); later pages keep no text. */
  bookBudgetMs?: number;
  /** Pages OCR reads at most in one book (default 1000). */
  maxPagesPerBook?: number;
}

/** A recognised line in pixels of the image it was read from. */
export interface OcrLine {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export class OcrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OcrError";
  }
}

const cjk = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Words of one line joined: a space between words, none between two CJK characters. */
function joinWords(words: string[]): string {
  let line = "";
  for (const word of words) {
    if (line === "") line = word;
    else if (cjk.test(line.at(-1) ?? "") && cjk.test(word[0] ?? "")) line += word;
    else line += ` ${word}`;
  }
  return line;
}

/** tesseract's TSV (level 5 rows are words) as lines with their bounding boxes. */
export function linesFromTsv(tsv: string, minConfidence = 30): OcrLine[] {
  const lines = new Map<string, { words: string[]; left: number; top: number; right: number; bottom: number }>();
  for (const row of tsv.split("\n").slice(1)) {
    const cells = row.split("\t");
    if (cells.length < 12 || cells[0] !== "5") continue;
    const text = (cells.slice(11).join("\t") ?? "").trim();
    const confidence = Number(cells[10]);
    if (text === "" || !(confidence >= minConfidence)) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [number, number, number, number];
    const key = cells.slice(1, 5).join(":");
    const line = lines.get(key);
    if (!line) lines.set(key, { words: [text], left, top, right: left + width, bottom: top + height });
    else {
      line.words.push(text);
      line.left = Math.min(line.left, left);
      line.top = Math.min(line.top, top);
      line.right = Math.max(line.right, left + width);
      line.bottom = Math.max(line.bottom, top + height);
    }
  }
  return [...lines.values()].map((line) => ({
    text: joinWords(line.words),
    left: line.left,
    top: line.top,
    width: line.right - line.left,
    height: line.bottom - line.top,
  }));
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than `concurrency` tesseract processes run in this replica. */
async function inTurn<T>(settings: OcrSettings, work: () => Promise<T>): Promise<T> {
  const limit = Math.max(1, settings.concurrency ?? 1);
  while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Reads the text of an image (PNG, JPEG, ...): its lines with boxes in the image's pixels. */
export async function recognise(
  image: Buffer,
  settings: OcrSettings,
  languages = settings.languages,
): Promise<OcrLine[]> {
  const psm = String(settings.pageSegmentation ?? 3);
  const tsv = await inTurn(settings, () => runTesseract(image, settings, ["-l", languages, "--psm", psm, "tsv"]));
  return linesFromTsv(tsv);
}

const chineseCharacters = /[\u3400-\u4dbf\u4e00-\u9fff]/g;
const latinLetters = /[A-Za-z]/g;

/**
 * The models for a book's pages: every configured one (chi_sim+eng) until a page read with them shows the book's
 * script; once one holds at least 200 letters and almost no Chinese (under 2 %), the next pages are read without
 * chi_sim (leading, it splits English words into Chinese look-alikes). tesseract's own script detection (--psm 0)
 * was no help: it called 150- and 300-dpi Chinese scans Latin.
 */
export class BookLanguages {
  private decided: string | undefined;
  constructor(private readonly all: string) {}

  get current(): string {
    return this.decided ?? this.all;
  }

  learn(lines: OcrLine[]): void {
    if (this.decided !== undefined) return;
    const text = lines.map((line) => line.text).join("");
    const chinese = text.match(chineseCharacters)?.length ?? 0;
    const letters = text.match(latinLetters)?.length ?? 0;
    if (chinese + letters < 200) return;
    const others = this.all.split("+").filter((model) => model !== "chi_sim");
    this.decided = chinese < (chinese + letters) * 0.02 && others.length > 0 ? others.join("+") : this.all;
  }
}

function runTesseract(image: Buffer, settings: OcrSettings, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(settings.tesseract, ["stdin", "stdout", ...args], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", OMP_THREAD_LIMIT: "1", LANG: "C.UTF-8" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    // The lowest priority: renders (page 1 of the next book) always come first.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Gone already (it failed to start): its close event says why.
      }
    }
    const out: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 4_096) errors += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), settings.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new OcrError(`tesseract could not start: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (signal) return reject(new OcrError(`tesseract stopped (${signal}) after ${settings.timeoutMs} ms or less`));
      if (code !== 0) return reject(new OcrError(`tesseract failed (${code}): ${errors.trim().split("\n").at(-1)}`));
      resolve(Buffer.concat(out).toString("utf8"));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(image);
  });
}
