import { brandKinds } from "./served-brands.js";
import {
  defaultFileMaxSize,
  fileExtensions,
  isNodeVisible,
  settingDefaults,
  settingIndex,
  settingValueProblem,
  walkSettings,
} from "./settings.js";
import type { ResourceKind, SettingsTree, ValueNode } from "./types.js";
import { leafNodeTypes, settingNodeTypes } from "./unknown-types.js";

/**
 * Pure checks of the resource files as they arrive (parsed JSON of unknown shape): each returns the problems found,
 * an empty list when the file is valid. Messages name the place (`groups[2].children[0] (logoHeight)`).
 */

type Json = Record<string, unknown>;

const nodeTypes = settingNodeTypes;
const leafTypes = leafNodeTypes;
const tabs = new Set(["basic", "setup", "config"]);
const cardFields = new Set(["name", "jobTitle", "company", "phone", "email", "address", "website", "avatar"]);
const colorPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A path under /resourceFiles/: relative, no `..`, no backslash. */
const resourcePathPattern = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._\-/]+\.[a-z0-9]+$/;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function checkLocalized(problems: string[], where: string, value: unknown): void {
  if (!isRecord(value) || typeof value.zh !== "string" || typeof value.en !== "string" || !value.zh || !value.en)
    problems.push(`${where} needs non-empty zh and en texts`);
}

function checkVersion(problems: string[], file: Json): void {
  if (!Number.isInteger(file.version) || (file.version as number) < 1) problems.push("version must be an integer ≥ 1");
}

function checkNodeShape(problems: string[], where: string, node: Json, inForm: boolean): void {
  if (typeof node.type !== "string" || !nodeTypes.has(node.type)) {
    problems.push(`${where} has type ${JSON.stringify(node.type)}, not one of ${[...nodeTypes]}`);
    return;
  }
  if (inForm && !leafTypes.has(node.type)) problems.push(`${where}: a form field must be a leaf type`);
  if (typeof node.key !== "string" || !/^[A-Za-z][A-Za-z0-9_]*$/.test(node.key))
    problems.push(`${where} has key ${JSON.stringify(node.key)}, not an identifier`);
  checkLocalized(problems, `${where} title`, node.title);
  checkLocalized(problems, `${where} desc`, node.desc);
  for (const flag of ["visible", "isShow", "disabled"])
    if (typeof node[flag] !== "boolean") problems.push(`${where} needs a boolean ${flag}`);
  if (node.aliases !== undefined && (!Array.isArray(node.aliases) || node.aliases.some((a) => typeof a !== "string")))
    problems.push(`${where} aliases must be a list of keys`);
  switch (node.type) {
    case "number":
      if (typeof node.min !== "number" || typeof node.max !== "number" || node.min > node.max)
        problems.push(`${where} needs numbers min ≤ max`);
      if (typeof node.step !== "number" || node.step <= 0) problems.push(`${where} needs a positive step`);
      if (
        node.exclude !== undefined &&
        (!Array.isArray(node.exclude) || node.exclude.some((v) => typeof v !== "number"))
      )
        problems.push(`${where} exclude must be a list of numbers`);
      break;
    case "text":
      if (!Number.isInteger(node.maxLength) || (node.maxLength as number) < 1)
        problems.push(`${where} needs a positive integer maxLength`);
      if (node.pattern !== undefined) {
        try {
          new RegExp(String(node.pattern));
        } catch {
          problems.push(`${where} has a pattern that is not a regular expression`);
        }
      }
      break;
    case "list": {
      const options = Array.isArray(node.options) ? node.options : [];
      if (options.length === 0) problems.push(`${where} needs options`);
      const seen = new Set<string>();
      for (const [index, option] of options.entries()) {
        if (!isRecord(option) || (typeof option.value !== "string" && typeof option.value !== "number")) {
          problems.push(`${where} options[${index}] needs a string or number value`);
          continue;
        }
        if (seen.has(String(option.value))) problems.push(`${where} repeats option ${JSON.stringify(option.value)}`);
        seen.add(String(option.value));
        checkLocalized(problems, `${where} options[${index}] label`, option.label);
        if (option.region !== undefined && ![0, 1, 2].includes(option.region as number))
          problems.push(`${where} options[${index}] region must be 0, 1 or 2`);
      }
      break;
    }
    case "file": {
      const accept = Array.isArray(node.accept) ? node.accept : [];
      if (accept.length === 0) problems.push(`${where} needs accepted extensions`);
      for (const extension of accept)
        if (!(fileExtensions as readonly unknown[]).includes(extension))
          problems.push(`${where} accepts ${JSON.stringify(extension)}, not a file-setting extension of spec 000 §5`);
      if (
        !Number.isInteger(node.maxSize) ||
        (node.maxSize as number) < 1 ||
        (node.maxSize as number) > defaultFileMaxSize
      )
        problems.push(`${where} needs a maxSize in bytes up to ${defaultFileMaxSize}`);
      break;
    }
    case "composite":
      if (!Array.isArray(node.children) || node.children.length === 0) problems.push(`${where} needs children`);
      if ("defaultValue" in node || "value" in node) problems.push(`${where}: a composite holds no value`);
      break;
    case "form": {
      const fields = Array.isArray(node.fields) ? node.fields : [];
      if (fields.length === 0) problems.push(`${where} needs fields`);
      const names = new Set<string>();
      for (const [index, field] of fields.entries()) {
        if (!isRecord(field)) {
          problems.push(`${where} fields[${index}] is not an object`);
          continue;
        }
        checkNodeShape(problems, `${where} fields[${index}]`, field, true);
        if (names.has(String(field.key))) problems.push(`${where} repeats field ${field.key}`);
        names.add(String(field.key));
      }
      break;
    }
  }
}

