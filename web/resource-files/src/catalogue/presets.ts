import type {
  BackgroundsFile,
  BrandConfigFile,
  BrandDefaultFile,
  BusinessCardsFile,
  ScenesFile,
  TemplatesFile,
  ThemesFile,
} from "../types.js";
import { t } from "./nodes.js";

/**
 * The sources of the preset resource files. Every key a preset sets must be a setting of the tree with a value its
 * node accepts (validatePresetFile checks it; the generator refuses to write otherwise). Themes set plain colours,
 * not the gradient keys: the reader cannot clear a gradient once set, and a gradient would hide the background
 * colour the user picks afterwards.
 */

export const scenes: ScenesFile = {
  version: 1,
  defaultId: "none",
  items: [
    ["none", "无", "None", ""],
    ["snow", "雪花", "Snow", "snow"],
    ["rain", "细雨", "Rain", "rain"],
    ["petals", "花瓣", "Petals", "petals"],
    ["stars", "星空", "Stars", "stars"],
    ["bubbles", "气泡", "Bubbles", "bubbles"],
    ["leaves", "落叶", "Falling leaves", "leaves"],
  ].map(([id = "", zh = "", en = "", scene = ""]) => ({
    id,
    name: t(zh, en),
    spokenTitle: t(id === "none" ? "关闭动态场景" : `${zh}场景`, id === "none" ? "No scene" : `${en} scene`),
    preview: `scenes/previews/${id}.svg`,
    settings: { dynamicScene: scene },
  })),
};

export const themes: ThemesFile = {
  version: 1,
  defaultId: "default",
  items: [
    {
      id: "default",
      name: t("默认", "Default"),
      spokenTitle: t("默认主题", "Default theme"),
      preview: "themes/previews/default.svg",
      settings: {
        bgColor: "#3a3f47",
        toolbarColor: "#20242b",
        iconColor: "#ffffff",
        loadingBackground: "#3a3f47",
        loadingCaptionColor: "#ffffff",
        thumbnailColor: "#000000",
      },
    },
    {
      id: "ocean",
      name: t("海洋", "Ocean"),
      spokenTitle: t("海洋主题", "Ocean theme"),
      preview: "themes/previews/ocean.svg",
      settings: {
        bgColor: "#184e77",
        toolbarColor: "#0b2545",
        iconColor: "#d9ed92",
        loadingBackground: "#0b2545",
        loadingCaptionColor: "#d9ed92",
        thumbnailColor: "#0b2545",
      },
    },
    {
      id: "forest",
      name: t("森林", "Forest"),
      spokenTitle: t("森林主题", "Forest theme"),
      preview: "themes/previews/forest.svg",
      settings: {
        bgColor: "#2d6a4f",
        toolbarColor: "#1b4332",
        iconColor: "#d8f3dc",
        loadingBackground: "#1b4332",
        loadingCaptionColor: "#d8f3dc",
        thumbnailColor: "#081c15",
      },
    },
    {
      id: "sunset",
      name: t("日落", "Sunset"),
      spokenTitle: t("日落主题", "Sunset theme"),
      preview: "themes/previews/sunset.svg",
      settings: {
        bgColor: "#9d4edd",
        toolbarColor: "#3c096c",
        iconColor: "#ffd6a5",
        loadingBackground: "#3c096c",
        loadingCaptionColor: "#ffd6a5",
        thumbnailColor: "#240046",
      },
    },
    {
      id: "graphite",
      name: t("石墨", "Graphite"),
      spokenTitle: t("石墨主题", "Graphite theme"),
      preview: "themes/previews/graphite.svg",
      settings: {
        bgColor: "#212529",
        toolbarColor: "#000000",
        iconColor: "#adb5bd",
        loadingBackground: "#212529",
        loadingCaptionColor: "#adb5bd",
        thumbnailColor: "#000000",
      },
    },
    {
      id: "paper",
      name: t("纸张", "Paper"),
      spokenTitle: t("纸张主题", "Paper theme"),
      preview: "themes/previews/paper.svg",
      settings: {
        bgColor: "#f1ece2",
        toolbarColor: "#5c4b37",
        iconColor: "#fbf8f1",
        loadingBackground: "#f1ece2",
        loadingCaptionColor: "#5c4b37",
        thumbnailColor: "#5c4b37",
      },
    },
  ],
};

