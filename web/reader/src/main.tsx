import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadBook, type ReaderBook, readLocation, readyBook } from "./book.js";
import { labelsFor } from "./language/labels.js";
import { Reader } from "./Reader.js";
import "./styles.css";

const where = readLocation(window.location);
const labels = labelsFor(where.lang || document.documentElement.lang || "zh");
const container = document.getElementById("root");
if (!container) throw new Error("the reader page has no #root");
const root = createRoot(container);

/** The gateway puts the book into the page, saving a round trip before the first picture; otherwise fetch it. */
function inlineBook(): Promise<ReaderBook> | undefined {
  const element = document.getElementById("turnleaf-book");
  if (!element?.textContent) return undefined;
  const book = JSON.parse(element.textContent) as ReaderBook;
  return Promise.resolve(readyBook(book));
}

(inlineBook() ?? loadBook(where.bookUrl)).then(
  (book) => {
    document.title = book.title;
    root.render(
      <StrictMode>
        <Reader initialBook={book} where={where} labels={labels} />
      </StrictMode>,
    );
  },
  () => {
    root.render(<p className="tl-message">{labels.failed}</p>);
  },
);