function checkValues(problems: string[], where: string, node: ValueNode): void {
  for (const slot of ["defaultValue", "value"] as const) {
    const problem = settingValueProblem(node, node[slot]);
    if (problem) problems.push(`${where} ${slot} ${problem}`);
  }
  if (node.type === "form") {
    for (const field of node.fields) {
      if (!(field.key in node.defaultValue)) problems.push(`${where} defaultValue lacks field ${field.key}`);
      const problem = settingValueProblem(field, field.defaultValue);
      if (problem) problems.push(`${where} field ${field.key} defaultValue ${problem}`);
    }
  }
  if (node.type === "number" && node.step > 0) {
    const steps = (node.defaultValue - node.min) / node.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-6) problems.push(`${where} defaultValue is not on a step from min`);
  }
}

/**
 * The settings tree: node types and their fields, unique keys (aliases included), defaults and values valid for
 * their node (type, min/max, options, accepted extensions), related conditions naming existing settings and values
 * they can take, and isShow agreeing with the conditions under the defaults.
 */
export function validateSettingsTree(input: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(input)) return ["the settings tree is not an object"];
  checkVersion(problems, input);
  if (!Array.isArray(input.groups) || input.groups.length === 0) return [...problems, "the tree needs groups"];
  const groupIds = new Set<string>();
  const shapeOk = (nodes: unknown, where: string): boolean => {
    if (!Array.isArray(nodes) || nodes.length === 0) {
      problems.push(`${where} needs children`);
      return false;
    }
    let ok = true;
    for (const [index, node] of nodes.entries()) {
      const at = `${where}.children[${index}]${isRecord(node) && typeof node.key === "string" ? ` (${node.key})` : ""}`;
      if (!isRecord(node)) {
        problems.push(`${at} is not an object`);
        ok = false;
        continue;
      }
      const before = problems.length;
      checkNodeShape(problems, at, node, false);
      if (problems.length > before) ok = false;
      if (node.type === "composite" && Array.isArray(node.children) && !shapeOk(node.children, at)) ok = false;
    }
    return ok;
  };
  let shapesOk = true;
  for (const [index, group] of input.groups.entries()) {
    const where = `groups[${index}]`;
    if (!isRecord(group)) {
      problems.push(`${where} is not an object`);
      shapesOk = false;
      continue;
    }
    if (typeof group.id !== "string" || !group.id) problems.push(`${where} needs an id`);
    else if (groupIds.has(group.id)) problems.push(`${where} repeats group id ${group.id}`);
    groupIds.add(String(group.id));
    if (typeof group.tab !== "string" || !tabs.has(group.tab)) problems.push(`${where} has tab ${group.tab}`);
    checkLocalized(problems, `${where} title`, group.title);
    checkLocalized(problems, `${where} desc`, group.desc);
    if (!shapeOk(group.children, `${where} (${String(group.id)})`)) shapesOk = false;
  }
  // Value checks need every node well-formed.
  if (!shapesOk || problems.length > 0) return problems;

  const tree = input as unknown as SettingsTree;
  const keys = new Set<string>();
  for (const { node } of walkSettings(tree)) {
    for (const key of [node.key, ...(node.aliases ?? [])]) {
      if (keys.has(key)) problems.push(`key ${key} is used twice`);
      keys.add(key);
    }
  }
  const index = settingIndex(tree);
  const defaults = settingDefaults(tree);
  for (const { node } of walkSettings(tree)) {
    const where = `setting ${node.key}`;
    if (node.type !== "composite") checkValues(problems, where, node);
    for (const condition of node.config?.related ?? []) {
      const trigger = index.get(condition.key);
      if (!trigger) {
        problems.push(`${where} is related to ${condition.key}, which is no setting`);
        continue;
      }
      if (trigger.key === node.key) problems.push(`${where} is related to itself`);
      if (!Array.isArray(condition.values) || condition.values.length === 0)
        problems.push(`${where} condition on ${condition.key} needs values`);
      for (const value of condition.values ?? []) {
        const problem = settingValueProblem(trigger, value);
        if (problem) problems.push(`${where} condition on ${condition.key}: ${JSON.stringify(value)} ${problem}`);
      }
    }
  }
  if (problems.length > 0) return problems;
  for (const { node } of walkSettings(tree)) {
    const shown = isNodeVisible(tree, node.key, defaults);
    if (node.isShow !== shown)
      problems.push(`setting ${node.key} has isShow ${node.isShow}, the defaults give ${shown}`);
  }
  return problems;
}

