import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every text a service means for a person is a coded message (key + parameters, rendered by the gateway from the
// language service's catalogues). This scans the services' sources for sentences that would reach a reply as they
// are: a string given as a DomainError's text, directly or through a small helper of the same file that passes its
// parameter on (`invalid("…", field)`), and an error envelope sent without the request's catalogue.
const root = fileURLToPath(new URL("../..", import.meta.url));
const servicesDir = join(root, "services");

async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const service of await readdir(servicesDir)) {
    const src = join(servicesDir, service, "src");
    let entries: string[];
    try {
      entries = await readdir(src, { recursive: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.endsWith(".ts") && !entry.endsWith(".test.ts") && !entry.endsWith(".d.ts"))
        files.push(join(src, entry));
    }
  }
  return files.sort();
}

/** A string literal, a template, a concatenation or a choice with one of these in it: a sentence in the code. */
function isText(node: ts.Node, tables: ReadonlySet<string> = new Set()): boolean {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) return tables.has(node.expression.text);
  if (ts.isParenthesizedExpression(node)) return isText(node.expression, tables);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
    return true;
  }
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) return isText(node.left, tables) || isText(node.right, tables);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      return isText(node.right, tables);
    }
  }
  if (ts.isConditionalExpression(node)) return isText(node.whenTrue, tables) || isText(node.whenFalse, tables);
  return false;
}

const isDomainError = (node: ts.Node): node is ts.NewExpression =>
  ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "DomainError";

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

function nameOf(fn: FunctionLike): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) {
    return fn.name.text;
  }
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

/** Functions of a file that hand one of their parameters to a DomainError as its text: name → parameter index. */
function textHelpers(file: ts.SourceFile): Map<string, number> {
  const helpers = new Map<string, number>();
  const visit = (node: ts.Node, within: FunctionLike[]): void => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node);
    const scopes = isFunction ? [...within, node] : within;
    if (isDomainError(node)) {
      const text = node.arguments?.[1];
      if (text && ts.isIdentifier(text)) {
        for (const fn of scopes) {
          const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === text.text);
          const name = nameOf(fn);
          if (index >= 0 && name) helpers.set(name, index);
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, scopes));
  };
  visit(file, []);
  return helpers;
}

/**
 * Names of objects whose properties hold sentences (`const mediaTexts = { badId: "…" }`), across all sources: a
 * DomainError given `mediaTexts.badId` is given a sentence.
 */
function textTables(file: ts.SourceFile, into: Set<string>): void {
  const path = file.fileName;
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isObjectLiteralExpression(ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer)
    ) {
      const literal = (
        ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer
      ) as ts.ObjectLiteralExpression;
      if (literal.properties.some((p) => ts.isPropertyAssignment(p) && isText(p.initializer))) {
        into.add(`${path}#${node.name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** The sentence tables a file can name: its own, and those it imports from a relative module. */
function visibleTables(file: ts.SourceFile, allTables: ReadonlySet<string>): Set<string> {
  const visible = new Set<string>();
  for (const entry of allTables) {
    const [path = "", name = ""] = entry.split("#");
    if (path === file.fileName) visible.add(name);
  }
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || !statement.moduleSpecifier.text.startsWith(".")) continue;
    const from = join(dirname(file.fileName), statement.moduleSpecifier.text).replace(/\.js$/, ".ts");
    for (const element of bindings.elements) {
      const exported = (element.propertyName ?? element.name).text;
      if (allTables.has(`${from}#${exported}`)) visible.add(element.name.text);
    }
  }
  return visible;
}

/** The uncoded texts of one source file, as `path:line what`. */
function uncodedIn(path: string, source: string, allTables: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const tables = visibleTables(file, allTables);
  const helpers = textHelpers(file);
  const where = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    // An envelope written by hand: `msg: "…"`, or `const msg = "…"` handed to one.
    const envelopeText =
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === "msg" || node.name.text === "mess") &&
      node.initializer !== undefined &&
      isText(node.initializer) &&
      node.initializer.getText() !== '""';
    if (envelopeText) found.push(`${where(node)} envelope text ${node.initializer?.getText().slice(0, 80)}`);
    // A field problem of a malformed request written as a sentence: `{ field, message: "must be …" }`.
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "field")
    ) {
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === "message") {
          if (isText(property.initializer, tables)) {
            found.push(`${where(property)} field message ${property.initializer.getText().slice(0, 80)}`);
          }
        }
      }
    }
    if (isDomainError(node)) {
      const text = node.arguments?.[1];
      if (text && isText(text, tables)) found.push(`${where(node)} DomainError ${text.getText().slice(0, 80)}`);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      const index = helpers.get(callee);
      const text = index === undefined ? undefined : node.arguments[index];
      if (text && isText(text, tables)) found.push(`${where(node)} ${callee} ${text.getText().slice(0, 80)}`);
      // An envelope built without the request's catalogue shows the key, not the interface language's text.
      if (callee === "errorEnvelope" && node.arguments.length < 2 && !path.startsWith("services/kit/")) {
        found.push(`${where(node)} errorEnvelope without a catalogue (use errorEnvelopeFor)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the services' user-facing texts", () => {
  it("are all coded messages (no sentence handed to a DomainError or sent without the interface language)", async () => {
    const sources = new Map<string, string>();
    for (const path of await sourceFiles()) sources.set(relative(root, path), await readFile(path, "utf8"));
    const tables = new Set<string>();
    for (const [path, source] of sources) textTables(ts.createSourceFile(path, source, ts.ScriptTarget.Latest), tables);
    const found: string[] = [];
    for (const [path, source] of sources) found.push(...uncodedIn(path, source, tables));
    expect(found).toEqual([]);
  });

  it("the scan finds a sentence given directly, through a helper, and an envelope without a catalogue", () => {
    const probe = [
      'const invalid = (field: string, text: string) => new DomainError("INVALID_ARGUMENT", text, { details: { field } });',
      'throw invalid("name", "a " + count + " sentence");',
      'throw invalid("name", message("nameRequired"));',
      'throw new DomainError("NOT_FOUND", "book not found");',
      'throw new DomainError("NOT_FOUND", found ? message("bookNotFound") : "gone");',
      'throw new DomainError("NOT_FOUND", message("bookNotFound"));',
      "reply.send(errorEnvelope(error));",
      'const msg = "refused";',
      'reply.send({ code: "OK", data, msg: "", status: "1", mess: "" });',
      'errors.push({ field: "userId", message: "must be a whole number" });',
    ].join("\n");
    expect(uncodedIn("services/gateway/src/probe.ts", probe)).toEqual([
      `services/gateway/src/probe.ts:2 invalid "a " + count + " sentence"`,
      'services/gateway/src/probe.ts:4 DomainError "book not found"',
      'services/gateway/src/probe.ts:5 DomainError found ? message("bookNotFound") : "gone"',
      "services/gateway/src/probe.ts:7 errorEnvelope without a catalogue (use errorEnvelopeFor)",
      'services/gateway/src/probe.ts:8 envelope text "refused"',
      'services/gateway/src/probe.ts:10 field message "must be a whole number"',
    ]);
  });
});
