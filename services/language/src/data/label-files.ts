/**
 * The label catalogues on disk: one JSON file per interface language, named by its code, in its scope's directory
 * (src/labels/zh-CN.json …, src/labels/editor/zh-CN.json …). The build (tsc, resolveJsonModule) copies them beside
 * the compiled code, so src/ and dist/ find them the same way.
 */
import { readFileSync } from "node:fs";
import { interfaceLanguages } from "../domain/interface-languages.js";
import {
  catalogueProblems,
  type LabelCatalogue,
  type LabelCatalogues,
  type LabelScope,
  labelScopes,
} from "../domain/labels.js";

const codes = interfaceLanguages.map((language) => String(language.code));

export const labelDirectories: Record<LabelScope, URL> = {
  reader: new URL("../labels/", import.meta.url),
  editor: new URL("../labels/editor/", import.meta.url),
  // What the services tell people: the texts of coded messages (DomainError and warnings), rendered by the gateway.
  messages: new URL("../labels/messages/", import.meta.url),
};

/** Reads one scope's twelve catalogues; a missing or inconsistent one throws. */
export function loadLabelCatalogues(directory: URL): LabelCatalogues {
  const catalogues: LabelCatalogues = new Map();
  for (const code of codes) {
    const parsed: unknown = JSON.parse(readFileSync(new URL(`${code}.json`, directory), "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error(`label catalogue ${code}: expected an object of texts`);
    }
    catalogues.set(code, parsed as LabelCatalogue);
  }
  const problems = catalogueProblems(catalogues);
  if (problems.length > 0) throw new Error(`label catalogues ${directory.pathname}: ${problems.join("; ")}`);
  return catalogues;
}

/** Reads every scope's catalogues (once, at start); a missing or inconsistent one stops the service. */
export function loadLabelScopes(
  directories: Record<LabelScope, URL> = labelDirectories,
): Map<LabelScope, LabelCatalogues> {
  return new Map(labelScopes.map((scope) => [scope, loadLabelCatalogues(directories[scope])]));
}