/** htmlConfig values a template, theme, scene or background applies: known keys (not aliases) and valid values. */
export function validateSettingValues(values: unknown, tree: SettingsTree, where: string): string[] {
  if (!isRecord(values)) return [`${where} settings is not an object`];
  const index = settingIndex(tree);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const node = index.get(key);
    if (!node) problems.push(`${where} sets ${key}, which is no setting`);
    else if (node.key !== key) problems.push(`${where} sets ${key}; write its key ${node.key}`);
    else {
      const problem = settingValueProblem(node, value);
      if (problem) problems.push(`${where} sets ${key}: ${JSON.stringify(value)} ${problem}`);
    }
  }
  return problems;
}

function checkResourcePath(problems: string[], where: string, path: unknown, extensions: string[]): void {
  if (typeof path !== "string" || !resourcePathPattern.test(path)) {
    problems.push(`${where} ${JSON.stringify(path)} is not a path under /resourceFiles/`);
    return;
  }
  const extension = path.slice(path.lastIndexOf(".") + 1);
  if (!extensions.includes(extension)) problems.push(`${where} ${path} is not one of ${extensions}`);
}

function checkEntries(problems: string[], file: Json, each: (entry: Json, where: string) => void): void {
  checkVersion(problems, file);
  if (!Array.isArray(file.items) || file.items.length === 0) {
    problems.push("the file needs items");
    return;
  }
  const ids = new Set<string>();
  for (const [index, entry] of file.items.entries()) {
    const where = `items[${index}]${isRecord(entry) && typeof entry.id === "string" ? ` (${entry.id})` : ""}`;
    if (!isRecord(entry)) {
      problems.push(`${where} is not an object`);
      continue;
    }
    if (typeof entry.id !== "string" || !/^[a-z0-9][a-z0-9-]*$/.test(entry.id))
      problems.push(`${where} needs an id of lower-case letters, digits and dashes`);
    else if (ids.has(entry.id)) problems.push(`${where} repeats id ${entry.id}`);
    ids.add(String(entry.id));
    checkLocalized(problems, `${where} name`, entry.name);
    each(entry, where);
  }
  if (typeof file.defaultId !== "string" || !ids.has(file.defaultId))
    problems.push(`defaultId ${JSON.stringify(file.defaultId)} is no item`);
}