export const templates: TemplatesFile = {
  version: 1,
  defaultId: "classic",
  items: [
    {
      id: "classic",
      name: t("经典", "Classic"),
      spokenTitle: t("经典模板", "Classic template"),
      preview: "templates/previews/classic.svg",
      themeId: "default",
      settings: {
        flipStyle: "curl",
        flipDirection: "ltr",
        pageMode: "auto",
        hardCover: true,
        showShadow: true,
        thicknessWidthType: "thin",
        CurlingPageCorner: true,
        BindingType: "gutter",
        ThumbnailsButtonVisible: true,
        SearchButtonVisible: true,
        ShareButtonVisible: true,
        hideToolbar: false,
      },
    },
    {
      id: "minimal",
      name: t("简约", "Minimal"),
      spokenTitle: t("简约模板", "Minimal template"),
      preview: "templates/previews/minimal.svg",
      themeId: "graphite",
      settings: {
        flipStyle: "flat",
        flipDirection: "ltr",
        pageMode: "auto",
        hardCover: false,
        showShadow: false,
        thicknessWidthType: "none",
        CurlingPageCorner: false,
        BindingType: "gutter",
        ThumbnailsButtonVisible: false,
        AnnotationButtonVisible: false,
        toolbarAlpha: 0.6,
      },
    },
    {
      id: "magazine",
      name: t("杂志", "Magazine"),
      spokenTitle: t("杂志模板", "Magazine template"),
      preview: "templates/previews/magazine.svg",
      themeId: "sunset",
      settings: {
        flipStyle: "curl",
        flipDirection: "ltr",
        pageMode: "double",
        hardCover: false,
        showShadow: true,
        thicknessWidthType: "thin",
        CurlingPageCorner: true,
        BindingType: "gutter",
        flippingTime: 0.5,
      },
    },
    {
      id: "calendar",
      name: t("台历", "Calendar"),
      spokenTitle: t("台历模板", "Calendar template"),
      preview: "templates/previews/calendar.svg",
      themeId: "forest",
      settings: {
        flipStyle: "curl",
        flipDirection: "vertical",
        pageMode: "single",
        hardCover: true,
        BindingType: "spiral",
        thicknessWidthType: "none",
      },
    },
    {
      id: "catalog",
      name: t("产品目录", "Product catalogue"),
      spokenTitle: t("产品目录模板", "Product catalogue template"),
      preview: "templates/previews/catalog.svg",
      themeId: "ocean",
      settings: {
        flipStyle: "slide",
        flipDirection: "ltr",
        pageMode: "auto",
        hardCover: false,
        BindingType: "spiral",
        SearchButtonVisible: true,
        ZoomButtonVisible: true,
        PhoneButtonVisible: true,
        TableOfContentButtonVisible: true,
      },
    },
  ],
};

export const mobileTemplates: TemplatesFile = {
  version: 1,
  defaultId: "phone-classic",
  items: [
    {
      id: "phone-classic",
      name: t("手机经典", "Phone classic"),
      spokenTitle: t("手机经典模板", "Phone classic template"),
      preview: "mobile/templates/previews/phone-classic.svg",
      themeId: "default",
      settings: { pageMode: "single", flipStyle: "curl", flipDirection: "ltr", hideToolbar: false, toolbarAlpha: 1 },
    },
    {
      id: "phone-slide",
      name: t("手机滑动", "Phone slide"),
      spokenTitle: t("手机滑动模板", "Phone slide template"),
      preview: "mobile/templates/previews/phone-slide.svg",
      themeId: "graphite",
      settings: { pageMode: "single", flipStyle: "slide", flipDirection: "ltr", toolbarAlpha: 0.8, showShadow: false },
    },
    {
      id: "phone-calendar",
      name: t("手机台历", "Phone calendar"),
      spokenTitle: t("手机台历模板", "Phone calendar template"),
      preview: "mobile/templates/previews/phone-calendar.svg",
      themeId: "forest",
      settings: { pageMode: "single", flipStyle: "curl", flipDirection: "vertical", BindingType: "spiral" },
    },
  ],
};

/** Mobile backgrounds: vertical gradients [id, zh, en, top colour, bottom colour]. */
export const backgroundGradients: [string, string, string, string, string][] = [
  ["dawn", "晨曦", "Dawn", "#ffd6a5", "#ff8fab"],
  ["dusk", "黄昏", "Dusk", "#5a189a", "#ff6d00"],
  ["mint", "薄荷", "Mint", "#d8f3dc", "#52b788"],
  ["lavender", "薰衣草", "Lavender", "#e0c3fc", "#8ec5fc"],
  ["paper", "纸张", "Paper", "#fbf8f1", "#e3d9c6"],
  ["night", "夜空", "Night", "#0b132b", "#3a506b"],
];

