import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every word the tool shows comes from its catalogue: failures carry a catalogue key (CliError and UsageError take
 * a Text, so the compiler refuses a sentence there), and this checks the rest — what is printed, noted, asked or
 * written to the terminal must not be a string or template literal holding words. Machine output (JSON.stringify),
 * bare values (`${x}`) and syntax such as `  ${a}  ${b}` pass; a literal with two letters in a row outside `${…}`
 * does not.
 */
const sourceDir = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "texts" ? [] : sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The literal starting at `from` (a quote or backtick), or undefined when the argument is not a literal. */
function literalAt(text: string, from: number): string | undefined {
  const quote = text[from];
  if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
  let depth = 0;
  for (let index = from + 1; index < text.length; index += 1) {
    const char = text[index];
    if (char === "\\") {
      index += 1;
      continue;
    }
    if (quote === "`" && char === "$" && text[index + 1] === "{") depth += 1;
    else if (depth > 0 && char === "}") depth -= 1;
    else if (depth === 0 && char === quote) return text.slice(from + 1, index);
  }
  return undefined;
}

/** The words a literal shows: what is left outside `${…}`. */
function wordsOf(literal: string): string {
  let shown = "";
  let depth = 0;
  for (let index = 0; index < literal.length; index += 1) {
    if (literal[index] === "$" && literal[index + 1] === "{") {
      depth += 1;
      index += 1;
    } else if (depth > 0 && literal[index] === "{") depth += 1;
    else if (depth > 0 && literal[index] === "}") depth -= 1;
    else if (depth === 0) shown += literal[index];
  }
  return shown;
}

const shownBy = /(?:\.print|\.note|\bask|\bconfirm|process\.(?:stdout|stderr)\.write)\(\s*/g;

describe("the tool's texts", () => {
  it("are all catalogue texts: nothing printed, noted or asked is a literal with words", () => {
    const found: string[] = [];
    for (const file of sources(sourceDir)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(shownBy)) {
        const literal = literalAt(text, (match.index ?? 0) + match[0].length);
        if (literal !== undefined && /[A-Za-z]{2}/.test(wordsOf(literal))) {
          found.push(`${file.slice(sourceDir.length + 1)}: ${match[0]}${literal.slice(0, 60)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("would notice one", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source text the scan reads
    const sample = "context.note(`converting ${done}`); context.print(JSON.stringify(x)); context.print(`  ${a}`);";
    const hits = [...sample.matchAll(shownBy)]
      .map((match) => literalAt(sample, (match.index ?? 0) + match[0].length))
      .filter((literal) => literal !== undefined && /[A-Za-z]{2}/.test(wordsOf(literal)));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal as the scan finds it in the source
    expect(hits).toEqual(["converting ${done}"]);
  });
});
