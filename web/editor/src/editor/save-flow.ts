/**
 * The setting-change flow of spec 000 §4 as a small state machine independent of React: mark unsaved, set
 * saving, update the local document, notify the preview, then send only the changed config to the server and
 * set success or error. Changes arriving within `delayMs` go to the server as one update-book; updates are sent
 * one after another so the server keeps the last one.
 */
export type SaveState = "waiting" | "working" | "success" | "error";

export interface SaveFlowHooks {
  /** Local update and preview message for each changed key. */
  apply(changed: Record<string, unknown>): void;
  /** Sends the changed config (update-book) and resolves with the server's htmlConfig. */
  send(changed: Record<string, unknown>): Promise<Record<string, unknown>>;
  state(state: SaveState, unsaved: boolean, error?: unknown): void;
  /**
   * The server's htmlConfig after a successful update (relative paths it made absolute, other keys its rules
   * changed). `idle`: nothing else is pending or on its way, so every stored value is the one to show.
   */
  saved?(changed: Record<string, unknown>, server: Record<string, unknown>, idle: boolean): void;
  /**
   * A refused update: the changed keys may return to their stored values. Answers whether they did (the document
   * is then what the server has: nothing unsaved).
   */
  refused?(changed: Record<string, unknown>, error: unknown): boolean;
}

/**
 * Spec 000 §4: on success, relative file paths become absolute. The changed keys whose sent value was a relative
 * path and whose stored value is that path made absolute (http(s)://host/… ending in it), with the stored value.
 */
export function absolutePaths(
  changed: Record<string, unknown>,
  server: Record<string, unknown>,
): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const [key, sent] of Object.entries(changed)) {
    const stored = server[key];
    if (typeof sent !== "string" || typeof stored !== "string" || !sent || /^[a-z][a-z0-9+.-]*:/i.test(sent)) continue;
    if (/^https?:\/\//i.test(stored) && stored !== sent && stored.endsWith(sent.replace(/^\.?\//, "/")))
      fixed[key] = stored;
  }
  return fixed;
}

export function createSaveFlow(hooks: SaveFlowHooks, delayMs = 250) {
  let pending: Record<string, unknown> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let inFlight = 0;

  const flush = () => {
    timer = undefined;
    const changed = pending;
    pending = {};
    if (Object.keys(changed).length === 0) return queue;
    inFlight += 1;
    queue = queue.then(async () => {
      try {
        const server = await hooks.send(changed);
        inFlight -= 1;
        const more = inFlight > 0 || Object.keys(pending).length > 0;
        hooks.saved?.(changed, server ?? {}, !more);
        hooks.state(more ? "working" : "success", more);
      } catch (error) {
        inFlight -= 1;
        const reverted = hooks.refused?.(changed, error) ?? false;
        const more = inFlight > 0 || Object.keys(pending).length > 0;
        hooks.state("error", !reverted || more, error);
      }
    });
    return queue;
  };

  return {
    change(changed: Record<string, unknown>) {
      hooks.state("working", true);
      hooks.apply(changed);
      Object.assign(pending, changed);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    /** Sends what is pending now (e.g. before leaving). */
    flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      return flush();
    },
    dispose() {
      if (timer) clearTimeout(timer);
    },
  };
}
