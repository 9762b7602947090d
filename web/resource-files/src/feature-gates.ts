/**
 * Which gated features (spec 000 §6; the power service's codes, services/power/src/domain/features.ts) an
 * update-book asks for. htmlConfig keys come in two spellings — the editor's spec names (DownloadButtonVisible,
 * backGroundImgURL, …) and the reader's own (hardCover, autoFlip, …) — so keys match case-insensitively and both
 * are listed. A change that switches a feature off or clears it ("", false, 0, "no", "hide", null) needs nothing:
 * an account that lost a feature can still remove it from its books.
 */
const featureKeys: Record<string, readonly string[]> = {
  LOGO: [
    "appLogoIcon",
    "appLargeLogoURL",
    "appLogoLinkURL",
    "logoHeight",
    "logoPadding",
    "logoTop",
    "logo",
    "logoLink",
    "largeLogo",
    "bookLogo",
    "logoFixedSize",
  ],
  DOWNLOAD: ["DownloadButtonVisible", "downloadURL", "downloadButton", "download"],
  PHONE_BUTTON: [
    "PhoneButtonVisible",
    "phoneButton",
    "singlePhoneNumber",
    "MultiPhoneNumber",
    "isSingleNum",
    "isMultiNum",
  ],
  BACKGROUND_IMAGE: ["backGroundImgURL", "backgroundPosition", "backgroundOpacity", "backgroundImage"],
  BACKGROUND_MUSIC: ["backgroundMusic", "bgMusic", "backgroundsound", "music"],
  LOADING_MEDIA: ["loadingPicture", "loadingVideo"],
  SHADOW: ["showShadow"],
  THICKNESS: ["thicknessWidthType", "pageThickness"],
  BOOKMARK: ["BookMarkButtonVisible", "bookmarkButton"],
  TOC: ["TableOfContentButtonVisible", "TocButtonVisible"],
  AD_BANNER: ["adConfig"],
  BOOK_DESCRIPTION: ["AboutButtonVisible", "aboutButton", "aboutContent", "bookDescription"],
  LANGUAGE: ["languageSetting"],
  PUBLIC_LOGO: ["publicLogo", "loadingBrand", "toolBarBrand", "relatedBrand"],
  HOT_LABEL: ["label", "hotLabel"],
  WECHAT_SHARE_ICON: ["wechatShareIcon", "shareIcon"],
  HIDE_TOOLBAR: ["hideToolbar"],
  READER_MESSAGE: ["MessageButtonVisible", "showLeaveMessage", "messageButton"],
  AUTO_FLIP: [
    "AutoPlayButtonVisible",
    "autoPlayAutoStart",
    "autoPlayDuration",
    "autoPlayLoopCount",
    "autoFlip",
    "autoFlipButton",
    "autoFlipIntervalSeconds",
  ],
  HARD_COVER: ["HardPageEnable", "hardCover", "hardPages", "hardCoverBorderWidth"],
  HOME_LINK: ["HomeButtonVisible", "HomeURL", "homeButton"],
  COPY_TEXT: ["SelectTextButtonVisible", "selectText", "copyText"],
};

/** The 22 feature codes, as the power service names them. */
export const gatedFeatureCodes = Object.keys(featureKeys);

const featureByKey = new Map<string, string>(
  Object.entries(featureKeys).flatMap(([code, keys]) => keys.map((key) => [key.toLowerCase(), code] as const)),
);

/** The feature an htmlConfig key belongs to, if gated. */
export function featureOfKey(key: string): string | undefined {
  return featureByKey.get(key.toLowerCase());
}

const offWords = new Set(["", "0", "no", "hide", "false", "none", "off", "null"]);

/** Whether a value switches its setting off or clears it (spec 000 §5 booleans: only yes/show/true are on). */
export function switchesOff(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0) return true;
  if (typeof value === "string") return offWords.has(value.trim().toLowerCase());
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") {
    const entries = Object.values(value as Record<string, unknown>);
    return (
      entries.length === 0 || ("haveAd" in (value as object) && switchesOff((value as { haveAd: unknown }).haveAd))
    );
  }
  return false;
}

export interface UpdateBookChange {
  /** The changed htmlConfig keys (the parsed bookConfig object). */
  bookConfig?: Record<string, unknown> | undefined;
  /** "1", "0" or "" (unchanged). */
  isDownload?: string | undefined;
  /** The plugin list (parsed), when sent. */
  plugin?: unknown;
  /** The download config (parsed), when sent. */
  downloadconfig?: unknown;
}

/** The gated features an update-book change needs, in the order first met (each once). */
export function featuresNeeded(change: UpdateBookChange): string[] {
  const needed = new Set<string>();
  for (const [key, value] of Object.entries(change.bookConfig ?? {})) {
    const code = featureOfKey(key);
    // A book label (fresh, hot, featured) is the HOT_LABEL feature, as update-book's own label field; none is free.
    if (key.toLowerCase() === "label" && ["", "0"].includes(String(value).trim())) continue;
    if (code && !switchesOff(value)) needed.add(code);
  }
  if (change.isDownload === "1") needed.add("DOWNLOAD");
  if (change.downloadconfig !== undefined && !switchesOff(change.downloadconfig)) needed.add("DOWNLOAD");
  const plugins = Array.isArray(change.plugin) ? change.plugin : [];
  if (plugins.some((plugin) => (plugin as { name?: unknown } | null)?.name === "BookLeaveMessage")) {
    needed.add("READER_MESSAGE");
  }
  return [...needed];
}

/** The book's own info fields of update-book (form texts as sent; absent: unchanged). */
export interface BookInfoChange {
  desc?: string | undefined;
  label?: string | undefined;
}

/**
 * The gated features a change of the book's own info needs (spec 000 §6): a description needs BOOK_DESCRIPTION, any
 * label but none ("0") HOT_LABEL. Clearing either needs nothing.
 */
export function infoFeaturesNeeded(change: BookInfoChange): string[] {
  const needed: string[] = [];
  if (change.desc !== undefined && change.desc.trim() !== "") needed.push("BOOK_DESCRIPTION");
  if (change.label !== undefined && change.label.trim() !== "" && change.label.trim() !== "0") {
    needed.push("HOT_LABEL");
  }
  return needed;
}
