import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiError, type BookInfo, type Bookmark, type CatalogNode, call, type Privacy } from "./api.js";
import { type BookField, bookFieldKey, bookFieldLimits, labelOptions } from "./basic-info.js";
import type { Labels } from "./labels.js";
import { saveAtRevision } from "./revision-save.js";
import type { Notify } from "./types.js";

const messageOf = (error: unknown, labels: Labels) => {
  if (!(error instanceof Error)) return labels.saveError;
  const data = error instanceof ApiError ? (error.data as { errors?: { path?: string; message: string }[] }) : null;
  const details = data?.errors;
  // A coded message is already the whole text in the interface language; its English details would only repeat it.
  if (!details?.length || (data as { messageKey?: string }).messageKey) return error.message;
  return `${error.message}: ${details.map((detail) => (detail.path ? `${detail.path} ${detail.message}` : detail.message)).join("; ")}`;
};

/** A text committed when it loses focus or Enter is pressed, so one edit is one change (spec 000 §4). */
function CommitField({
  label,
  value,
  maxLength,
  multiline,
  digits,
  disabled,
  required,
  onCommit,
}: {
  label: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  /** Digits only (the category number): other characters are not taken. */
  digits?: boolean;
  disabled?: boolean;
  /** The message when the field is left empty (it goes back to the saved text). */
  required?: () => void;
  onCommit: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (required && !text.trim()) {
      required();
      setText(value);
    } else if (text !== value) onCommit(text);
  };
  const common = {
    maxLength,
    value: text,
    disabled,
    onBlur: commit,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(digits ? event.target.value.replace(/[^0-9]/g, "") : event.target.value),
  };
  // The label is beside the control, not around it: a textarea inside would lend its text to the label's.
  return (
    <div className="field">
      <span>
        <label htmlFor={id}>{label}</label>
      </span>
      {multiline ? (
        <textarea id={id} rows={4} {...common} />
      ) : (
        <input
          id={id}
          {...common}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
        />
      )}
    </div>
  );
}

/**
 * The basic tab's book fields: title, description, keywords and label, each a change of the editor's document
 * (saved by update-book's own fields, one undo step each).
 */
