/**
 * OCR of a rendered page with tesseract (Debian's package, Chinese and English models): the image goes in on
 * stdin, word boxes come back as TSV and are grouped into lines. One tesseract process at a time per replica,
 * each on one thread, so OCR never takes the cores the renderer needs for page 1 of another book.
 */
import { spawn } from "node:child_process";

export interface OcrSettings {
  /** The tesseract executable. */
  tesseract: string;
  /** tesseract -l, e.g. "chi_sim+eng". */
  languages: string;
  timeoutMs: number;
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

let queue: Promise<unknown> = Promise.resolve();

/** Reads the text of an image (PNG, JPEG, ...): its lines with boxes in the image's pixels. */
export function recognise(image: Buffer, settings: OcrSettings): Promise<OcrLine[]> {
  const next = queue.then(() => runTesseract(image, settings));
  queue = next.catch(() => undefined);
  return next;
}

function runTesseract(image: Buffer, settings: OcrSettings): Promise<OcrLine[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(settings.tesseract, ["stdin", "stdout", "-l", settings.languages, "--psm", "3", "tsv"], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", OMP_THREAD_LIMIT: "1", LANG: "C.UTF-8" },
      stdio: ["pipe", "pipe", "pipe"],
    });
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
      resolve(linesFromTsv(Buffer.concat(out).toString("utf8")));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(image);
  });
}