/** Templates, mobile templates, themes, scenes and backgrounds: entries that apply setting values. */
export function validatePresetFile(input: unknown, tree: SettingsTree, kind: ResourceKind): string[] {
  if (!isRecord(input)) return ["the file is not an object"];
  const problems: string[] = [];
  checkEntries(problems, input, (entry, where) => {
    checkLocalized(problems, `${where} spokenTitle`, entry.spokenTitle);
    checkResourcePath(problems, `${where} preview`, entry.preview, ["svg", "png"]);
    problems.push(...validateSettingValues(entry.settings, tree, where));
    if ((kind === "templates" || kind === "mobileTemplates") && typeof entry.themeId !== "string")
      problems.push(`${where} needs a themeId`);
    if (kind === "backgrounds") {
      checkResourcePath(problems, `${where} image`, entry.image, ["png", "jpg", "gif"]);
      const settings = isRecord(entry.settings) ? entry.settings : {};
      if (settings.backGroundImgURL !== `/resourceFiles/${String(entry.image)}`)
        problems.push(`${where} must set backGroundImgURL to /resourceFiles/${String(entry.image)}`);
    }
  });
  return problems;
}

export function validateBrandDefault(input: unknown): string[] {
  if (!isRecord(input)) return ["the file is not an object"];
  const problems: string[] = [];
  checkVersion(problems, input);
  const brands = isRecord(input.brands) ? input.brands : {};
  for (const kind of brandKinds) {
    const brand = brands[kind];
    if (!isRecord(brand)) {
      problems.push(`brands.${kind} is missing`);
      continue;
    }
    checkLocalized(problems, `brands.${kind} title`, brand.title);
    checkLocalized(problems, `brands.${kind} desc`, brand.desc);
    if (brand.logo !== "") checkResourcePath(problems, `brands.${kind} logo`, brand.logo, ["svg", "png", "jpg", "gif"]);
    if (typeof brand.link !== "string" || (brand.link !== "" && !/^https?:\/\//.test(brand.link)))
      problems.push(`brands.${kind} link must be "" or an http(s) URL`);
  }
  for (const kind of Object.keys(brands))
    if (!(brandKinds as readonly string[]).includes(kind)) problems.push(`brands.${kind} is no brand kind`);
  return problems;
}

export function validateBrandConfig(input: unknown): string[] {
  if (!isRecord(input)) return ["the file is not an object"];
  const problems: string[] = [];
  checkVersion(problems, input);
  const kinds = Array.isArray(input.kinds) ? input.kinds : [];
  const seen = new Set<string>();
  for (const [index, entry] of kinds.entries()) {
    if (!isRecord(entry) || !(brandKinds as readonly unknown[]).includes(entry.kind)) {
      problems.push(`kinds[${index}] needs a kind of ${brandKinds}`);
      continue;
    }
    if (seen.has(String(entry.kind))) problems.push(`kinds[${index}] repeats ${entry.kind}`);
    seen.add(String(entry.kind));
    checkLocalized(problems, `kinds[${index}] name`, entry.name);
    checkLocalized(problems, `kinds[${index}] desc`, entry.desc);
    const fields = Array.isArray(entry.fields) ? entry.fields : [];
    if (fields.length === 0 || fields.some((field) => !["title", "logo", "desc", "link"].includes(field)))
      problems.push(`kinds[${index}] fields must be some of title, logo, desc, link`);
  }
  for (const kind of brandKinds) if (!seen.has(kind)) problems.push(`kinds lacks ${kind}`);
  const logo = isRecord(input.logo) ? input.logo : {};
  for (const name of ["maxWidth", "maxHeight", "recommendedWidth", "recommendedHeight", "minWidthExclusive"])
    if (!Number.isInteger(logo[name]) || (logo[name] as number) < 0) problems.push(`logo.${name} must be an integer`);
  if ((logo.recommendedWidth as number) > (logo.maxWidth as number)) problems.push("logo recommended width over max");
  if (!Array.isArray(logo.accept) || logo.accept.length === 0) problems.push("logo.accept needs extensions");
  for (const name of ["titleMaxLength", "descMaxLength"])
    if (!Number.isInteger(input[name]) || (input[name] as number) < 1) problems.push(`${name} must be positive`);
  return problems;
}

export function validateBusinessCards(input: unknown): string[] {
  if (!isRecord(input)) return ["the file is not an object"];
  const problems: string[] = [];
  const labels = isRecord(input.fieldLabels) ? input.fieldLabels : {};
  for (const field of cardFields) checkLocalized(problems, `fieldLabels.${field}`, labels[field]);
  checkEntries(problems, input, (entry, where) => {
    checkResourcePath(problems, `${where} preview`, entry.preview, ["svg", "png"]);
    const fields = Array.isArray(entry.fields) ? entry.fields : [];
    if (fields.length === 0 || fields.some((field) => !cardFields.has(field)) || new Set(fields).size !== fields.length)
      problems.push(`${where} fields must be distinct card fields`);
    const colors = isRecord(entry.colors) ? entry.colors : {};
    for (const name of ["background", "text", "accent"])
      if (typeof colors[name] !== "string" || !colorPattern.test(colors[name] as string))
        problems.push(`${where} colors.${name} is not a colour`);
    if (!["left", "center", "split"].includes(String(entry.layout)))
      problems.push(`${where} has layout ${entry.layout}`);
  });
  return problems;
}

export function validateResourceIndex(input: unknown): string[] {
  if (!isRecord(input)) return ["the index is not an object"];
  const problems: string[] = [];
  checkVersion(problems, input);
  const files = Array.isArray(input.files) ? input.files : [];
  if (files.length === 0) problems.push("the index lists no files");
  for (const [index, entry] of files.entries()) {
    if (!isRecord(entry) || typeof entry.kind !== "string") problems.push(`files[${index}] needs a kind`);
    else checkResourcePath(problems, `files[${index}] path`, entry.path, ["json"]);
  }
  return problems;
}

/** One resource file by its kind; the preset kinds check their values against `tree`. */
export function validateResourceFile(kind: ResourceKind, input: unknown, tree: SettingsTree): string[] {
  switch (kind) {
    case "settings":
      return validateSettingsTree(input);
    case "templates":
    case "mobileTemplates":
    case "themes":
    case "scenes":
    case "backgrounds":
      return validatePresetFile(input, tree, kind);
    case "brandDefault":
      return validateBrandDefault(input);
    case "brandConfig":
      return validateBrandConfig(input);
    case "businessCards":
      return validateBusinessCards(input);
  }
}

/** Paths under /resourceFiles/ a resource file refers to (previews, images, logos), for existence checks. */
export function referencedPaths(kind: ResourceKind, input: unknown): string[] {
  if (!isRecord(input)) return [];
  if (kind === "brandDefault") {
    const brands = isRecord(input.brands) ? Object.values(input.brands) : [];
    return brands.flatMap((brand) =>
      isRecord(brand) && typeof brand.logo === "string" && brand.logo ? [brand.logo] : [],
    );
  }
  const items = Array.isArray(input.items) ? input.items.filter(isRecord) : [];
  return items.flatMap((item) =>
    [item.preview, item.image].filter((path): path is string => typeof path === "string" && path !== ""),
  );
}
