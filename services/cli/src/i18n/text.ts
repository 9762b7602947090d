import { platformMessage } from "./platform-messages.js";
import type { CliTextKey } from "./texts/index.js";
import type { Translate } from "./translate.js";

/**
 * A text of the catalogue not yet put into words: its key and its values, which may be texts themselves (a failure
 * that names what failed). Failures carry one, so code far from the command's context never chooses the language;
 * the command's language fills it when it is shown, and `--json` shows the key.
 */
export interface Text {
  readonly key: CliTextKey;
  readonly values?: Readonly<Record<string, TextValue>>;
}
export type TextValue = string | number | Text;

export function text(key: CliTextKey, values?: Record<string, TextValue>): Text {
  return values ? { key, values } : { key };
}

function isText(value: TextValue): value is Text {
  return typeof value === "object";
}

/** A coded message of the platform (a conversion failure), worded from the platform's catalogue. */
export function platformText(coded: string): Text {
  return text("platformMessage", { coded });
}

/** The text in the language of `t`, its nested texts first. */
export function render(t: Translate, message: Text): string {
  if (message.key === "platformMessage") return platformMessage(t.language, String(message.values?.coded ?? ""));
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    values[name] = isText(value) ? render(t, value) : value;
  }
  return t(message.key, values);
}
