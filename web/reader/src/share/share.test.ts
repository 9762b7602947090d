import { describe, expect, it } from "vitest";
import { channelsFor, emailHref, fillEmailMacros, shareChannels, shareTarget } from "./share.js";

const subject = { url: "https://books.example/b/abc123", title: "Spring & Summer", image: "https://x/c.webp" };

describe("share channels", () => {
  it("are the fifteen of spec 000 §3, filtered by region", () => {
    expect(shareChannels).toHaveLength(15);
    expect(channelsFor(2)).toHaveLength(15);
    expect(channelsFor(0)).toEqual([
      "wechat",
      "miniCode",
      "qrcode",
      "sinaweibo",
      "copy",
      "douban",
      "baidutieba",
      "poster",
      "qzone",
      "qqShare",
      "email",
    ]);
    expect(channelsFor(1)).toEqual(["qrcode", "copy", "poster", "linkedin", "facebook", "twitter", "email", "reddit"]);
  });

  it("narrow to the book's chosen list, keeping the spec's order", () => {
    expect(channelsFor(1, ["twitter", "facebook", "wechat"])).toEqual(["facebook", "twitter"]);
    expect(channelsFor(2, ["Reddit", "QQSHARE"])).toEqual(["qqShare", "reddit"]);
  });

  it("build share-intent URLs with the link and title encoded", () => {
    const href = (channel: Parameters<typeof shareTarget>[0]) => {
      const target = shareTarget(channel, subject);
      if (target.kind !== "open") throw new Error(`${channel} is not a URL`);
      return new URL(target.href);
    };
    expect(href("facebook").searchParams.get("u")).toBe(subject.url);
    expect(href("twitter").searchParams.get("text")).toBe("Spring & Summer");
    expect(href("twitter").searchParams.get("url")).toBe(subject.url);
    expect(href("sinaweibo").host).toBe("service.weibo.com");
    expect(href("sinaweibo").searchParams.get("pic")).toBe(subject.image);
    expect(href("douban").searchParams.get("href")).toBe(subject.url);
    expect(href("reddit").searchParams.get("title")).toBe(subject.title);
    expect(href("linkedin").searchParams.get("url")).toBe(subject.url);
    expect(href("qzone").searchParams.get("url")).toBe(subject.url);
    expect(href("baidutieba").searchParams.get("url")).toBe(subject.url);
    expect(href("qqShare").host).toBe("connect.qq.com");
    expect(href("email").protocol).toBe("mailto:");
    expect(shareTarget("wechat", subject)).toEqual({ kind: "qr" });
    expect(shareTarget("copy", subject)).toEqual({ kind: "copy" });
    expect(shareTarget("poster", subject)).toEqual({ kind: "poster" });
  });

  it("fill the email button's title, link and thumb macros", () => {
    expect(fillEmailMacros("Read {title}: {link} ({thumb})", subject)).toBe(
      "Read Spring & Summer: https://books.example/b/abc123 (https://x/c.webp)",
    );
    const mail = new URL(emailHref({ subject: "{title}", body: "See {link}" }, subject));
    expect(mail.searchParams.get("subject")).toBe("Spring & Summer");
    expect(mail.searchParams.get("body")).toBe("See https://books.example/b/abc123");
  });
});
