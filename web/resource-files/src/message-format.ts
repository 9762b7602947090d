/**
 * The one filler of interface and message texts: ICU MessageFormat (FormatJS `intl-messageformat`). A plain
 * `{name}` template is valid ICU and reads as before; a count may choose its words with
 * `{count, plural, one {# page} other {# pages}}`. Browser-safe and a leaf (no other module of ours), so the
 * services (kit, language) and the editor import it alike: `@turnleaf/resource-files/message-format`.
 *
 * What the hand-written fillers did stays: a parameter the caller did not give keeps its `{name}` visible, numbers
 * read as `String(n)` (no grouping), and `<b>`-like text is plain text, not a tag. A text that is not valid ICU (a
 * lone `{`) is filled the old way, `{name}` by `{name}`, rather than failing.
 */
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";

export type MessageValue = string | number;
export type MessageValues = Readonly<Record<string, MessageValue | undefined>>;

/** Locale used for plural rules when the caller names none (the plural forms are written in the English texts). */
const defaultLocale = "en";

const parsed = new Map<string, MessageFormatElement[] | null>();

/** The text's ICU syntax tree, or null when it is not valid ICU (remembered: catalogues repeat their texts). */
function syntaxOf(template: string): MessageFormatElement[] | null {
  let tree = parsed.get(template);
  if (tree === undefined) {
    try {
      tree = parse(template, { ignoreTag: true });
    } catch {
      tree = null;
    }
    if (parsed.size > 2000) parsed.clear();
    parsed.set(template, tree);
  }
  return tree;
}

function collectArguments(elements: readonly MessageFormatElement[], into: Set<string>): void {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(element.value);
        break;
      case TYPE.plural:
      case TYPE.select:
        into.add(element.value);
        for (const option of Object.values(element.options)) collectArguments(option.value, into);
        break;
      case TYPE.tag:
        collectArguments(element.children, into);
        break;
      default:
        break;
    }
  }
}

/** How a text that is not valid ICU is filled: each `{name}` by its value, a missing one kept. */
function fillPlain(template: string, values: MessageValues): string {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * The names a text's arguments use, sorted and without repeats (`{count, plural, …}` names `count`, and the
 * arguments inside its branches count too). A text that is not valid ICU answers its plain `{name}`s.
 */
export function messageArguments(template: string): string[] {
  const tree = syntaxOf(template);
  const names = new Set<string>();
  if (tree) collectArguments(tree, names);
  else for (const match of template.matchAll(/\{([A-Za-z_]\w*)\}/g)) names.add(match[1] ?? "");
  return [...names].sort();
}

/** Whether a text is valid ICU MessageFormat (as the formatter reads it: tags are plain text). */
export function isMessageSyntax(template: string): boolean {
  return syntaxOf(template) !== null;
}

/**
 * A text with its arguments filled. `locale` picks the plural rules (English when not given). A missing plain
 * argument stays `{name}`; a plural or number argument without a usable number leaves the text filled the plain way.
 */
export function formatMessage(template: string, values: MessageValues = {}, locale: string = defaultLocale): string {
  const tree = syntaxOf(template);
  if (!tree) return fillPlain(template, values);
  const plain = fillArguments(tree, values);
  if (plain !== undefined) return plain;
  const given: Record<string, MessageValue> = {};
  for (const name of messageArguments(template)) {
    const value = values[name];
    // A missing value reads as its placeholder, as before; for a plural the format below fails and falls back.
    given[name] = value === undefined ? `{${name}}` : value;
  }
  try {
    const formatted = formatterOf(template, tree, locale).format(given);
    return typeof formatted === "string" ? formatted : String(formatted);
  } catch {
    return fillPlain(template, values);
  }
}

/**
 * A text of literal parts and plain `{name}` arguments only (or none), filled as intl-messageformat fills it (each value as
 * `String(value)`, a missing one as its placeholder) without making a formatter: making one resolves its locale
 * through Intl, which loads ICU's locale data on a process's first text (~15 ms of CPU; the command-line tool pays it
 * in every run). Undefined when the text has anything else (plural, select, number, date).
 */
function fillArguments(tree: readonly MessageFormatElement[], values: MessageValues): string | undefined {
  let filled = "";
  for (const element of tree) {
    if (element.type === TYPE.literal) filled += element.value;
    else if (element.type === TYPE.argument) {
      const value = values[element.value];
      filled += value === undefined ? `{${element.value}}` : String(value);
    } else return undefined;
  }
  return filled;
}

const formatters = new Map<string, IntlMessageFormat>();

/**
 * The formatter of a text in a locale, made once: making one resolves the locale through Intl every time (in a
 * profile of the REST fuzz test, intl-messageformat took 0.5 of its 54 CPU-s, most of it resolving locales).
 */
function formatterOf(template: string, tree: MessageFormatElement[], locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${template}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new IntlMessageFormat(tree, safeLocale(locale), undefined, { ignoreTag: true });
    if (formatters.size > 2000) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A locale the Intl plural rules accept (an unknown or malformed tag reads as English). */
function safeLocale(locale: string): string {
  try {
    return Intl.PluralRules.supportedLocalesOf(locale)[0] ?? defaultLocale;
  } catch {
    return defaultLocale;
  }
}
