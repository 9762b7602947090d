import { describe, expect, it } from "vitest";
import { accessRefusal } from "./access.js";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36";

describe("accessRefusal", () => {
  it("refuses embed-only books outside a frame and WeChat-only books outside WeChat, but not in the editor's preview", () => {
    const embedOnly = { embedOnly: true, wechatOnly: false };
    const wechatOnly = { embedOnly: false, wechatOnly: true };
    expect(accessRefusal(embedOnly, { framed: false, userAgent: chrome })).toBe("embedOnly");
    expect(accessRefusal(embedOnly, { framed: true, userAgent: chrome })).toBeNull();
    expect(accessRefusal(wechatOnly, { framed: false, userAgent: chrome })).toBe("wechatOnly");
    expect(accessRefusal(wechatOnly, { framed: false, userAgent: `${chrome} MicroMessenger/8.0` })).toBeNull();
    expect(accessRefusal(wechatOnly, { framed: true, userAgent: chrome, ownPreview: true })).toBeNull();
    expect(accessRefusal({ embedOnly: false, wechatOnly: false }, { framed: false, userAgent: "" })).toBeNull();
  });
});
