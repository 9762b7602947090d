import type { ButtonName } from "./types.js";
import { asObject } from "./values.js";

const buttonNames = new Set<string>([
  "home",
  "about",
  "back",
  "forward",
  "first",
  "previous",
  "next",
  "last",
  "zoom",
  "contents",
  "thumbnails",
  "bookmark",
  "search",
  "selectText",
  "autoFlip",
  "sound",
  "magnifier",
  "download",
  "print",
  "share",
  "wechat",
  "email",
  "phone",
  "message",
  "annotation",
  "help",
  "language",
  "fullscreen",
]);

/** The settings tree's button names (FlipBuilder-style, as buttonsSortXML writes them) to the reader's. */
const buttonAliases: Record<string, ButtonName> = {
  homebutton: "home",
  aboutbutton: "about",
  tableofcontent: "contents",
  toc: "contents",
  catalog: "contents",
  thumbnail: "thumbnails",
  thumbnailsbutton: "thumbnails",
  bookmarkbutton: "bookmark",
  searchbutton: "search",
  selecttext: "selectText",
  autoplay: "autoFlip",
  autoflip: "autoFlip",
  backgroundsound: "sound",
  sound: "sound",
  wechat: "wechat",
  email: "email",
  phone: "phone",
  message: "message",
  leavemessage: "message",
  messagebutton: "message",
  annotation: "annotation",
  help: "help",
  instructions: "help",
  zoom: "zoom",
  fullscreen: "fullscreen",
  print: "print",
  download: "download",
  share: "share",
  magnifier: "magnifier",
};

/**
 * The mobile button order (buttonsSortXML): a JSON array of names, a comma or space separated list, or XML whose
 * elements or `name` attributes carry the names. Unknown names are dropped; duplicates count once.
 */
export function buttonOrder(value: unknown): ButtonName[] {
  let names: string[];
  const parsed = asObject(value);
  if (Array.isArray(parsed)) names = parsed.map(String);
  else {
    const text = String(value ?? "");
    const attributes = [...text.matchAll(/name\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1] as string);
    names = attributes.length > 0 ? attributes : text.split(/[\s,;<>/]+/);
  }
  const order: ButtonName[] = [];
  for (const raw of names) {
    const plain = raw.trim().replace(/Button(Visible)?$/i, "");
    const name = buttonNames.has(plain) ? (plain as ButtonName) : buttonAliases[plain.toLowerCase()];
    if (name && !order.includes(name)) order.push(name);
  }
  return order;
}
