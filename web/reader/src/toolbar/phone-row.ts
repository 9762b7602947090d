import type { ButtonName } from "../settings/types.js";

/** How many tools a 360–390 px phone's row holds beside turning, the page number and "more" (40 px each). */
export const phoneRowTools = 4;

/** The phone row's tools when the book orders none: the ones a reader reaches for while reading. */
const defaultRow: ButtonName[] = ["home", "contents", "thumbnails", "search"];

/**
 * The tools on a phone's one-row toolbar: previous and next always, then the first ones the book's mobile order
 * (buttonsSortXML) lists, filled up from the default row; every other tool goes under "more".
 */
export function phoneRow(mobileOrder: readonly ButtonName[]): Set<string> {
  const navigation = new Set<string>(["previous", "next", "first", "last"]);
  const picked: string[] = [];
  for (const name of [...mobileOrder, ...defaultRow]) {
    if (picked.length >= phoneRowTools) break;
    if (!navigation.has(name) && !picked.includes(name)) picked.push(name);
  }
  return new Set([...navigation, ...picked]);
}
