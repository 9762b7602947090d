import { describe, expect, it } from "vitest";
import { analyticsHtml, readerRefusal, refusalHtml } from "./reader-access.js";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const wechat = `${chrome} MicroMessenger/8.0.42`;

describe("readerRefusal", () => {
  it("refuses an embed-only book in a top-level window, not in a frame or when the browser does not say", () => {
    const config = { OnlyOpenInIframe: "Yes", OnlyOpenInIframeInfo: "Only on <our> site" };
    expect(readerRefusal(config, { secFetchDest: "document" })).toEqual({
      reason: "embedOnly",
      message: "Only on <our> site",
    });
    expect(readerRefusal(config, { secFetchDest: "iframe", secFetchSite: "cross-site" })).toBeNull();
    expect(readerRefusal(config, {})).toBeNull();
    expect(readerRefusal({ OnlyOpenInIframe: "No" }, { secFetchDest: "document" })).toBeNull();
  });

  it("refuses a WeChat-only book outside WeChat's browser, except in the editor's same-origin preview", () => {
    const config = { OnlyOpenInWeChat: "show" };
    expect(readerRefusal(config, { secFetchDest: "document", userAgent: chrome })?.reason).toBe("wechatOnly");
    expect(readerRefusal(config, { secFetchDest: "document", userAgent: wechat })).toBeNull();
    expect(
      readerRefusal(config, { secFetchDest: "iframe", secFetchSite: "same-origin", userAgent: chrome }),
    ).toBeNull();
    expect(
      readerRefusal(config, { secFetchDest: "iframe", secFetchSite: "cross-site", userAgent: chrome })?.reason,
    ).toBe("wechatOnly");
  });

  it("writes the refusal page with the message escaped", () => {
    const html = refusalHtml({ reason: "embedOnly", message: "<script>x</script>" }, "<script>x</script>");
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).not.toContain("<script>x");
  });
});

describe("analyticsHtml", () => {
  it("is null without an analytics ID or tracking script, and ignores an ID that is not one", () => {
    expect(analyticsHtml({})).toBeNull();
    expect(analyticsHtml({ googleAnalyticsID: '");alert(1);("' })).toBeNull();
  });

  it("loads gtag for a valid ID and keeps the owner's tracking script as written", () => {
    const html = analyticsHtml({
      googleAnalyticsID: "G-ABC1234",
      trackingScript: '<script src="https://t.example/a.js"></script>',
    });
    expect(html).toContain("https://www.googletagmanager.com/gtag/js?id=G-ABC1234");
    expect(html).toContain('gtag("config","G-ABC1234"');
    expect(html).toContain('<script src="https://t.example/a.js"></script>');
    expect(analyticsHtml({ trackingScript: "<script>1</script>" })).not.toContain("googletagmanager");
  });
});
