import { readFileSync } from "node:fs";
import {
  createSaveFlow,
  gateError,
  gateRefusal,
  presentationOf,
  renderCoded,
  type SaveState,
  serverChanges,
  storedValues,
} from "@turnleaf/editor/testing";
import { describe, expect, it, vi } from "vitest";

// What the server decides is what the editor shows (issue 17): the pure parts of the editor's save path.
const catalogue = (code: string) =>
  JSON.parse(
    readFileSync(new URL(`../../services/language/src/labels/messages/${code}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;

describe("the server's values after a save", () => {
  const isSetting = (key: string) => !key.startsWith("book:");

  it("takes every key the server changed or removed, never the book's own fields", () => {
    const doc = { loadingCaptionSource: "2", loadingCaption: "Welcome", bgColor: "#fff", "book:title": "T" };
    const server = { loadingCaptionSource: "2", bgColor: "#fff", loadingBackgroundColorType: 1 };
    expect(serverChanges(doc, server, isSetting)).toEqual({ loadingCaption: undefined, loadingBackgroundColorType: 1 });
    expect(serverChanges({ plugin: [{ name: "a" }] }, { plugin: [{ name: "a" }] }, isSetting)).toEqual({});
  });

  it("answers the stored value of each refused key", () => {
    expect(storedValues({ hideToolbar: "Yes", bgColor: "#000" }, { bgColor: "#fff" })).toEqual({
      hideToolbar: undefined,
      bgColor: "#fff",
    });
  });

  it("lets the flow revert a refused change, nothing left unsaved, and adopt values only when idle", async () => {
    vi.useFakeTimers();
    const states: [SaveState, boolean][] = [];
    const adopted: boolean[] = [];
    let refuse = false;
    const flow = createSaveFlow({
      apply: () => undefined,
      send: async (changed) => {
        if (refuse) throw new Error("no permission");
        return changed;
      },
      saved: (_changed, _server, idle) => adopted.push(idle),
      refused: () => true,
      state: (state, unsaved) => states.push([state, unsaved]),
    });
    flow.change({ bgColor: "#123456" });
    await vi.advanceTimersByTimeAsync(300);
    expect(adopted).toEqual([true]);
    refuse = true;
    flow.change({ hideToolbar: "Yes" });
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)).toEqual(["error", false]);
    flow.dispose();
    vi.useRealTimers();
  });
});

describe("a gated change refused before it is sent (spec 000 §6)", () => {
  const power = {
    features: {
      HIDE_TOOLBAR: { allowed: false, source: "type" },
      LOGO: { allowed: false, source: "user" },
      DOWNLOAD: { allowed: true, source: "type" },
    },
  };

  it("names the feature the loaded power refuses, with the server's texts in Chinese and English", () => {
    const zh = catalogue("zh-CN");
    const refusal = gateRefusal({ bookConfig: { hideToolbar: "Yes" } }, power);
    expect(refusal).toMatchObject({ feature: "HIDE_TOOLBAR", messageKey: "featureBlocked" });
    const error = gateError(refusal as NonNullable<typeof refusal>, zh);
    expect(error.message).toBe("没有隐藏工具栏功能的权限，请联系客服开通");
    // The contact-support confirm opens for it, whatever the language.
    expect(presentationOf(error)).toEqual({ kind: "support", text: "没有隐藏工具栏功能的权限，请联系客服开通" });
    const english = gateError(refusal as NonNullable<typeof refusal>, catalogue("en"));
    expect(english.message).toBe("no permission for function hide toolbar, contact support to unlock");
    const custom = gateRefusal({ bookConfig: { appLogoIcon: "https://cdn.example/l.png" } }, power);
    expect(renderCoded(zh, custom?.messageKey ?? "", custom?.messageParams ?? {})).toBe("已达到定制额度，请联系客服");
  });

  it("lets switching a feature off, an allowed feature and an unknown power through", () => {
    expect(gateRefusal({ bookConfig: { hideToolbar: "No" } }, power)).toBeUndefined();
    expect(gateRefusal({ bookConfig: { DownloadButtonVisible: "Show" } }, power)).toBeUndefined();
    expect(gateRefusal({ bookConfig: { hideToolbar: "Yes" } }, undefined)).toBeUndefined();
    expect(
      gateRefusal({ desc: "a description" }, { features: { BOOK_DESCRIPTION: { allowed: false } } }),
    ).toMatchObject({
      feature: "BOOK_DESCRIPTION",
    });
  });
});
