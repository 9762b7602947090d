/**
 * The phone toolbar's button order (htmlConfig `buttonsSortXML`, spec 000 §3): the reader's button names, each with
 * the settings-tree key whose title names it. Stored as a JSON array of names, which the reader reads first.
 */
export const orderableButtons: readonly (readonly [name: string, key: string])[] = [
  ["home", "HomeButtonVisible"],
  ["contents", "TableOfContentButtonVisible"],
  ["thumbnails", "ThumbnailsButtonVisible"],
  ["bookmark", "BookMarkButtonVisible"],
  ["search", "SearchButtonVisible"],
  ["selectText", "SelectTextButtonVisible"],
  ["autoFlip", "AutoPlayButtonVisible"],
  ["zoom", "ZoomButtonVisible"],
  ["share", "ShareButtonVisible"],
  ["wechat", "WeChatButtonVisible"],
  ["email", "EmailButtonVisible"],
  ["phone", "PhoneButtonVisible"],
  ["message", "MessageButtonVisible"],
  ["download", "DownloadButtonVisible"],
  ["annotation", "AnnotationButtonVisible"],
  ["help", "InstructionsButtonVisible"],
  ["about", "AboutButtonVisible"],
  ["fullscreen", "FullscreenButtonVisible"],
];

/** The stored order (a JSON array; anything else: none) completed by the buttons it leaves out, in their place. */
export function buttonOrderOf(stored: unknown): string[] {
  const known = orderableButtons.map(([name]) => name);
  let listed: unknown = [];
  if (typeof stored === "string" && stored.trim().startsWith("[")) {
    try {
      listed = JSON.parse(stored);
    } catch {
      listed = [];
    }
  }
  const first = (Array.isArray(listed) ? listed : []).filter(
    (name, index, all): name is string =>
      typeof name === "string" && known.includes(name) && all.indexOf(name) === index,
  );
  return [...first, ...known.filter((name) => !first.includes(name))];
}

/** The order with the button at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved(order: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
