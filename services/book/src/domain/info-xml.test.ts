import { describe, expect, it } from "vitest";
import { type AboutInfo, InfoXmlError, parseInfo, serializeInfo } from "./info-xml.js";

const info: AboutInfo = {
  title: "Tom & Jerry <\"best\"> 'friends'",
  desc: "line one\nline two </desc><script>alert(1)</script>",
  logo: "https://cdn.example.com/logo.png?a=1&b=2",
  items: [
    { type: "Author", value: "Zoë <zoe@example.com>" },
    { type: "Email", value: "a&b@example.com" },
    { type: "Phone", value: "+86 10 1234 5678" },
    { type: "Link", value: 'https://example.com/?q=<x>&y="z"' },
    { type: "Address", value: "北京市 & 上海" },
    { type: "Description", value: "]]> <![CDATA[ not a section" },
    { type: "Logo", value: "/api/common/file/abc/logo.png" },
  ],
};

describe("about/contact info XML", () => {
  it("round-trips every field and typed key, escaping markup", () => {
    const xml = serializeInfo(info);
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("Tom &amp; Jerry &lt;&quot;best&quot;&gt; &apos;friends&apos;");
    expect(parseInfo(xml)).toEqual(info);
  });

  it("drops characters XML cannot carry and unknown item types", () => {
    const xml = serializeInfo({ title: "a\u0001b\u0000c", desc: "", logo: "", items: [] });
    expect(parseInfo(xml).title).toBe("abc");
    const parsed = parseInfo(
      '<info><title>t</title><items><item type="Fax">1</item><item type="Email">e@x.io</item></items></info>',
    );
    expect(parsed.items).toEqual([{ type: "Email", value: "e@x.io" }]);
  });

  it("decodes numeric character references but leaves unknown entities as text", () => {
    expect(parseInfo("<info><title>&#x4E2D;&#25991; &nbsp; &#xD800;</title></info>").title).toBe(
      "中文 &nbsp; &#xD800;",
    );
  });

  it("refuses documents that are not info XML or that declare entities", () => {
    expect(() => parseInfo("<about><title>x</title></about>")).toThrow(InfoXmlError);
    expect(() => parseInfo("<info><title>x</info>")).toThrow("</info> closes nothing open");
    expect(() => parseInfo("<info><title>a & b</title></info>")).toThrow("a bare '&' in the text");
    expect(() => parseInfo("<info><item type=Email>x</item></info>")).toThrow("a broken tag");
    expect(() => parseInfo('<!DOCTYPE info [<!ENTITY x "y">]><info><title>&x;</title></info>')).toThrow(InfoXmlError);
  });
});
