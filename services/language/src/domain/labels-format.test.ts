/**
 * Every catalogue text of every language reads exactly as it did with the hand-written `{name}` fillers now that
 * the ICU formatter fills it (services/kit messages, the language service's reader/editor/messages scopes, the
 * editor's and reader's built-in texts, the settings' rule texts); only the texts that now choose plural forms
 * differ, and they are listed here.
 */

import { settingTexts } from "@turnleaf/resource-files";
import { formatMessage, isMessageSyntax } from "@turnleaf/resource-files/message-format";
import { describe, expect, it } from "vitest";
import { labelsFor as editorLabelsFor } from "../../../../web/editor/src/labels.js";
import { labelsFor as readerLabelsFor } from "../../../../web/reader/src/language/labels.js";
import { loadLabelScopes } from "../data/label-files.js";
import { labelScopes } from "./labels.js";

/** The filler every catalogue text was written for: `{name}` by its value, a missing one kept. */
function handWrittenFill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Whether a text uses ICU beyond plain `{name}` arguments (a plural, select, number…). */
function usesIcuForms(text: string): boolean {
  return /\{\s*\w+\s*,/.test(text);
}

function stringsOf(record: object): [string, string][] {
  return Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

const texts: { where: string; key: string; text: string }[] = [];
const scopes = loadLabelScopes();
for (const scope of labelScopes) {
  for (const [code, catalogue] of scopes.get(scope) ?? []) {
    for (const [key, text] of Object.entries(catalogue)) texts.push({ where: `${scope}/${code}`, key, text });
  }
}
for (const lang of ["zh-CN", "en"] as const) {
  for (const [key, text] of stringsOf(editorLabelsFor(lang)))
    texts.push({ where: `editor built-in ${lang}`, key, text });
}
for (const lang of ["zh", "en"]) {
  for (const [key, text] of stringsOf(readerLabelsFor(lang)))
    texts.push({ where: `reader built-in ${lang}`, key, text });
}
for (const lang of ["zh", "en"] as const) {
  for (const [key, text] of stringsOf(settingTexts[lang])) texts.push({ where: `setting texts ${lang}`, key, text });
}

/** The texts that now say "1 page" rather than "1 pages" (English only: other languages keep `{count}`). */
const pluralTexts = [
  "editor/en pagesDeleteConfirm",
  "editor/en pagesDone",
  "editor built-in en pagesDeleteConfirm",
  "editor built-in en pagesDone",
];

describe("catalogue texts under the ICU formatter", () => {
  it("found the catalogues", () => {
    expect(texts.length).toBeGreaterThan(3000);
  });

  it("every text is valid ICU MessageFormat", () => {
    expect(texts.filter(({ text }) => !isMessageSyntax(text)).map(({ where, key }) => `${where} ${key}`)).toEqual([]);
  });

  it("every plain text reads byte for byte as before: string and number values, and values missing", () => {
    const changed: string[] = [];
    for (const { where, key, text } of texts) {
      if (usesIcuForms(text)) continue;
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
      const strings = Object.fromEntries(names.map((name) => [name, `‹${name}'s #value›`]));
      const numbers = Object.fromEntries(names.map((name, index) => [name, 1000 + index]));
      for (const values of [strings, numbers, {}]) {
        if (formatMessage(text, values) !== handWrittenFill(text, values)) changed.push(`${where} ${key}`);
      }
    }
    expect(changed).toEqual([]);
  });

  it("only the listed texts choose plural forms, and they read right for 1 and many", () => {
    const plural = texts.filter(({ text }) => usesIcuForms(text));
    expect(plural.map(({ where, key }) => `${where} ${key}`).sort()).toEqual([...pluralTexts].sort());
    for (const { text } of plural) {
      expect(formatMessage(text, { count: 1 })).toMatch(/\b1 page\b(?!s)/);
      expect(formatMessage(text, { count: 1000 })).toMatch(/\b1000 pages\b/);
    }
  });

  it("the reader's texts stay plain arguments (the reader fills them without the ICU formatter)", () => {
    const readerTexts = texts.filter(({ where }) => where.startsWith("reader"));
    expect(readerTexts.filter(({ text }) => usesIcuForms(text)).map(({ key }) => key)).toEqual([]);
  });
});