export const backgrounds: BackgroundsFile = {
  version: 1,
  defaultId: "dawn",
  items: backgroundGradients.map(([id, zh, en]) => {
    const image = `mobile/backgrounds/images/${id}.png`;
    return {
      id,
      name: t(zh, en),
      spokenTitle: t(`${zh}背景`, `${en} background`),
      preview: image,
      image,
      settings: { backGroundImgURL: `/resourceFiles/${image}`, backgroundPosition: "fill", backgroundOpacity: 1 },
    };
  }),
};

export const brandDefault: BrandDefaultFile = {
  version: 1,
  brands: {
    loadingBrand: {
      title: t("Turnleaf", "Turnleaf"),
      logo: "brand/turnleaf-logo.svg",
      desc: t("由 Turnleaf 制作的翻页书", "A flipbook made with Turnleaf"),
      link: "",
    },
    toolBarBrand: {
      title: t("Turnleaf", "Turnleaf"),
      logo: "brand/turnleaf-logo.svg",
      desc: t("用 Turnleaf 制作你自己的翻页书", "Make your own flipbook with Turnleaf"),
      link: "",
    },
    relatedBrand: {
      title: t("更多书籍", "More books"),
      logo: "",
      desc: t("同一作者的其他书籍", "Other books by the same author"),
      link: "",
    },
  },
};

export const brandConfig: BrandConfigFile = {
  version: 1,
  kinds: [
    {
      kind: "loadingBrand",
      name: t("加载品牌", "Loading brand"),
      desc: t("加载页上显示的标志和文字", "Logo and text on the loading screen"),
      fields: ["title", "logo", "desc"],
    },
    {
      kind: "toolBarBrand",
      name: t("工具栏品牌", "Toolbar brand"),
      desc: t("工具栏上的品牌信息（标题、标志、描述）", "Brand information in the toolbar (title, logo, description)"),
      fields: ["title", "logo", "desc", "link"],
    },
    {
      kind: "relatedBrand",
      name: t("相关品牌", "Related brand"),
      desc: t("书末推荐的相关书籍入口", "The related-books entry at the end of the book"),
      fields: ["title", "desc", "link"],
    },
  ],
  logo: {
    accept: ["jpg", "jpeg", "png", "gif"],
    maxWidth: 500,
    maxHeight: 500,
    recommendedWidth: 150,
    recommendedHeight: 30,
    minWidthExclusive: 2,
  },
  titleMaxLength: 100,
  descMaxLength: 500,
};

export const businessCards: BusinessCardsFile = {
  version: 1,
  defaultId: "classic",
  fieldLabels: {
    name: t("姓名", "Name"),
    jobTitle: t("职位", "Job title"),
    company: t("公司", "Company"),
    phone: t("电话", "Phone"),
    email: t("邮箱", "Email"),
    address: t("地址", "Address"),
    website: t("网址", "Website"),
    avatar: t("头像", "Photo"),
  },
  items: [
    {
      id: "classic",
      name: t("经典", "Classic"),
      preview: "businessCards/previews/classic.svg",
      fields: ["avatar", "name", "jobTitle", "company", "phone", "email", "address"],
      colors: { background: "#ffffff", text: "#212529", accent: "#1e6091" },
      layout: "left",
    },
    {
      id: "modern",
      name: t("现代", "Modern"),
      preview: "businessCards/previews/modern.svg",
      fields: ["name", "jobTitle", "company", "phone", "email", "website"],
      colors: { background: "#0b2545", text: "#ffffff", accent: "#d9ed92" },
      layout: "split",
    },
    {
      id: "minimal",
      name: t("简约", "Minimal"),
      preview: "businessCards/previews/minimal.svg",
      fields: ["name", "jobTitle", "phone", "email"],
      colors: { background: "#f8f9fa", text: "#343a40", accent: "#adb5bd" },
      layout: "center",
    },
    {
      id: "warm",
      name: t("暖色", "Warm"),
      preview: "businessCards/previews/warm.svg",
      fields: ["avatar", "name", "company", "phone", "address", "website"],
      colors: { background: "#fff1e6", text: "#5c4b37", accent: "#ff7b54" },
      layout: "left",
    },
  ],
};
