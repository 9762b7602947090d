/**
 * The cheap look before OCR: could this page image hold words? Text is dark strokes, a few pixels wide, on a
 * flat paper background; a photo is continuous tones. On a small grey copy of the page (about 1000 px, a few ms)
 * it counts the pixels at the paper's level and the strokes: runs of ink between two stretches of paper, at most
 * `maxStroke` pixels from paper to paper. Light text on a dark page is looked at the same way, inverted. A page
 * that fails is not given to tesseract (which takes seconds a page): photos without words cost nothing.
 */

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface WordEvidence {
  /** Share of pixels at the paper's level (within 40 of the 95th percentile). */
  paperShare: number;
  /** Ink strokes between paper, over every row. */
  strokes: number;
}

/** The longest side the check looks at (the caller shrinks the page to it). */
export const presenceSide = 1000;
const maxStroke = 12;
const minPaperShare = 0.3;
const minStrokes = 60;

function evidence(image: GreyImage, inverted: boolean): WordEvidence {
  const { data, width, height } = image;
  const histogram = new Uint32Array(256);
  for (const value of data)
    histogram[inverted ? 255 - value : value] = (histogram[inverted ? 255 - value : value] ?? 0) + 1;
  let paper = 255;
  for (let seen = 0, level = 0; level < 256; level++) {
    seen += histogram[level] ?? 0;
    if (seen >= data.length * 0.95) {
      paper = level;
      break;
    }
  }
  const paperLow = paper - 40;
  const inkHigh = paper - 90;
  if (inkHigh < 0) return { paperShare: 0, strokes: 0 };
  let paperPixels = 0;
  let strokes = 0;
  for (let y = 0; y < height; y++) {
    let lastPaper = Number.NEGATIVE_INFINITY;
    let sawInk = false;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const raw = data[row + x] as number;
      const value = inverted ? 255 - raw : raw;
      if (value >= paperLow) {
        paperPixels++;
        if (sawInk && x - lastPaper - 1 <= maxStroke) strokes++;
        sawInk = false;
        lastPaper = x;
      } else if (value <= inkHigh) sawInk = true;
    }
  }
  return { paperShare: paperPixels / Math.max(1, data.length), strokes };
}

/** The evidence of dark text on light paper, or of light text on a dark page when that is stronger. */
export function wordEvidence(image: GreyImage): WordEvidence {
  const dark = evidence(image, false);
  if (dark.paperShare >= minPaperShare && dark.strokes >= minStrokes) return dark;
  const light = evidence(image, true);
  return light.paperShare >= minPaperShare && light.strokes > dark.strokes ? light : dark;
}

/** Whether the page may hold words (then OCR reads it). */
export function mayHoldWords(image: GreyImage): boolean {
  const found = wordEvidence(image);
  return found.paperShare >= minPaperShare && found.strokes >= minStrokes;
}
