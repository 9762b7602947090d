import type { ReaderBook } from "../book.js";
import type { Layout } from "../engine/layout.js";

export interface FlipBookHandle {
  /** Turns one spread forward or back with the animation; answers false when there is nowhere to go. */
  turn(forward: boolean): boolean;
}

/** The book's fit in the viewport (viewport/use-fit.ts): its layout and the size of one page before the zoom. */
export interface FlipBookFit {
  layout: Layout;
  pageWidth: number;
  pageHeight: number;
}

export interface FlipBookProps {
  book: ReaderBook;
  fit: FlipBookFit;
  spread: number;
  zoom: number;
  reducedMotion: boolean;
  onSpreadChange(spread: number): void;
  onGoToPage(page: number): void;
  /** Opens the password form; absent under a lead form's lock. */
  onUnlock?: (() => void) | undefined;
  /** Called as each turn starts (the flip sound). */
  onTurnStart?(): void;
  /** A corner of the next page lifts now and then (the curling-corner hint). */
  curlingCorner?: boolean;
  /** Where page links to other sites open. */
  linkTarget?: string;
}
