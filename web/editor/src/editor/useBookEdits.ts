import type { PresetEntry } from "@turnleaf/resource-files";
import { type RefObject, useRef } from "react";
import { recordedDesign } from "../design/resources.js";
import { useScreenServices } from "../screen-services.js";
import { changeRefusal } from "../setting-check.js";
import { findPreset, type PresetKind, presetValues } from "../settings/catalogue.js";
import { changes, current, type Doc, isFirst, isLast, record, redo, undo } from "./history.js";
import type { createSaveFlow } from "./save-flow.js";
import type { EditingContext } from "./useBookDocument.js";

/** The ways the screen changes the document: each one step of the undo stack and one save. */
export interface BookEdits {
  /** One step of the undo stack and one server update for a change of one or more keys. */
  changeMany: (values: Doc, stepKey: string) => boolean;
  change: (key: string, value: unknown) => boolean;
  /** Undo or redo (false at either end or while read-only). */
  step: (direction: "undo" | "redo") => boolean;
  /** Applies a template, theme or scene (spec 000 §2 design tab): its values as one change and one undo step. */
  applyDesign: (kind: PresetKind, name: string) => boolean;
  /** The catalogue's templates, themes or scenes. */
  presetsOf: (kind: PresetKind) => PresetEntry[];
}

export function useBookEdits({
  bookDocument,
  flow,
  failedPreset,
  readOnly,
  onDownloadShown,
}: EditingContext & {
  flow: ReturnType<typeof createSaveFlow>;
  failedPreset: RefObject<PresetKind | null>;
  readOnly: boolean;
  /** Spec 000 §4: turning the download button on opens the download settings panel. */
  onDownloadShown: () => void;
}): BookEdits {
  const { labels, textLang, notify } = useScreenServices();
  const { history, docRef, show, catalogue } = bookDocument;
  const readOnlyRef = useRef(false);
  readOnlyRef.current = readOnly;

  const changeMany = (values: Doc, stepKey: string): boolean => {
    if (readOnlyRef.current) {
      notify(labels.lockHeld, "error");
      return false;
    }
    // The settings catalogue's rules (the server's): a refused value is shown and neither kept nor previewed.
    const refused = changeRefusal(values, textLang, labels);
    if (refused) {
      notify(refused, "error");
      return false;
    }
    show(record(history.current, { ...docRef.current, ...values }, stepKey, Date.now()));
    flow.change(values);
    // Spec 000 §4: turning the download button on opens the download settings panel.
    if (
      "DownloadButtonVisible" in values &&
      ["true", "yes", "show"].includes(String(values.DownloadButtonVisible).toLowerCase())
    )
      onDownloadShown();
    return true;
  };
  const change = (key: string, value: unknown) => changeMany({ [key]: value }, key);

  const step = (direction: "undo" | "redo"): boolean => {
    if (readOnlyRef.current) return false;
    const before = history.current;
    if (direction === "undo" ? isFirst(before) : isLast(before)) {
      notify(direction === "undo" ? labels.firstStep : labels.lastStep);
      return false;
    }
    const next = direction === "undo" ? undo(before) : redo(before);
    const changed = changes(current(before), current(next), catalogue?.defaults ?? {});
    show(next);
    if (Object.keys(changed).length > 0) flow.change(changed);
    return true;
  };

  const presetsOf = (kind: PresetKind): PresetEntry[] =>
    (kind === "template" ? catalogue?.templates : kind === "theme" ? catalogue?.themes : catalogue?.scenes)?.items ??
    [];

  const applyDesign = (kind: PresetKind, name: string): boolean => {
    const entry = findPreset(presetsOf(kind), name);
    if (!entry) {
      notify(
        kind === "theme" ? labels.themeFailed : kind === "template" ? labels.templateFailed : labels.sceneFailed,
        "error",
      );
      return false;
    }
    failedPreset.current = kind;
    // The book records which template, theme or scene it uses beside the values the design brought.
    const values = recordedDesign(kind, entry, presetValues(kind, entry, catalogue?.themes.items ?? []));
    return changeMany(values, `${kind}:${entry.id}`);
  };

  return { changeMany, change, step, applyDesign, presetsOf };
}