export function BasicPanel({
  doc,
  labels,
  notify,
  onChange,
}: {
  doc: Record<string, unknown>;
  labels: Labels;
  notify: Notify;
  onChange: (key: string, value: string) => void;
}) {
  const labelId = useId();
  const text = (field: BookField) => String(doc[bookFieldKey(field)] ?? "");
  return (
    <section className="panel" aria-label={labels.bookTitle} data-testid="book-fields">
      <CommitField
        label={labels.bookTitle}
        value={text("title")}
        maxLength={bookFieldLimits.title}
        required={() => notify(labels.titleRequired, "error")}
        onCommit={(value) => onChange(bookFieldKey("title"), value)}
      />
      <CommitField
        label={labels.description}
        value={text("desc")}
        maxLength={bookFieldLimits.desc}
        multiline
        onCommit={(value) => onChange(bookFieldKey("desc"), value)}
      />
      <CommitField
        label={labels.keywords}
        value={text("keyword")}
        maxLength={bookFieldLimits.keyword}
        onCommit={(value) => onChange(bookFieldKey("keyword"), value)}
      />
      <CommitField
        label={labels.category}
        value={text("categoryId")}
        maxLength={bookFieldLimits.categoryId}
        digits
        onCommit={(value) => onChange(bookFieldKey("categoryId"), value)}
      />
      <div className="field">
        <span>
          <label htmlFor={labelId}>{labels.bookLabel}</label>
        </span>
        <select
          id={labelId}
          value={text("label") || "0"}
          onChange={(event) => onChange(bookFieldKey("label"), event.target.value)}
        >
          {labelOptions(labels).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

type Path = number[];

function updateAt(nodes: CatalogNode[], path: Path, change: (node: CatalogNode) => CatalogNode | null): CatalogNode[] {
  const [head, ...rest] = path;
  const result: CatalogNode[] = [];
  for (const [index, node] of nodes.entries()) {
    if (index !== head) result.push(node);
    else if (rest.length === 0) {
      const changed = change(node);
      if (changed) result.push(changed);
    } else result.push({ ...node, children: updateAt(node.children, rest, change) });
  }
  return result;
}

export function CatalogPanel({
  book,
  labels,
  notify,
  teamId = "0",
  onSaved,
}: {
  book: BookInfo;
  labels: Labels;
  notify: Notify;
  /** The team the editor acts in (?tid): the server judges the save as its member's. */
  teamId?: string;
  onSaved: (catalog: CatalogNode[]) => void;
}) {
  const [tree, setTree] = useState<CatalogNode[]>(book.catalog);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The stored tree the edit started from and its revision (sent with the save; a newer one is re-applied on). */
  const stored = useRef({ base: book.catalog, revision: book.catalogRevision });

  const edit = (next: CatalogNode[]) => {
    setTree(next);
    setDirty(true);
  };
  const lastPage = (nodes: CatalogNode[]) => nodes.at(-1)?.page ?? 0;

  const save = async () => {
    setBusy(true);
    try {
      type Saved = { catalog: CatalogNode[]; revision?: number };
      const { reply } = await saveAtRevision({
        ...stored.current,
        mine: tree,
        send: (catalog, revision) =>
          call<Saved>("/api/book/save-book-catalog", {
            bookId: book.bookId,
            teamId,
            catalog: JSON.stringify(catalog),
            revision,
          }),
        reload: async () => {
          const current = await call<Saved>("/api/book/get-book-catalog", { bookId: book.bookId });
          return { value: current.catalog, revision: current.revision ?? 0 };
        },
      });
      stored.current = { base: reply.catalog, revision: reply.revision };
      setTree(reply.catalog);
      setDirty(false);
      notify(labels.catalogSaved);
      onSaved(reply.catalog);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const renderNodes = (nodes: CatalogNode[], parent: Path): React.ReactNode => (
    <ol className="tree">
      {nodes.map((node, index) => {
        const path = [...parent, index];
        const name = path.map((part) => part + 1).join(".");
        return (
          // New entries have no id until the server gives one: their place in the tree stands in.
          <li key={node.id ?? `new-${name}`}>
            <div className="tree-row">
              <span className="tree-number">{name}</span>
              <input
                aria-label={`${labels.entryTitle} ${name}`}
                value={node.title}
                onChange={(event) => edit(updateAt(tree, path, (entry) => ({ ...entry, title: event.target.value })))}
              />
              <input
                type="number"
                min={1}
                className="page-input"
                aria-label={`${labels.page} ${name}`}
                value={node.page}
                onChange={(event) =>
                  edit(updateAt(tree, path, (entry) => ({ ...entry, page: Number(event.target.value) || 1 })))
                }
              />
              {path.length < 5 ? (
                <button
                  type="button"
                  className="icon"
                  title={labels.addChild}
                  aria-label={`${labels.addChild} ${name}`}
                  onClick={() =>
                    edit(
                      updateAt(tree, path, (entry) => ({
                        ...entry,
                        children: [...entry.children, { title: "", page: entry.page, children: [] }],
                      })),
                    )
                  }
                >
                  ＋
                </button>
              ) : null}
              <button
                type="button"
                className="icon"
                title={labels.delete}
                aria-label={`${labels.delete} ${name}`}
                onClick={() => edit(updateAt(tree, path, () => null))}
              >
                ×
              </button>
            </div>
            {/* The entry's link (spec 001 link kinds): its page, or a URL typed under it. */}
            <div className="tree-link">
              <select
                aria-label={`${labels.tocLink} ${name}`}
                value={node.url ? "url" : "page"}
                onChange={(event) =>
                  edit(
                    updateAt(tree, path, (entry) => ({
                      ...entry,
                      // A URL link starts as the scheme to complete; the page link clears it.
                      url: event.target.value === "url" ? entry.url || "https://" : "",
                    })),
                  )
                }
              >
                <option value="page">{labels.tocLinkPage}</option>
                <option value="url">{labels.tocLinkUrl}</option>
              </select>
              {node.url ? (
                <input
                  type="url"
                  className="url-input"
                  aria-label={`${labels.tocUrl} ${name}`}
                  value={node.url}
                  maxLength={2000}
                  onChange={(event) => edit(updateAt(tree, path, (entry) => ({ ...entry, url: event.target.value })))}
                />
              ) : null}
            </div>
            {node.children.length > 0 ? renderNodes(node.children, path) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <div className="panel">
      {tree.length === 0 ? <p className="note">{labels.catalogEmpty}</p> : renderNodes(tree, [])}
      <div className="actions">
        <button
          type="button"
          onClick={() => edit([...tree, { title: "", page: Math.max(1, lastPage(tree) + 1), children: [] }])}
        >
          {labels.addEntry}
        </button>
        <button type="button" className="primary" disabled={!dirty || busy} onClick={() => void save()}>
          {labels.save}
        </button>
      </div>
    </div>
  );
}

/** A colour as the colour input takes it (#rrggbb); #rgb widened, anything else the fallback. */
function longHex(value: string | undefined, fallback: string): string {
  const text = (value ?? "").trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  if (/^white$/i.test(text)) return "#ffffff";
  return fallback;
}

export function BookmarksPanel({
  book,
  labels,
  notify,
  teamId = "0",
  onSaved,
}: {
  book: BookInfo;
  labels: Labels;
  notify: Notify;
  /** The team the editor acts in (?tid). */
  teamId?: string;
  onSaved: (bookmarks: Bookmark[]) => void;
}) {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>(book.bookmarks);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The stored tabs the edit started from and their revision (sent with a save; a newer one is re-applied on). */
  const stored = useRef({ base: book.bookmarks, revision: book.bookmarksRevision });
  type Saved = { bookmarks: Bookmark[]; revision?: number };

  const done = ({ bookmarks: saved, revision }: Saved) => {
    stored.current = { base: saved, revision };
    setBookmarks(saved);
    setDirty(false);
    onSaved(saved);
  };

  const add = async () => {
    setBusy(true);
    try {
      // The server applies the add rules: page = last + 1, a unique random colour or the shared one.
      const reply = await call<Saved>("/api/book/add-book-bookmark", {
        bookId: book.bookId,
        teamId,
      });
      done(reply);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const save = async (list: Bookmark[]) => {
    setBusy(true);
    try {
      const { reply } = await saveAtRevision({
        ...stored.current,
        mine: list,
        send: (value, revision) =>
          call<Saved>("/api/book/save-book-bookmark", {
            bookId: book.bookId,
            teamId,
            bookmarks: JSON.stringify(value),
            revision,
          }),
        reload: async () => {
          const current = await call<Saved>("/api/book/get-book-bookmark", { bookId: book.bookId });
          return { value: current.bookmarks, revision: current.revision ?? 0 };
        },
      });
      done(reply);
      notify(labels.bookmarkSaved);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const edit = (index: number, change: Partial<Bookmark>) => {
    setBookmarks(bookmarks.map((bookmark, at) => (at === index ? { ...bookmark, ...change } : bookmark)));
    setDirty(true);
  };

  return (
    <div className="panel">
      {bookmarks.length === 0 ? <p className="note">{labels.bookmarksEmpty}</p> : null}
      <ul className="bookmarks" aria-label={labels.tabBookmarks}>
        {bookmarks.map((bookmark, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: bookmarks are identified by their place
          <li key={index} className="bookmark">
            <span className="swatch" style={{ background: bookmark.colour, color: bookmark.fontColour }}>
              {index + 1}
            </span>
            <input
              aria-label={`${labels.bookmarkCaption} ${index + 1}`}
              value={bookmark.caption}
              onChange={(event) => edit(index, { caption: event.target.value })}
            />
            <input
              type="number"
              min={1}
              className="page-input"
              aria-label={`${labels.page} ${index + 1}`}
              value={bookmark.page}
              onChange={(event) => edit(index, { page: Number(event.target.value) || 1 })}
            />
            {/* Spec 001 "Bookmark": background colour and text (font) colour are the owner's to choose. */}
            <input
              type="color"
              aria-label={`${labels.bookmarkColour} ${index + 1}`}
              value={longHex(bookmark.colour, "#1e90ff")}
              onChange={(event) => edit(index, { colour: event.target.value })}
            />
            <input
              type="color"
              aria-label={`${labels.bookmarkFontColour} ${index + 1}`}
              value={longHex(bookmark.fontColour, "#ffffff")}
              onChange={(event) => edit(index, { fontColour: event.target.value })}
            />
            <button
              type="button"
              className="icon"
              aria-label={`${labels.delete} ${index + 1}`}
              title={labels.delete}
              disabled={busy}
              onClick={() => void save(bookmarks.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void add()}>
          {labels.addBookmark}
        </button>
        <button type="button" className="primary" disabled={!dirty || busy} onClick={() => void save(bookmarks)}>
          {labels.save}
        </button>
      </div>
    </div>
  );
}

/** The book service's minimum for a new reader password (services/book/src/domain/book-privacy.ts). */
const minPasswordLength = 6;

export function PasswordPanel({
  book,
  labels,
  notify,
  onSaved,
}: {
  book: BookInfo;
  labels: Labels;
  notify: Notify;
  onSaved: () => void;
}) {
  const [privacy, setPrivacy] = useState<Privacy | null>(null);
  // The stored settings the panel opened: the base a save after SAVE_CONFLICT re-applies the change from.
  const [opened, setOpened] = useState<Privacy | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const show = useCallback((stored: Privacy) => {
    setPrivacy(stored);
    setOpened(stored);
  }, []);

  useEffect(() => {
    let live = true;
    call<Privacy>("/api/book/get-book-privacy", { bookId: book.bookId }).then(
      (loaded) => live && show(loaded),
      (error: unknown) => live && notify(messageOf(error, labels), "error"),
    );
    return () => {
      live = false;
    };
  }, [book.bookId, labels, notify, show]);

  if (!privacy || !opened) return <p className="note">{labels.loading}</p>;

  const save = async () => {
    // The server refuses a new password under 6 characters too (it is what makes guessing slow); say so first.
    if (privacy.access === "password" && password !== "" && password.length < minPasswordLength) {
      notify(labels.passwordMinLength, "error");
      return;
    }
    setBusy(true);
    try {
      const edited = (value: Privacy) => ({ access: value.access, hint: value.hint, fromPage: value.fromPage || 1 });
      const { reply: saved } = await saveAtRevision({
        base: edited(opened),
        mine: edited(privacy),
        revision: opened.revision,
        reload: async () => {
          const stored = await call<Privacy>("/api/book/get-book-privacy", { bookId: book.bookId });
          return { value: edited(stored), revision: stored.revision };
        },
        send: (value, revision) =>
          call<Privacy>("/api/book/set-book-privacy", {
            bookId: book.bookId,
            ...value,
            mode: "single",
            password,
            revision: revision ?? 0,
          }),
      });
      show(saved);
      setPassword("");
      notify(labels.privacySaved);
      onSaved();
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const accessChoices: [Privacy["access"], string][] = [
    ["public", labels.accessPublic],
    ["password", labels.accessPassword],
    ["private", labels.accessPrivate],
  ];
  return (
    <div className="panel">
      <fieldset className="choices">
        {accessChoices.map(([access, label]) => (
          <label key={access}>
            <input
              type="radio"
              name="access"
              checked={privacy.access === access}
              onChange={() => setPrivacy({ ...privacy, access })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {privacy.access === "password" ? (
        <>
          <label className="field">
            <span>{labels.password}</span>
            <input
              type="password"
              autoComplete="new-password"
              minLength={minPasswordLength}
              maxLength={64}
              placeholder={privacy.hasPassword ? labels.passwordKeep : labels.passwordMinLength}
              aria-describedby="password-min-length"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <small id="password-min-length" className="note">
              {labels.passwordMinLength}
            </small>
          </label>
          <label className="field">
            <span>{labels.hint}</span>
            <input
              maxLength={200}
              value={privacy.hint}
              onChange={(event) => setPrivacy({ ...privacy, hint: event.target.value })}
            />
          </label>
          <label className="field">
            <span>{labels.fromPage}</span>
            <input
              type="number"
              min={1}
              value={privacy.fromPage || 1}
              onChange={(event) => setPrivacy({ ...privacy, fromPage: Number(event.target.value) || 1 })}
            />
          </label>
        </>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
          {labels.save}
        </button>
      </div>
    </div>
  );
}
