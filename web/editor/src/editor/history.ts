/**
 * Undo and redo over the document slice (the book's htmlConfig) with first/last flags (spec 000 §4). Steps of
 * one key within `coalesceMs` of each other (a colour or slider drag) merge into one.
 */
export type Doc = Record<string, unknown>;

export interface History {
  steps: Doc[];
  index: number;
  lastKey: string;
  lastAt: number;
}

export const coalesceMs = 1000;

export function startHistory(doc: Doc): History {
  return { steps: [doc], index: 0, lastKey: "", lastAt: 0 };
}

export function current(history: History): Doc {
  return history.steps[history.index] ?? {};
}

export function record(history: History, doc: Doc, key: string, now: number): History {
  const kept = history.steps.slice(0, history.index + 1);
  const merge = history.index > 0 && key === history.lastKey && now - history.lastAt < coalesceMs;
  if (merge) kept[kept.length - 1] = doc;
  else kept.push(doc);
  return { steps: kept, index: kept.length - 1, lastKey: key, lastAt: now };
}

export const isFirst = (history: History) => history.index === 0;
export const isLast = (history: History) => history.index === history.steps.length - 1;

export function undo(history: History): History {
  return isFirst(history) ? history : { ...history, index: history.index - 1, lastKey: "" };
}

export function redo(history: History): History {
  return isLast(history) ? history : { ...history, index: history.index + 1, lastKey: "" };
}

/** The keys whose values differ between two documents, with the target's values (`defaults` for removed ones). */
export function changes(from: Doc, to: Doc, defaults: Doc): Doc {
  const changed: Doc = {};
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (JSON.stringify(from[key]) === JSON.stringify(to[key])) continue;
    changed[key] = key in to ? to[key] : defaults[key];
  }
  return changed;
}
