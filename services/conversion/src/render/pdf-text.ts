/**
 * A page's text as positioned runs (selection and search): PDFium's characters grouped into pieces of a line,
 * each with the box of its characters (loose boxes: the font's ascent to descent, so a line's runs share a
 * height), in the page's display coordinates at scale 1.
 */
import type { TextRun } from "../domain/page-content.js";
import { displayRect, type PageTransform, type Pdfium, readF32s, withScratch } from "./pdfium.js";

/** Lines run left-right ("row") or, on turned pages and in vertical writing, top-bottom ("column"). */
type Flow = "row" | "column";

interface OpenRun {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  pendingSpace: boolean;
  flow?: Flow;
}

const isLineBreak = (code: number) => code === 0x0a || code === 0x0d;
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x3000;

function close(run: OpenRun): TextRun {
  return { text: run.text, x: run.left, y: run.top, width: run.right - run.left, height: run.bottom - run.top };
}

type Rect = { x: number; y: number; width: number; height: number };

/** Is the character box next to the run along `flow`, on the same line, without a wide gap (either direction)? */
function adjacent(run: OpenRun, box: Rect, flow: Flow): boolean {
  const [start, end, crossStart, crossEnd] =
    flow === "row"
      ? ([run.left, run.right, run.top, run.bottom] as const)
      : ([run.top, run.bottom, run.left, run.right] as const);
  const [boxStart, boxLength, boxCross, boxThickness] =
    flow === "row" ? [box.x, box.width, box.y, box.height] : [box.y, box.height, box.x, box.width];
  const thickness = Math.max(crossEnd - crossStart, boxThickness, 0.1);
  if (Math.abs((crossStart + crossEnd) / 2 - (boxCross + boxThickness / 2)) > thickness * 0.5) return false;
  const gap = Math.max(boxStart - end, start - (boxStart + boxLength));
  return gap < thickness * 1.5;
}

/** The flow along which the box continues the run, or undefined when it starts a new run. */
function continues(run: OpenRun, box: Rect): Flow | undefined {
  if (run.flow) return adjacent(run, box, run.flow) ? run.flow : undefined;
  if (adjacent(run, box, "row")) return "row";
  if (adjacent(run, box, "column")) return "column";
  return undefined;
}

/** The native library's direct variant of FPDFText_GetLooseCharBox (pdfium-native.ts); absent in WebAssembly. */
type BoxInto = (textPage: number, index: number, rect: Float32Array) => number;

/** A reader of character boxes: FS_RECTF (left, top, right, bottom) into `box`, false when there is none. */
function charBoxes(pdfium: Pdfium, textPage: number, scratch: number): (index: number, box: Float32Array) => boolean {
  const into = (pdfium as unknown as { TurnleafExt_LooseCharBoxInto?: BoxInto }).TurnleafExt_LooseCharBoxInto;
  if (into) return (index, box) => into(textPage, index, box) !== 0;
  return (index, box) => {
    if (!pdfium.FPDFText_GetLooseCharBox(textPage, index, scratch)) return false;
    box.set(readF32s(pdfium, scratch, 4));
    return true;
  };
}

export function readTextRuns(pdfium: Pdfium, page: number, transform: PageTransform): TextRun[] {
  const textPage = pdfium.FPDFText_LoadPage(page);
  if (!textPage) return [];
  const runs: TextRun[] = [];
  try {
    const count = pdfium.FPDFText_CountChars(textPage);
    withScratch(pdfium, 16, (rect) => {
      const rectOf = charBoxes(pdfium, textPage, rect);
      const rectangle = new Float32Array(4);
      let run: OpenRun | undefined;
      const flush = () => {
        if (run && run.text.trim() !== "") runs.push(close(run));
        run = undefined;
      };
      for (let index = 0; index < count; index++) {
        const code = pdfium.FPDFText_GetUnicode(textPage, index);
        if (code === 0 || code === 0xfffe || code === 0xffff) continue;
        if (isLineBreak(code)) {
          flush();
          continue;
        }
        if (isSpace(code)) {
          if (run) run.pendingSpace = true;
          continue;
        }
        if (!rectOf(index, rectangle)) continue;
        // FS_RECTF: left, top, right, bottom in user space.
        const [left, top, right, bottom] = rectangle as unknown as [number, number, number, number];
        const box = displayRect(transform, left, bottom, right, top);
        const character = String.fromCodePoint(code);
        const flow = run ? continues(run, box) : undefined;
        if (run && flow) {
          run.text += run.pendingSpace ? ` ${character}` : character;
          run.pendingSpace = false;
          run.flow = flow;
          run.left = Math.min(run.left, box.x);
          run.top = Math.min(run.top, box.y);
          run.right = Math.max(run.right, box.x + box.width);
          run.bottom = Math.max(run.bottom, box.y + box.height);
          continue;
        }
        flush();
        run = {
          text: character,
          left: box.x,
          top: box.y,
          right: box.x + box.width,
          bottom: box.y + box.height,
          pendingSpace: false,
        };
      }
      flush();
    });
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
  }
  return runs;
}
