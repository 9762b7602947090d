/**
 * The chart's values reference, generated from the Bitnami-style `## @section` / `## @param` comments of
 * helm/turnleaf/values.yaml. chart-images-docs.test.ts checks that every value is documented and that the table in
 * helm/turnleaf/README.md is current; `npx tsx tests/helm/values-doc.ts --write` rewrites that table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export const chartDir = fileURLToPath(new URL("../../helm/turnleaf/", import.meta.url));
export const valuesPath = `${chartDir}values.yaml`;
export const readmePath = `${chartDir}README.md`;
const tableStart = "<!-- values-table:start (generated from values.yaml by tests/helm/values-doc.ts) -->";
const tableEnd = "<!-- values-table:end -->";

export interface Param {
  path: string;
  modifiers: string[];
  description: string;
}

export interface Section {
  title: string;
  params: Param[];
}

export function parseParams(valuesText: string): Section[] {
  const sections: Section[] = [];
  for (const line of valuesText.split("\n")) {
    const section = /^\s*## @section (.+)$/.exec(line);
    if (section?.[1]) {
      sections.push({ title: section[1].trim(), params: [] });
      continue;
    }
    const param = /^\s*## @param (\S+)\s+(?:\[([^\]]+)\]\s+)?(.+)$/.exec(line);
    if (param?.[1] && param[3]) {
      const current = sections.at(-1);
      if (!current) throw new Error(`@param ${param[1]} comes before any @section`);
      const modifiers = param[2] ? param[2].split(",").map((modifier) => modifier.trim()) : [];
      current.params.push({ path: param[1], modifiers, description: param[3].trim() });
    }
  }
  return sections;
}

/** The value at a dotted path; `found` is false when some key on the way is missing. */
export function valueAt(values: unknown, path: string): { found: boolean; value: unknown } {
  let current: unknown = values;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !(key in current)) return { found: false, value: undefined };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}

/** Every leaf path of the values (empty maps and lists, and lists as a whole, count as leaves). */
export function leafPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value) || Object.keys(value).length === 0) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

function display(value: unknown): string {
  if (typeof value === "string") return value === "" ? '`""`' : `\`${value}\``;
  const json = JSON.stringify(value);
  return json.length <= 60 ? `\`${json}\`` : "see `values.yaml`";
}

export function renderTable(valuesText: string): string {
  const values = parse(valuesText);
  const out: string[] = [];
  for (const section of parseParams(valuesText)) {
    out.push(`### ${section.title}`, "", "| Name | Description | Value |", "| --- | --- | --- |");
    for (const param of section.params) {
      const description = param.description.replaceAll("|", "\\|");
      out.push(`| \`${param.path}\` | ${description} | ${display(valueAt(values, param.path).value)} |`);
    }
    out.push("");
  }
  return out.join("\n").trimEnd();
}

/** The README with its values table replaced by a fresh one. */
export function readmeWithTable(readme: string, valuesText: string): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`README.md lacks the ${tableStart} … ${tableEnd} markers`);
  return `${readme.slice(0, start + tableStart.length)}\n\n${renderTable(valuesText)}\n\n${readme.slice(end)}`;
}

if (process.argv.includes("--write")) {
  const valuesText = readFileSync(valuesPath, "utf8");
  writeFileSync(readmePath, readmeWithTable(readFileSync(readmePath, "utf8"), valuesText));
}
