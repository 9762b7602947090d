import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteOptions } from "fastify";

const gatewayDir = fileURLToPath(new URL("../../services/gateway/", import.meta.url));

/** The gateway's REST reference: its README and every page under services/gateway/rest/. */
export async function readRestReference(): Promise<string> {
  const pages = (await readdir(join(gatewayDir, "rest")).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(gatewayDir, "rest", name));
  const texts = await Promise.all([join(gatewayDir, "README.md"), ...pages].map((file) => readFile(file, "utf8")));
  return texts.join("\n");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A route's path as the reference may write it: `:link` as `:link` or `<link>`, a trailing `*` as `*` or `<…>`,
 * and not as the prefix of a longer path (`get-book` must not be found inside `get-book-catalog`).
 */
function pathPattern(url: string): RegExp {
  const parts = url.split(/(:[A-Za-z]+|\*)/).map((part) => {
    if (part === "*") return "(?:\\*|<[^>]+>)";
    if (part.startsWith(":")) return `(?::${part.slice(1)}|<[^>]+>)`;
    return escapeRegExp(part);
  });
  return new RegExp(`${parts.join("")}(?![A-Za-z0-9_-])`);
}

/**
 * The routes the reference does not document: each method and path must appear on one line of it (a table row or
 * heading). HEAD beside GET is fastify's own; a route taking every method (the Connect stream) needs its path only.
 */
export function undocumentedRoutes(routes: RouteOptions[], reference: string): string[] {
  const lines = reference.split("\n");
  const missing: string[] = [];
  for (const route of routes) {
    const methods = [route.method].flat().filter((method) => method !== "HEAD");
    const url = route.url ?? "";
    const pattern = pathPattern(url);
    const candidates = lines.filter((line) => pattern.test(line));
    const wanted = methods.length > 2 || methods.length === 0 ? [] : methods;
    if (candidates.length === 0 || !wanted.every((method) => candidates.some((line) => line.includes(method)))) {
      missing.push(`${methods.join(",") || "HEAD"} ${url}`);
    }
  }
  return missing;
}
