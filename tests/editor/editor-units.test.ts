import {
  absolutePaths,
  changes,
  createSaveFlow,
  current,
  isFirst,
  isLast,
  loginUrl,
  pageTitle,
  queryOf,
  record,
  redo,
  routeOf,
  type SaveState,
  settle,
  startHistory,
  undo,
} from "@turnleaf/editor/testing";
import { afterEach, describe, expect, it, vi } from "vitest";

// The editor's pure parts: routes, the reply envelope, the settings tree, the undo stack and the save flow.
describe("editor routes and replies", () => {
  it("maps spec 000 §2 routes under /book_edit2, / redirecting to /upload", () => {
    expect(routeOf("/book_edit2/")).toMatchObject({ name: "upload", redirect: "/upload", needsReadyConfig: true });
    expect(routeOf("/book_edit2")).toMatchObject({ redirect: "/upload" });
    expect(routeOf("/book_edit2/upload")).toMatchObject({ name: "upload", needsReadyConfig: true });
    expect(routeOf("/book_edit2/editor/")).toMatchObject({ name: "editor", titleKey: "titleEditor" });
    expect(routeOf("/book_edit2/bookcase")).toMatchObject({
      name: "bookcase",
      titleKey: "titleBookcase",
      needsReadyConfig: true,
    });
    expect(routeOf("/book_edit2/bookcase").redirect).toBeUndefined();
    expect(routeOf("/book_edit2/welcome")).toMatchObject({ name: "welcome", needsReadyConfig: false });
    expect(routeOf("/book_edit2/nowhere").name).toBe("notFound");
    expect(pageTitle("book edit")).toBe("book edit - Turnleaf");
    expect(queryOf("?num=abc&tid=x&lang=EN")).toEqual({ tid: "0", fid: "0", num: "abc", lang: "en", view: false });
    expect(routeOf("/book_edit2/batch-upload")).toMatchObject({ name: "batchUpload", titleKey: "titleUpload" });
    expect(routeOf("/book_edit2/create")).toMatchObject({ name: "convert", redirect: "/convert" });
    expect(routeOf("/book_edit2/convert")).toMatchObject({
      name: "convert",
      titleKey: "titleConvert",
      needsReadyConfig: true,
    });
    expect(queryOf("?tid=12&fid=3&num=b7&mode=view")).toEqual({
      tid: "12",
      fid: "3",
      num: "b7",
      lang: "zh-CN",
      view: true,
    });
  });

  it("LOGIN_SIGNOUT sends the user to /login.php coming back to where they were", () => {
    expect(loginUrl({ pathname: "/book_edit2/editor", search: "?num=a1", hash: "" })).toBe(
      "/login.php?back=%2Fbook_edit2%2Feditor%3Fnum%3Da1",
    );
    const timeout = settle({ code: "LOGIN_TIMEOUT", data: null, msg: "login timeout" });
    expect(timeout.ok ? "" : timeout.error.code).toBe("LOGIN_SIGNOUT");
  });

  it("shows msg, or 'an error occurred!' with the code when msg is missing", () => {
    const bare = settle({ code: "SOMETHING", data: null, msg: "" });
    expect(bare.ok ? "" : bare.error.message).toBe("an error occurred! SOMETHING");
    const legacy = settle({ data: null, status: "0", mess: "" });
    expect(legacy.ok ? "" : legacy.error.message).toBe("an error occurred");
    expect(settle({ code: "OK", data: 7, msg: "" })).toEqual({ ok: true, data: 7 });
  });
});

describe("undo and redo", () => {
  it("steps back and forth with first/last flags, coalescing a drag of one key", () => {
    let history = startHistory({ bgColor: "#111111" });
    expect(isFirst(history) && isLast(history)).toBe(true);
    history = record(history, { bgColor: "#222222" }, "bgColor", 1000);
    history = record(history, { bgColor: "#333333" }, "bgColor", 1200);
    history = record(history, { bgColor: "#333333", hardCover: false }, "hardCover", 5000);
    expect(history.steps).toHaveLength(3);
    history = undo(history);
    expect(current(history)).toEqual({ bgColor: "#333333" });
    history = undo(history);
    expect(isFirst(history)).toBe(true);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(current(history)).toEqual({ bgColor: "#333333" });
    expect(changes({ bgColor: "#333333", hardCover: false }, { bgColor: "#333333" }, { hardCover: true })).toEqual({
      hardCover: true,
    });
  });
});

describe("the setting-change flow", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("marks unsaved and saving, applies locally at once, sends only the changes, then success or error", async () => {
    vi.useFakeTimers();
    const states: [SaveState, boolean][] = [];
    const applied: Record<string, unknown>[] = [];
    const sent: Record<string, unknown>[] = [];
    let refuse = false;
    const flow = createSaveFlow({
      apply: (changed) => applied.push(changed),
      send: async (changed) => {
        sent.push(changed);
        if (refuse) throw new Error("save failed");
        return changed;
      },
      state: (state, unsaved) => states.push([state, unsaved]),
    });
    flow.change({ bgColor: "#123456" });
    flow.change({ bgColor: "#654321", hardCover: false });
    expect(applied).toHaveLength(2);
    expect(states).toEqual([
      ["working", true],
      ["working", true],
    ]);
    await vi.advanceTimersByTimeAsync(300);
    expect(sent).toEqual([{ bgColor: "#654321", hardCover: false }]);
    expect(states.at(-1)).toEqual(["success", false]);
    refuse = true;
    flow.change({ pageMode: "single" });
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)).toEqual(["error", true]);
    flow.dispose();
  });
});

describe("relative paths made absolute on success", () => {
  it("takes the server's absolute URL for a relative path sent, nothing else", () => {
    expect(
      absolutePaths(
        { logo: "/api/common/file/f1/a.png", bgColor: "#fff", music: "https://cdn.example/a.mp3", other: "x.png" },
        {
          logo: "http://host:8080/api/common/file/f1/a.png",
          bgColor: "#fff",
          music: "https://cdn.example/a.mp3",
          other: "http://host/elsewhere.png",
        },
      ),
    ).toEqual({ logo: "http://host:8080/api/common/file/f1/a.png" });
  });
});
