import { parseInfo, serializeInfo } from "@turnleaf/book/in-process";
import {
  isReadOnly,
  labelOf,
  labelOptions,
  labelsFor,
  lockSessionId,
  parseAbout,
  serializeAbout,
  splitBasic,
  tabSessionId,
} from "@turnleaf/editor/testing";
import { describe, expect, it } from "vitest";

const form = {
  title: "Acme & Sons <Press>",
  desc: 'Books "since" 1901',
  logo: "/uploads/logo.png",
  items: [
    { type: "Email" as const, value: "hello@acme.example" },
    { type: "Phone" as const, value: "+1 555 0100" },
    { type: "Address" as const, value: "  " },
    { type: "Link" as const, value: "https://acme.example/?a=1&b=2" },
  ],
};

describe("the about/contact form's info XML", () => {
  it("writes XML the book service parses to the same fields, and stores unchanged", () => {
    const xml = serializeAbout(form);
    expect(xml).toContain("<title>Acme &amp; Sons &lt;Press&gt;</title>");
    const server = parseInfo(xml);
    expect(server).toEqual({
      title: form.title,
      desc: form.desc,
      logo: form.logo,
      items: [
        { type: "Email", value: "hello@acme.example" },
        { type: "Phone", value: "+1 555 0100" },
        { type: "Link", value: "https://acme.example/?a=1&b=2" },
      ],
    });
    expect(serializeInfo(server)).toBe(xml);
  });

  it("reads back what it wrote and what the server stores", () => {
    const xml = serializeAbout(form);
    expect(parseAbout(xml)).toEqual({ ...form, items: form.items.filter((item) => item.value.trim()) });
    expect(parseAbout(serializeInfo(parseInfo(xml)))).toEqual(parseAbout(xml));
  });

  it("takes plain text as the description and drops unknown entry types", () => {
    expect(parseAbout("Call us any time")).toEqual({ title: "", desc: "Call us any time", logo: "", items: [] });
    expect(parseAbout(undefined)).toEqual({ title: "", desc: "", logo: "", items: [] });
    expect(
      parseAbout('<info><title>T</title><items><item type="Fax">1</item><item type="Author">Ann</item></items></info>')
        .items,
    ).toEqual([{ type: "Author", value: "Ann" }]);
  });

  it("strips characters XML cannot carry", () => {
    expect(() => parseInfo(serializeAbout({ ...form, title: "bad\u0001char" }))).not.toThrow();
    expect(parseAbout(serializeAbout({ ...form, title: "bad\u0001char" })).title).toBe("badchar");
  });
});

describe("the basic tab's book fields", () => {
  it("splits a change into update-book's form fields and the settings", () => {
    expect(splitBasic({ "book:title": "New", bgColor: "#fff", "book:label": "2" })).toEqual({
      fields: { title: "New", label: "2" },
      config: { bgColor: "#fff" },
    });
    expect(splitBasic({ bgColor: "#000" })).toEqual({ fields: {}, config: { bgColor: "#000" } });
  });

  it("offers the four labels in order", () => {
    const labels = labelsFor("en");
    expect(labelOptions(labels)).toEqual([
      ["0", labels.labelNone],
      ["1", labels.labelFresh],
      ["2", labels.labelHot],
      ["3", labels.labelFeatured],
    ]);
  });
});

describe("tags as the book's label", () => {
  it("reads a label's number or name in either language", () => {
    expect(labelOf("hot")).toBe("2");
    expect(labelOf("推荐")).toBe("3");
    expect(labelOf("1")).toBe("1");
    expect(labelOf("none")).toBe("0");
    expect(labelOf("sparkly")).toBeUndefined();
  });
});

describe("the editing lock", () => {
  it("makes a session id the gateway accepts", () => {
    expect(lockSessionId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(lockSessionId(() => 0.999999)).toBe("-".repeat(24));
    expect(lockSessionId()).not.toBe(lockSessionId());
  });

  it("keeps one session id per tab (sessionStorage), replacing a stored one that is not valid", () => {
    const stored = new Map<string, string>();
    const store = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const first = tabSessionId(store);
    expect(tabSessionId(store)).toBe(first);
    stored.set("turnleaf.editor.lockSession", "bad id!");
    expect(tabSessionId(store)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(tabSessionId(undefined)).not.toBe(tabSessionId(undefined));
  });

  it("is read-only only while another session holds the lock", () => {
    const lock = { locked: true, mine: false, holderUserId: "u1", since: "", expiresAt: "" };
    expect(isReadOnly(lock)).toBe(true);
    expect(isReadOnly({ ...lock, mine: true })).toBe(false);
    expect(isReadOnly({ ...lock, locked: false })).toBe(false);
    expect(isReadOnly(null)).toBe(false);
  });
});
