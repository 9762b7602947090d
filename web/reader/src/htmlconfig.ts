import { adSettings } from "./ads/ad-settings.js";
import { readerCard } from "./business-card/business-card.js";
import { scenes } from "./scene/scenes.js";
import { buttonOrder } from "./settings/button-order.js";
import {
  brandHandler,
  button,
  emptyBackground,
  emptyLogo,
  emptyPhone,
  gradient,
  type Handler,
  loaderField,
  margin,
  miniSide,
  phoneList,
  positions,
  set,
  setIn,
  text,
} from "./settings/config-handlers.js";
import {
  asAlpha,
  asBoolean,
  asColour,
  asNumber,
  asNumberWithin,
  asObject,
  asUrl,
  asWholeNumberWithin,
} from "./settings/values.js";

// The value readers and the parts the handlers use, where the tests and the preview have always found them.
export { adSettings } from "./ads/ad-settings.js";
export { emptyLoader, loaderCaption } from "./loader/loader-settings.js";
export { scenes } from "./scene/scenes.js";
export { buttonOrder } from "./settings/button-order.js";
export { gradientAngle } from "./settings/config-handlers.js";
export { asAlpha, asBoolean, asColour, asUrl, withAlpha } from "./settings/values.js";
export { zoomLevelsFor } from "./zoom/zoom-levels.js";

/**
 * The editor's htmlConfig keys (spec 000 §3/§4 names where the spec gives them, the settings tree's names for the
 * rest) as reader settings: each key's handler (settings/config-handlers.ts).
 */
