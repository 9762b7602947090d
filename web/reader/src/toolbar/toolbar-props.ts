import type { BookLanguage, ReaderBook } from "../book.js";
import type { OpenDialog, Panel } from "../dialogs/open-dialog.js";
import type { Navigation } from "../navigation/use-navigation.js";
import type { Zoom } from "../zoom/use-zoom.js";

/** A toggle of the reader: its state and its setter. */
export type Toggle = [boolean, (on: boolean) => void];

/** What the toolbar draws from: the book, the reader's state and what its tools do (its labels: useLabels). */
export interface ToolbarProps {
  book: ReaderBook;
  narrow: boolean;
  navigation: Navigation;
  atStart: boolean;
  atEnd: boolean;
  /** The current page's caption (its number unless the book captions it). */
  pageText: string;
  zoom: Zoom;
  panel: Panel | null;
  togglePanel(panel: Panel): void;
  openDialog(kind: OpenDialog["kind"]): void;
  playing: Toggle;
  muting: Toggle;
  hasSound: boolean;
  magnifying: Toggle;
  annotations: Toggle;
  shareSubject: { url: string; title: string; image: string | undefined };
  phoneNumbers: { label: string; number: string }[];
  languages: BookLanguage[];
  lang: string;
  chooseLanguage(code: string): void;
}