export const htmlConfigHandlers: Record<string, Handler> = {
  loadingBrand: brandHandler("loading"),
  toolBarBrand: brandHandler("toolbar"),
  relatedBrand: brandHandler("related"),
  // The book's business card (served by the book service, or posted by the editor's preview) and its style's id.
  businessCard: (settings, value) => ({ ...settings, businessCard: readerCard(asObject(value)) }),
  businessCardStyle: (settings, value) => ({ ...settings, cardStyle: text(value).trim().slice(0, 64) }),
  // Logo: picture, link, padding, height, top margin; the large logo is 55 px high whatever logoHeight says.
  appLogoIcon: setIn(
    "logo",
    emptyLogo,
    (logo, value) => {
      const url = asUrl(value);
      return url === undefined ? undefined : { ...logo, url, large: false };
    },
    (logo) => !logo.url,
  ),
  appLargeLogoURL: setIn(
    "logo",
    emptyLogo,
    (logo, value) => {
      const url = asUrl(value);
      return url === undefined ? undefined : { ...logo, url, large: true };
    },
    (logo) => !logo.url,
  ),
  appLogoLinkURL: setIn("logo", emptyLogo, (logo, value) => {
    const link = asUrl(value);
    return link === undefined ? undefined : { ...logo, link };
  }),
  logoHeight: setIn("logo", emptyLogo, (logo, value) => {
    const height = asNumberWithin(8, 500)(value);
    return height === undefined ? undefined : { ...logo, height };
  }),
  logoPadding: setIn("logo", emptyLogo, (logo, value) => {
    const padding = asNumber(value);
    return padding === undefined ? undefined : { ...logo, padding };
  }),
  logoTop: setIn("logo", emptyLogo, (logo, value) => {
    const top = asNumber(value);
    return top === undefined ? undefined : { ...logo, top };
  }),
  // Background: gradient A/B and its angle, picture with position and opacity.
  bgBeginColor: gradient("colorA"),
  bgEndColor: gradient("colorB"),
  bgMRotation: gradient("angle"),
  backGroundImgURL: setIn(
    "backgroundImage",
    emptyBackground,
    (image, value) => {
      const url = asUrl(value);
      return url === undefined ? undefined : { ...image, url };
    },
    (image) => !image.url,
  ),
  backgroundPosition: setIn("backgroundImage", emptyBackground, (image, value) => {
    const position = positions[text(value).trim().toLowerCase()];
    return position ? { ...image, position } : undefined;
  }),
  backgroundOpacity: setIn("backgroundImage", emptyBackground, (image, value) => {
    const opacity = asAlpha(value);
    return opacity === undefined ? undefined : { ...image, opacity };
  }),
  // Toolbar.
  toolbarColor: set("toolbarColor", asColour),
  toolbarAlpha: set("toolbarAlpha", asAlpha),
  iconColor: set("iconColor", asColour),
  // Loader.
  loadingCaption: loaderField("caption", text),
  loadingCaptionFontSize: loaderField("fontSize", asNumberWithin(8, 96)),
  loadingCaptionColor: loaderField("color", asColour),
  loadingPicture: loaderField("picture", asUrl),
  loadingBackground: loaderField("background", asColour),
  loadingDisplayTime: loaderField("minSeconds", asNumberWithin(0, 30)),
  loadingVideo: loaderField("video", asUrl),
  loadingCaptionSource: loaderField("captionSource", (value) =>
    value === "title" || value === "custom" || value === "none" ? value : undefined,
  ),
  loadingBackgroundColorType: loaderField("backgroundType", (value) => {
    const type = asNumber(value);
    return type === 1 || type === 2 ? type : undefined;
  }),
  // Shadows, cover, binding, thickness.
  showShadow: set("shadows", asBoolean),
  HardPageEnable: set("hardPages", asBoolean),
  hardCoverBorderWidth: set("coverBorderWidth", asNumberWithin(0, 40)),
  borderColor: set("coverBorderColor", asColour),
  cornerRound: set("cornerRadius", asNumberWithin(0, 60)),
  BindingType: set("binding", (value) => {
    const type = text(value).trim().toLowerCase();
    if (type === "none" || type === "spiral") return type;
    return type === "gutter" || type === "side" || type === "normal" ? "gutter" : undefined;
  }),
  thicknessWidthType: set("thickness", (value) => {
    const type = text(value).trim().toLowerCase();
    if (type === "thinner" || type === "thin") return "thin";
    if (type === "thicker" || type === "thick") return "thick";
    return type === "none" || type === "" ? "none" : undefined;
  }),
  // Margins (negative allowed) and phone margins.
  topMargin: margin("margins", "top"),
  rightMargin: margin("margins", "right"),
  bottomMargin: margin("margins", "bottom"),
  leftMargin: margin("margins", "left"),
  topMarginOnMobile: margin("mobileMargins", "top"),
  rightMarginOnMobile: margin("mobileMargins", "right"),
  bottomMarginOnMobile: margin("mobileMargins", "bottom"),
  leftMarginOnMobile: margin("mobileMargins", "left"),
  // Behaviour.
  showHelpContentAtFirst: set("helpAtStart", asBoolean),
  CurlingPageCorner: set("curlingCorner", asBoolean),
  isStopMouseMenu: set("disableRightClick", asBoolean),
  disableRightClick: set("disableRightClick", asBoolean),
  bookmarkOnSideEdge: set("bookmarkOnSideEdge", asBoolean),
  bookmarkHasTexture: set("bookmarkHasTexture", asBoolean),
  OpenWindow: set("linkTarget", (value) => (text(value).trim().toLowerCase() === "self" ? "_self" : "_blank")),
  leastSearchChar: set("searchMinLength", asWholeNumberWithin(1, 10)),
  autoPlayAutoStart: set("autoFlip", asBoolean),
  autoPlayDuration: set("autoFlipIntervalSeconds", asNumberWithin(1, 600)),
  autoPlayLoopCount: set("autoFlipLoops", (value) => {
    const loops = asNumber(value);
    return loops === undefined ? undefined : loops < 0 ? -1 : Math.round(loops);
  }),
  printWatermarkFile: set("printWatermark", text),
  // Buttons.
  HomeButtonVisible: button("home"),
  HomeURL: set("homeUrl", asUrl),
  AboutButtonVisible: button("about"),
  aboutButtonVisible: button("about"),
  aboutContent: set("aboutText", text),
  enablePageBack: (settings, value) => {
    const on = asBoolean(value);
    return { ...settings, buttons: { ...settings.buttons, back: on, forward: on } };
  },
  ShareButtonVisible: button("share"),
  ThumbnailsButtonVisible: button("thumbnails"),
  BookMarkButtonVisible: button("bookmark"),
  TableOfContentButtonVisible: button("contents"),
  SearchButtonVisible: button("search"),
  SelectTextButtonVisible: button("selectText"),
  WeChatButtonVisible: button("wechat"),
  PrintButtonVisible: (settings, value) => ({ ...settings, print: asBoolean(value) }),
  AutoPlayButtonVisible: button("autoFlip"),
  ZoomButtonVisible: button("zoom"),
  MagnifierButtonVisible: (settings, value) => ({ ...settings, magnifier: asBoolean(value) }),
  FullscreenButtonVisible: button("fullscreen"),
  AnnotationButtonVisible: button("annotation"),
  InstructionsButtonVisible: button("help"),
  EmailButtonVisible: button("email"),
  btnShareWithEmailSubject: (settings, value) => ({ ...settings, email: { ...settings.email, subject: text(value) } }),
  btnShareWithEmailBody: (settings, value) => ({ ...settings, email: { ...settings.email, body: text(value) } }),
  PhoneButtonVisible: button("phone"),
  // The BookLeaveMessage plugin follows these two keys on the server (spec 000 §4); the reader shows its button.
  MessageButtonVisible: button("message"),
  showLeaveMessage: button("message"),
  singlePhoneNumber: setIn("phone", emptyPhone, (phone, value) => ({ ...phone, single: text(value).trim() })),
  MultiPhoneNumber: setIn("phone", emptyPhone, (phone, value) => {
    const multiple = phoneList(value);
    return multiple === undefined ? undefined : { ...phone, multiple };
  }),
  isMultiNum: setIn("phone", emptyPhone, (phone, value) => ({ ...phone, useMultiple: asBoolean(value) })),
  isSingleNum: setIn("phone", emptyPhone, (phone, value) => ({ ...phone, useMultiple: !asBoolean(value) })),
  buttonsSortXML: set("mobileButtonOrder", buttonOrder),
  adConfig: set("ads", adSettings),
  // Share channels (spec 000 §3): the region and the chosen list.
  socialShareType: set("shareRegion", (value) => {
    const region = asNumber(value);
    return region === 0 || region === 1 || region === 2 ? region : undefined;
  }),
  socialSharingList: set("shareChannels", (value) => {
    const parsed = asObject(value);
    if (Array.isArray(parsed)) return parsed.map(String);
    return typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : undefined;
  }),
  // Analytics and where the book may be read.
  googleAnalyticsID: set("analyticsId", (value) => {
    const id = text(value).trim();
    return id === "" || /^[A-Z]{1,3}-[A-Z0-9-]{4,20}$/i.test(id) ? id : undefined;
  }),
  trackingScript: set("trackingScript", text),
  OnlyOpenInIframe: set("embedOnly", asBoolean),
  OnlyOpenInIframeInfo: set("embedOnlyMessage", text),
  OnlyOpenInWeChat: set("wechatOnly", asBoolean),
  // Keys of the settings tree (web/resource-files settings.json) besides the spec's.
  miniMode: (settings, value) =>
    asBoolean(value)
      ? { ...settings, mini: settings.mini ?? { maxWidth: 800, maxHeight: 600 } }
      : { ...settings, mini: null },
  miniMaxWidth: miniSide("maxWidth"),
  miniMaxHeight: miniSide("maxHeight"),
  hideToolbar: set("hideToolbar", asBoolean),
  urlPageNumber: set("urlPageNumber", asBoolean),
  thumbnailColor: set("thumbnailColor", asColour),
  thumbnailAlpha: set("thumbnailAlpha", asAlpha),
  hdDisplay: set("hdDisplay", asBoolean),
  phoneMaxDisplay: set("phoneMaxDisplay", asWholeNumberWithin(1, 50)),
  languageSetting: set("interfaceLanguage", (value) => {
    const code = text(value).trim();
    return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/i.test(code) || code === "" ? code : undefined;
  }),
  flipStyle: set("flipStyle", (value) => {
    const style = text(value).trim().toLowerCase();
    return style === "curl" || style === "flat" || style === "slide" ? style : undefined;
  }),
  zoomWidths: set("zoomWidths", (value) => {
    const widths = (Array.isArray(value) ? value : text(value).split(/[\s,;]+/))
      .map(Number)
      .filter((width) => Number.isFinite(width) && width > 0);
    return [...new Set(widths)].sort((a, b) => a - b).slice(0, 8);
  }),
  dynamicScene: set("dynamicScene", (value) => {
    const scene = text(value).trim().toLowerCase();
    return ["", "none", ...scenes].includes(scene) ? (scene === "none" ? "" : scene) : undefined;
  }),
  // The download button's own address (empty: the original PDF the gateway settled).
  downloadURL: (settings, value) => {
    const url = asUrl(value);
    if (url === undefined || !settings.download) return url === undefined ? undefined : settings;
    const { pdfUrl: _original, ...rest } = settings.download;
    return { ...settings, download: url ? { ...rest, pdfUrl: url } : settings.download };
  },
};
