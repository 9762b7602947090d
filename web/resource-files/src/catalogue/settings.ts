import type { SettingGroup, SettingsTree } from "../types.js";
import {
  audioTypes,
  bool,
  color,
  composite,
  file,
  form,
  imageTypes,
  list,
  num,
  t,
  text,
  videoTypes,
  when,
} from "./nodes.js";
import { scenes } from "./presets.js";

/**
 * The source of /resourceFiles/settings/settings.json: every reader setting of spec 001's "Reader-setting catalogue"
 * and every htmlConfig key spec 000 §3/§4 names, grouped as the editor shows them. Keys are the ones the reader
 * reads (web/reader/src/htmlconfig.ts and preview.ts): where it reads two for one setting, the editor's name is the
 * key and the other an alias. Defaults are what the reader does when the key is absent.
 * `npm run generate -w web/resource-files` writes the JSON.
 */

const px = { unit: "px" };

const interfaceLanguages: [string, string, string][] = [
  ["zh", "中文", "Chinese"],
  ["en", "英语", "English"],
  ["ja", "日语", "Japanese"],
  ["hi", "印地语", "Hindi"],
  ["fr", "法语", "French"],
  ["ar", "阿拉伯语", "Arabic"],
  ["de", "德语", "German"],
  ["ko", "韩语", "Korean"],
  ["pt", "葡萄牙语", "Portuguese"],
  ["ro", "罗马尼亚语", "Romanian"],
  ["es", "西班牙语", "Spanish"],
  ["th", "泰语", "Thai"],
];

/** Spec 000 §3 share channels with their regions (0 China, 1 global, 2 all). */
export const shareChannels: [string, string, string, 0 | 1 | 2][] = [
  ["wechat", "微信", "WeChat", 0],
  ["miniCode", "小程序码", "Mini-program code", 0],
  ["qrcode", "二维码", "QR code", 2],
  ["sinaweibo", "新浪微博", "Sina Weibo", 0],
  ["copy", "复制链接", "Copy link", 2],
  ["douban", "豆瓣", "Douban", 0],
  ["baidutieba", "百度贴吧", "Baidu Tieba", 0],
  ["poster", "海报", "Poster", 2],
  ["qzone", "QQ空间", "Qzone", 0],
  ["qqShare", "QQ", "QQ", 0],
  ["linkedin", "领英", "LinkedIn", 1],
  ["facebook", "Facebook", "Facebook", 1],
  ["twitter", "Twitter", "Twitter", 1],
  ["email", "电子邮件", "Email", 2],
  ["reddit", "Reddit", "Reddit", 1],
];

const sides = [
  ["top", "上", "Top", "above"],
  ["bottom", "下", "Bottom", "below"],
  ["left", "左", "Left", "left of"],
  ["right", "右", "Right", "right of"],
] as const;

const basic: SettingGroup[] = [
  {
    id: "basic",
    tab: "basic",
    title: t("基本设置", "Basic"),
    desc: t("阅读器的界面语言和品牌标志", "The reader's interface language and logo"),
    children: [
      list(
        "languageSetting",
        t("界面语言", "Interface language"),
        t("阅读器按钮和提示使用的语言", "The language of the reader's buttons and prompts"),
        "zh",
        interfaceLanguages.map(([code, zh, en]) => [code, t(zh, en)]),
      ),
      composite("logo", t("标志", "Logo"), t("显示在阅读器上的标志图片", "The logo picture shown in the reader"), [
        file(
          "appLogoIcon",
          t("标志图片", "Logo image"),
          t("标志图片，建议 34×34 像素", "The logo picture, 34×34 px recommended"),
          imageTypes,
        ),
        file(
          "appLargeLogoURL",
          t("大标志图片", "Large logo image"),
          t(
            "代替标志显示的大标志，高度固定为 55 像素",
            "A large logo shown instead of the logo; its height is fixed at 55 px",
          ),
          imageTypes,
        ),
        text(
          "appLogoLinkURL",
          t("标志链接", "Logo link"),
          t("点击标志打开的网址", "The URL a click on the logo opens"),
          "",
          { maxLength: 2048, pattern: "https?://\\S+" },
        ),
        num("logoPadding", t("标志内边距", "Logo padding"), t("标志四周的留白", "Space around the logo"), 0, {
          min: 0,
          max: 50,
          step: 1,
          ...px,
        }),
        num(
          "logoHeight",
          t("标志高度", "Logo height"),
          t("标志显示的高度（大标志固定 55 像素）", "The height the logo is drawn at (a large logo is always 55 px)"),
          40,
          { min: 8, max: 500, step: 1, ...px },
        ),
        num(
          "logoTop",
          t("标志上边距", "Logo top margin"),
          t("标志与顶部的距离", "Distance from the top edge to the logo"),
          0,
          {
            min: -100,
            max: 200,
            step: 1,
            ...px,
          },
        ),
        bool(
          "logoFixedSize",
          t("固定标志大小", "Fixed logo size"),
          t("缩放书本时标志保持原大小", "The logo keeps its size when the book is zoomed"),
          false,
        ),
      ]),
    ],
  },
];

const setup: SettingGroup[] = [
  {
    id: "background",
    tab: "setup",
    title: t("背景", "Background"),
    desc: t("书本背后的颜色、渐变、图片和动态场景", "Colour, gradient, picture and dynamic scene behind the book"),
    children: [
      color(
        "bgColor",
        t("背景颜色", "Background colour"),
        t("阅读器背后的颜色", "The colour behind the book"),
        "#3a3f47",
        {
          aliases: ["backgroundColor"],
        },
      ),
      composite(
        "bgGradient",
        t("渐变背景", "Gradient background"),
        t(
          "从颜色 A 到颜色 B 的渐变；两色相同即为纯色",
          "A gradient from colour A to colour B; the same colour twice is plain",
        ),
        [
          color(
            "bgBeginColor",
            t("渐变颜色 A", "Gradient colour A"),
            t("渐变的起始颜色", "Where the gradient starts"),
            "#3a3f47",
          ),
          color(
            "bgEndColor",
            t("渐变颜色 B", "Gradient colour B"),
            t("渐变的结束颜色", "Where the gradient ends"),
            "#3a3f47",
          ),
          list(
            "bgMRotation",
            t("渐变角度", "Gradient angle"),
            t("渐变的方向（度）", "The gradient's direction in degrees"),
            90,
            [30, 60, 90, 180].map((angle) => [angle, t(`${angle}°`, `${angle}°`)]),
          ),
        ],
      ),
      file(
        "backGroundImgURL",
        t("背景图片", "Background image"),
        t(
          "书本背后的图片；清除后加载背景类型恢复为 1",
          "A picture behind the book; clearing it resets the loading background type to 1",
        ),
        imageTypes,
      ),
      list(
        "backgroundPosition",
        t("背景图片位置", "Background image position"),
        t("背景图片如何铺满窗口", "How the background picture fills the window"),
        "fill",
        [
          ["fill", t("填充", "Fill")],
          ["fit", t("适应", "Fit")],
          ["stretch", t("拉伸", "Stretch")],
          ["center", t("居中", "Centre")],
          ["tile", t("平铺", "Tile")],
          ["top", t("顶部", "Top")],
          ["bottom", t("底部", "Bottom")],
        ],
      ),
      num(
        "backgroundOpacity",
        t("背景透明度", "Background opacity"),
        t("背景图片的不透明度，0 到 1", "The background picture's opacity, 0 to 1"),
        1,
        { min: 0, max: 1, step: 0.05 },
      ),
      list(
        "loadingBackgroundColorType",
        t("加载背景类型", "Loading background type"),
        t("加载页使用背景颜色还是背景图片", "Whether the loading screen shows the background colour or picture"),
        1,
        [
          [1, t("背景颜色", "Background colour")],
          [2, t("背景图片", "Background picture")],
        ],
      ),
      list(
        "dynamicScene",
        t("动态场景", "Dynamic scene"),
        t("书本前飘动的动画效果，如雪花、花瓣", "An animation drifting in front of the book, such as snow or petals"),
        "",
        scenes.items.map((scene) => [scene.settings.dynamicScene as string, scene.name]),
      ),
    ],
  },
  {
    id: "sound",
    tab: "setup",
    title: t("声音", "Sound"),
    desc: t("背景音乐和翻页声音", "Background music and the page-turn sound"),
    children: [
      form(
        "backgroundMusic",
        t("背景音乐", "Background music"),
        t("打开书后播放的音乐", "Music that plays once the book is open"),
        [
          file("url", t("音乐文件", "Music file"), t("背景音乐文件", "The background music file"), audioTypes),
          num(
            "loops",
            t("循环次数", "Loop count"),
            t("-1 为一直循环，N 为播放 N 次", "-1 loops for ever, N plays N times"),
            -1,
            { min: -1, max: 100, step: 1, exclude: [0] },
          ),
          num("volume", t("音量", "Volume"), t("音量，0 到 1", "Volume, 0 to 1"), 1, { min: 0, max: 1, step: 0.05 }),
        ],
      ),
      bool("flipSound", t("翻页声音", "Flip sound"), t("每次翻页时播放声音", "A rustle on each page turn"), true),
    ],
  },
  {
    id: "loading",
    tab: "setup",
    title: t("加载页", "Loader"),
    desc: t("打开书本时显示的加载页", "The screen shown while the book loads"),
    children: [
      list(
        "loadingCaptionSource",
        t("加载文字来源", "Loading caption source"),
        t(
          "加载页文字取自书名、自定义文字或不显示；更改后清空自定义文字",
          "Book title, a custom caption or none; changing it clears the custom caption",
        ),
        "title",
        [
          ["title", t("书名", "Book title")],
          ["custom", t("自定义", "Custom")],
          ["none", t("不显示", "None")],
        ],
      ),
      text(
        "loadingCaption",
        t("加载文字", "Loading caption"),
        t("加载页上的自定义文字", "The custom caption of the loading screen"),
        "",
        { maxLength: 100 },
        { related: [when("loadingCaptionSource", "custom")] },
      ),
      num(
        "loadingCaptionFontSize",
        t("加载文字字号", "Loading caption font size"),
        t("加载文字的大小", "The loading caption's size"),
        16,
        { min: 8, max: 96, step: 1, ...px },
        { related: [when("loadingCaptionSource", "title", "custom")] },
      ),
      color(
        "loadingCaptionColor",
        t("加载文字颜色", "Loading caption colour"),
        t("加载文字的颜色", "The loading caption's colour"),
        "#dddddd",
        { related: [when("loadingCaptionSource", "title", "custom")] },
      ),
      file(
        "loadingPicture",
        t("加载图片", "Loading picture"),
        t("加载页上的图片，建议 200×200 像素", "A picture on the loading screen, 200×200 px recommended"),
        imageTypes,
      ),
      color(
        "loadingBackground",
        t("加载背景颜色", "Loading background colour"),
        t("加载页的背景颜色", "The loading screen's background colour"),
        "#1f2232",
      ),
      num(
        "loadingDisplayTime",
        t("最短显示时间", "Minimum display time"),
        t("加载页至少显示的秒数", "Seconds the loading screen shows at least"),
        0,
        { min: 0, max: 30, step: 0.5, unit: "s" },
      ),
      file(
        "loadingVideo",
        t("加载视频", "Loading video"),
        t("加载时播放的视频", "A video played while loading"),
        videoTypes,
      ),
    ],
  },
  {
    id: "toolbar",
    tab: "setup",
    title: t("工具栏", "Toolbar"),
    desc: t("工具栏的颜色、透明度和按钮顺序", "The toolbar's colours, transparency and button order"),
    children: [
      color(
        "toolbarColor",
        t("工具栏颜色", "Toolbar colour"),
        t("底部工具栏的颜色", "The colour of the toolbar"),
        "#20242b",
      ),
      color(
        "iconColor",
        t("工具栏图标颜色", "Toolbar icon colour"),
        t("工具栏按钮图标的颜色", "The colour of the toolbar's button icons"),
        "#ffffff",
      ),
      num(
        "toolbarAlpha",
        t("工具栏透明度", "Toolbar alpha"),
        t("工具栏的不透明度，0 到 1", "The toolbar's opacity, 0 to 1"),
        1,
        { min: 0, max: 1, step: 0.05 },
      ),
      num(
        "buttonIconSize",
        t("按钮图标大小", "Button icon size"),
        t("工具栏按钮图标的大小，18 到 35 像素", "The size of the toolbar's button icons, 18 to 35 px"),
        24,
        { min: 18, max: 35, step: 1, ...px },
      ),
      bool("hideToolbar", t("隐藏工具栏", "Hide toolbar"), t("阅读时不显示工具栏", "Read without the toolbar"), false),
      // Which of the owner's brands the book shows (spec 001 brand kinds), by the brand's id: chosen in the editor's
      // brand panel (web/editor/src/design/BookBrandPanel.tsx), not in this tree; readers are served the brand itself.
      ...(
        [
          ["loadingBrand", t("加载品牌", "Loading brand"), t("加载页显示的品牌", "The brand the loading screen shows")],
          ["toolBarBrand", t("工具栏品牌", "Toolbar brand"), t("工具栏显示的品牌", "The brand the toolbar shows")],
          ["relatedBrand", t("相关品牌", "Related brand"), t("相关链接显示的品牌", "The brand of the related links")],
        ] as const
      ).map(([key, title, desc]) =>
        text(key, title, desc, "", { maxLength: 24, pattern: "[0-9a-f]{24}" }, { visible: false }),
      ),
      // The style the book's business card is drawn in (an id of resourceFiles/businessCards), chosen in the editor's
      // design library; readers are served the card itself (services/book served-card.ts) under `businessCard`.
      text(
        "businessCardStyle",
        t("名片样式", "Business card style"),
        t(
          "名片显示的样式，在名片样式库中选择",
          "The style the business card is drawn in, chosen in the card style library",
        ),
        "",
        { maxLength: 64, pattern: "[A-Za-z0-9_-]{0,64}" },
        { visible: false },
      ),
      text(
        "buttonsSortXML",
        t("手机按钮顺序", "Mobile button order"),
        t(
          "手机端工具栏按钮的顺序，在按钮排序面板中编辑",
          "The order of the phone toolbar's buttons, edited in the button order panel",
        ),
        "",
        { maxLength: 4000, multiline: true },
        { visible: false },
      ),
    ],
  },
  {
    id: "buttons",
    tab: "setup",
    title: t("按钮", "Buttons"),
    desc: t("工具栏上显示哪些按钮及其设置", "Which toolbar buttons show, and their settings"),
    children: [
      composite(
        "homeButton",
        t("首页按钮", "Home button"),
        t("返回网站首页的按钮", "A button back to your home page"),
        [
          bool(
            "HomeButtonVisible",
            t("显示首页按钮", "Show home button"),
            t("在工具栏显示首页按钮", "Show the home button"),
            false,
          ),
          text(
            "HomeURL",
            t("首页地址", "Home URL"),
            t("首页按钮打开的网址", "The URL the home button opens"),
            "",
            { maxLength: 2048, pattern: "https?://\\S+" },
            { related: [when("HomeButtonVisible")] },
          ),
        ],
      ),
      composite("aboutButton", t("关于按钮", "About button"), t("关于与联系信息", "About and contact information"), [
        bool(
          "AboutButtonVisible",
          t("显示关于按钮", "Show about button"),
          t("显示关于与联系信息的按钮", "A button showing the about and contact information"),
          false,
          { aliases: ["aboutButtonVisible"] },
        ),
        text(
          "aboutContent",
          t("关于内容", "About text"),
          t("关于面板中的文字", "The text of the about panel"),
          "",
          { maxLength: 5000, multiline: true },
          { related: [when("AboutButtonVisible")] },
        ),
      ]),
      bool(
        "enablePageBack",
        t("前进后退按钮", "Back and forward buttons"),
        t("工具栏上的后退、前进按钮", "Back and forward buttons in the toolbar"),
        false,
      ),
      composite(
        "shareButton",
        t("分享按钮", "Share button"),
        t("分享书本的按钮和渠道", "The share button and its channels"),
        [
          bool(
            "ShareButtonVisible",
            t("显示分享按钮", "Show share button"),
            t("在工具栏显示分享按钮", "Show the share button"),
            true,
          ),
          list(
            "socialShareType",
            t("分享地区", "Share region"),
            t("显示哪个地区的分享渠道", "Which region's share channels to offer"),
            2,
            [
              [0, t("中国", "China")],
              [1, t("全球", "Global")],
              [2, t("全部", "All")],
            ],
            { related: [when("ShareButtonVisible")] },
          ),
          list(
            "socialSharingList",
            t("分享渠道", "Share channels"),
            t(
              "分享面板中的渠道；不选则为所选地区的全部渠道",
              "The share panel's channels; none chosen offers all of the region's",
            ),
            [],
            // Each channel's region, so the editor can offer those of the chosen socialShareType.
            shareChannels.map(([id, zh, en, region]) => [id, t(zh, en), region]),
            { related: [when("ShareButtonVisible")], multiple: true },
          ),
        ],
      ),
      composite("thumbnailButton", t("缩略图按钮", "Thumbnails button"), t("页面缩略图", "Page thumbnails"), [
        bool(
          "ThumbnailsButtonVisible",
          t("显示缩略图按钮", "Show thumbnails button"),
          t("在工具栏显示缩略图按钮", "Show the thumbnails button"),
          true,
        ),
        color(
          "thumbnailColor",
          t("缩略图背景颜色", "Thumbnail colour"),
          t("缩略图栏的颜色", "The thumbnail bar's colour"),
          "#14161b",
          {
            related: [when("ThumbnailsButtonVisible")],
          },
        ),
        num(
          "thumbnailAlpha",
          t("缩略图透明度", "Thumbnail alpha"),
          t("缩略图栏的不透明度，0 到 100", "The thumbnail bar's opacity, 0 to 100"),
          96,
          { min: 0, max: 100, step: 1 },
          { related: [when("ThumbnailsButtonVisible")] },
        ),
      ]),
      bool(
        "BookMarkButtonVisible",
        t("书签按钮", "Bookmark button"),
        t("显示书签按钮", "Show the bookmark button"),
        true,
      ),
      // Spec 000 tabconfig {onSideEdge, hasTexture}, spec 001 "Bookmark": where the tabs hang and how they look.
      bool(
        "bookmarkOnSideEdge",
        t("书签显示在侧边", "Bookmarks on the side edge"),
        t("书签从书页侧边伸出（关闭则显示在上边）", "Bookmark tabs stick out of the side edge (off: the top edge)"),
        true,
        { related: [when("BookMarkButtonVisible")] },
      ),
      bool(
        "bookmarkHasTexture",
        t("书签纹理", "Bookmark texture"),
        t("书签显示纸张纹理", "Bookmark tabs show a paper texture"),
        false,
        { related: [when("BookMarkButtonVisible")] },
      ),
      bool(
        "TableOfContentButtonVisible",
        t("目录按钮", "Table of contents button"),
        t("显示目录按钮", "Show the table of contents button"),
        true,
      ),
      composite("searchButton", t("搜索按钮", "Search button"), t("全文搜索", "Full-text search"), [
        bool(
          "SearchButtonVisible",
          t("显示搜索按钮", "Show search button"),
          t("显示搜索按钮", "Show the search button"),
          true,
        ),
        num(
          "searchMinLength",
          t("搜索最少字符", "Search minimum"),
          t("开始搜索所需的最少字符数", "Characters needed before a search starts"),
          2,
          { min: 1, max: 10, step: 1 },
          { related: [when("SearchButtonVisible")], aliases: ["leastSearchChar"] },
        ),
      ]),
      bool(
        "SelectTextButtonVisible",
        t("选择文字按钮", "Select text button"),
        t("允许读者选择并复制页面文字", "Let readers select and copy the pages' text"),
        true,
      ),
      bool(
        "WeChatButtonVisible",
        t("微信按钮", "WeChat button"),
        t("显示微信分享按钮", "Show the WeChat button"),
        false,
      ),
      composite("printButton", t("打印按钮", "Print button"), t("打印页面", "Printing pages"), [
        bool(
          "print",
          t("打印", "Print"),
          t("允许读者打印（显示打印按钮）", "Let readers print (the print button)"),
          false,
          {
            aliases: ["PrintButtonVisible"],
          },
        ),
        text(
          "printWatermark",
          t("打印水印", "Print watermark"),
          t("打印时每页上的文字", "Text printed across each page"),
          "",
          { maxLength: 100 },
          { related: [when("print")], aliases: ["printWatermarkFile"] },
        ),
      ]),
      composite(
        "autoFlipButton",
        t("自动翻页", "Auto flip"),
        t("自动翻页按钮和节奏", "The auto flip button and its pace"),
        [
          bool(
            "AutoPlayButtonVisible",
            t("自动翻页按钮", "Auto flip button"),
            t("在工具栏显示自动翻页按钮", "Show the auto flip button"),
            true,
          ),
          bool(
            "autoFlip",
            t("打开时自动翻页", "Auto flip at start"),
            t("打开书后自动开始翻页", "Start turning pages by themselves when the book opens"),
            false,
            {
              aliases: ["autoPlayAutoStart"],
            },
          ),
          num(
            "autoFlipIntervalSeconds",
            t("自动翻页间隔（秒）", "Auto flip interval (seconds)"),
            t("两次自动翻页之间的秒数", "Seconds between automatic turns"),
            3,
            { min: 1, max: 600, step: 1, unit: "s" },
            { related: [when("autoFlip")], aliases: ["autoPlayDuration"] },
          ),
          num(
            "autoPlayLoopCount",
            t("自动翻页循环次数", "Auto flip loop count"),
            t("-1 为一直循环，N 为循环 N 次", "-1 loops for ever, N loops N times"),
            -1,
            { min: -1, max: 1000, step: 1, exclude: [0] },
            { related: [when("autoFlip")] },
          ),
        ],
      ),
      composite(
        "downloadButton",
        t("下载按钮", "Download button"),
        t("下载原书或附件", "Downloading the book or attachments"),
        [
          bool(
            "DownloadButtonVisible",
            t("显示下载按钮", "Show download button"),
            t(
              "显示下载按钮；打开时会打开下载设置",
              "Show the download button; turning it on opens the download settings",
            ),
            false,
          ),
          text(
            "downloadURL",
            t("下载地址", "Download URL"),
            t("下载按钮打开的网址，留空则下载原 PDF", "The URL the download button opens; empty for the original PDF"),
            "",
            { maxLength: 2048, pattern: "https?://\\S+" },
            { related: [when("DownloadButtonVisible")] },
          ),
        ],
      ),
      composite("phoneButton", t("电话按钮", "Phone button"), t("拨打联系电话", "Calling your phone numbers"), [
        bool(
          "PhoneButtonVisible",
          t("显示电话按钮", "Show phone button"),
          t("显示电话按钮", "Show the phone button"),
          false,
        ),
        bool(
          "isMultiNum",
          t("多个号码", "Several numbers"),
          t("显示多个带名称的号码，而不是一个号码", "Offer several labelled numbers instead of one"),
          false,
          { related: [when("PhoneButtonVisible")] },
        ),
        text(
          "singlePhoneNumber",
          t("电话号码", "Phone number"),
          t("电话按钮拨打的号码", "The number the phone button calls"),
          "",
          { maxLength: 40, pattern: "[0-9+()\\- ]+" },
          { related: [when("PhoneButtonVisible"), when("isMultiNum", false)] },
        ),
        text(
          "MultiPhoneNumber",
          t("多个电话号码", "Phone numbers"),
          t(
            "[{label, number}] 的 JSON，在电话号码面板中编辑",
            "JSON of [{label, number}], edited in the phone numbers panel",
          ),
          "",
          { maxLength: 4000, multiline: true },
          { visible: false },
        ),
        bool(
          "isSingleNum",
          t("单个号码", "One number"),
          t("isMultiNum 的反面，由电话号码面板写入", "The opposite of isMultiNum, written by the phone numbers panel"),
          true,
          { visible: false },
        ),
        num(
          "phoneMaxDisplay",
          t("最多显示号码数", "Numbers shown at most"),
          t("电话面板最多显示的号码数", "How many numbers the phone panel shows at most"),
          3,
          { min: 1, max: 10, step: 1 },
          { related: [when("PhoneButtonVisible"), when("isMultiNum")] },
        ),
      ]),
      composite("zoomButton", t("缩放按钮", "Zoom button"), t("放大页面", "Zooming the pages"), [
        bool(
          "ZoomButtonVisible",
          t("显示缩放按钮", "Show zoom button"),
          t("显示缩放按钮", "Show the zoom button"),
          true,
        ),
        text(
          "zoomWidths",
          t("缩放宽度", "Zoom widths"),
          t("每级放大后的页面宽度（像素），用逗号分隔", "Page widths in px of each zoom step, comma separated"),
          "1200,1600,2400",
          { maxLength: 100, pattern: "\\d+(,\\d+)*" },
          { related: [when("ZoomButtonVisible")] },
        ),
      ]),
      composite("emailButton", t("邮件按钮", "Email button"), t("通过邮件分享", "Sharing by email"), [
        bool(
          "EmailButtonVisible",
          t("显示邮件按钮", "Show email button"),
          t("显示邮件按钮", "Show the email button"),
          false,
        ),
        text(
          "btnShareWithEmailSubject",
          t("邮件主题", "Email subject"),
          t("邮件主题，可用 {title}、{link}、{thumb}", "The subject; {title}, {link} and {thumb} are replaced"),
          "{title}",
          { maxLength: 200 },
          { related: [when("EmailButtonVisible")] },
        ),
        text(
          "btnShareWithEmailBody",
          t("邮件正文", "Email body"),
          t("邮件正文，可用 {title}、{link}、{thumb}", "The body; {title}, {link} and {thumb} are replaced"),
          "{link}",
          { maxLength: 2000, multiline: true },
          { related: [when("EmailButtonVisible")] },
        ),
      ]),
      bool(
        "magnifier",
        t("放大镜", "Magnifier"),
        t("工具栏中的放大镜按钮", "A magnifier button in the toolbar"),
        true,
        {
          aliases: ["MagnifierButtonVisible"],
        },
      ),
      bool(
        "FullscreenButtonVisible",
        t("全屏按钮", "Fullscreen button"),
        t("显示全屏按钮", "Show the fullscreen button"),
        true,
      ),
      bool(
        "AnnotationButtonVisible",
        t("批注按钮", "Annotation button"),
        t("允许读者在页面上做批注", "Let readers annotate pages"),
        false,
      ),
      composite("messageButton", t("留言按钮", "Message button"), t("读者留言", "Reader messages"), [
        bool(
          "MessageButtonVisible",
          t("显示留言按钮", "Show message button"),
          t("显示留言按钮（添加留言插件）", "Show the message button (adds the leave-message plug-in)"),
          false,
        ),
        bool(
          "showLeaveMessage",
          t("显示留言板", "Show message board"),
          t(
            "打开书时显示留言板（添加留言插件）",
            "Open the message board with the book (adds the leave-message plug-in)",
          ),
          false,
          { related: [when("MessageButtonVisible")] },
        ),
      ]),
      composite("help", t("帮助", "Help"), t("操作帮助", "How to use the reader"), [
        bool(
          "InstructionsButtonVisible",
          t("帮助按钮", "Help button"),
          t("在工具栏显示帮助按钮", "Show the help button"),
          false,
        ),
        bool(
          "showHelpContentAtFirst",
          t("打开时显示帮助", "Help at start"),
          t("打开书时先显示操作帮助", "Show how to use the reader when the book opens"),
          false,
        ),
      ]),
    ],
  },
  {
    id: "page",
    tab: "setup",
    title: t("书页外观", "Pages and cover"),
    desc: t("阴影、封面、装订和页码", "Shadows, cover, binding and page numbers"),
    children: [
      bool("showShadow", t("阴影", "Shadows"), t("书页和书脊的阴影", "Shadows on the pages and the spine"), true),
      composite("cover", t("封面", "Cover"), t("封面样式", "How the covers look"), [
        bool("hardCover", t("硬封面", "Hard cover"), t("封面和封底不弯曲", "The covers turn without bending"), true),
        num(
          "hardCoverBorderWidth",
          t("封面边框宽度", "Cover border width"),
          t("硬封面边框的宽度", "The hard cover's border width"),
          0,
          { min: 0, max: 40, step: 1, ...px },
          { related: [when("hardCover")] },
        ),
        color(
          "borderColor",
          t("封面边框颜色", "Cover border colour"),
          t("硬封面边框的颜色", "The hard cover's border colour"),
          "#572f0d",
          {
            related: [when("hardCover")],
          },
        ),
        num(
          "cornerRound",
          t("封面圆角", "Cover corner rounding"),
          t("硬封面圆角的半径", "The radius of the hard cover's corners"),
          0,
          { min: 0, max: 60, step: 1, ...px },
          { related: [when("hardCover")] },
        ),
      ]),
      bool(
        "hardPages",
        t("硬页", "Hard pages"),
        t("每一页都像硬纸板一样翻动", "Every page turns like a board"),
        false,
        {
          aliases: ["HardPageEnable"],
        },
      ),
      list("BindingType", t("装订方式", "Binding type"), t("书脊的装订样式", "How the spine is bound"), "gutter", [
        ["gutter", t("普通装订", "Gutter")],
        ["spiral", t("螺旋装订", "Spiral")],
        ["none", t("无", "None")],
      ]),
      list(
        "thicknessWidthType",
        t("页面厚度", "Page thickness"),
        t("书边显示的页面厚度", "The pages' thickness shown at the edges"),
        "none",
        [
          ["none", t("无", "None")],
          ["thin", t("薄", "Thin")],
          ["thick", t("厚", "Thick")],
        ],
      ),
      bool(
        "CurlingPageCorner",
        t("卷角", "Curling corner"),
        t("页角轻轻卷起提示可以翻页", "A page corner curls to invite a turn"),
        false,
      ),
      text(
        "pageCaptions",
        t("页码标题", "Page-number captions"),
        t(
          "以分号分隔的“范围:标题”，如 1-2:封面;3-6:i+;7-:1+（n+ 阿拉伯数字，i+ 罗马数字；宏 N、R、r 加起始数字）",
          "'range:caption' entries separated by semicolons, e.g. 1-2:Cover;3-6:i+;7-:1+ (n+ arabic, i+ roman counting; macros N, R, r plus a start number)",
        ),
        "",
        { maxLength: 2000 },
      ),
    ],
  },
  {
    id: "flip",
    tab: "setup",
    title: t("翻页", "Flipping"),
    desc: t("翻页样式、方向、时间和页面模式", "Flip style, direction, time and page mode"),
    children: [
      list("flipStyle", t("翻页样式", "Flip style"), t("翻页动画的样式", "The page-turn animation"), "curl", [
        ["curl", t("3D 卷页", "3D curl")],
        ["flat", t("平面翻页", "Flat")],
        ["slide", t("滑动", "Slide")],
      ]),
      list(
        "flipDirection",
        t("翻页方向", "Flip direction"),
        t("从左到右、从右到左或上下翻页（台历）", "Left to right, right to left or vertical (calendar)"),
        "ltr",
        [
          ["ltr", t("从左到右", "Left to right")],
          ["rtl", t("从右到左", "Right to left")],
          ["vertical", t("上下翻页", "Vertical")],
        ],
        { aliases: ["direction", "flipAxis"] },
      ),
      num(
        "flippingTime",
        t("翻页时间（秒）", "Flip time (seconds)"),
        t("一次翻页动画的时长，建议 0.3 秒", "How long one page turn takes; 0.3 s recommended"),
        0.3,
        { min: 0.1, max: 3, step: 0.1, unit: "s" },
      ),
      list(
        "pageMode",
        t("页面模式", "Page mode"),
        t("单页、双页或自动", "Single pages, spreads or automatic"),
        "auto",
        [
          ["auto", t("自动", "Automatic")],
          ["single", t("单页", "Single")],
          ["double", t("双页", "Double")],
        ],
      ),
      bool(
        "lastPageMemory",
        t("记住阅读位置", "Last-page memory"),
        t("再次打开时回到上次阅读的页面", "Reopen the book where the reader left it"),
        true,
      ),
      bool(
        "urlPageNumber",
        t("网址页码", "Page number in URL"),
        t("在网址末尾显示并接受页码", "Show and accept the page number at the end of the URL"),
        true,
      ),
    ],
  },
  {
    id: "layout",
    tab: "setup",
    title: t("布局", "Layout"),
    desc: t("迷你模式和页边距", "Mini mode and margins"),
    children: [
      composite("mini", t("迷你模式", "Mini mode"), t("在限定大小内显示书本", "The book drawn within a maximum size"), [
        bool(
          "miniMode",
          t("迷你模式", "Mini mode"),
          t("在限定大小内居中显示书本", "Draw the book centred within a maximum size"),
          false,
        ),
        num(
          "miniMaxWidth",
          t("最大宽度", "Maximum width"),
          t("迷你模式的最大宽度", "The mini mode's maximum width"),
          800,
          { min: 200, max: 4000, step: 10, ...px },
          { related: [when("miniMode")] },
        ),
        num(
          "miniMaxHeight",
          t("最大高度", "Maximum height"),
          t("迷你模式的最大高度", "The mini mode's maximum height"),
          600,
          { min: 200, max: 4000, step: 10, ...px },
          { related: [when("miniMode")] },
        ),
      ]),
      composite(
        "margins",
        t("页边距", "Margins"),
        t("书本与窗口边缘的距离，可为负数", "Distance from the window's edges to the book; may be negative"),
        sides.map(([side, zh, en, where]) =>
          num(
            `${side}Margin`,
            t(`${zh}边距`, `${en} margin`),
            t(`电脑上书本${zh}方的距离`, `Space ${where} the book on computers`),
            16,
            {
              min: -500,
              max: 500,
              step: 1,
              ...px,
            },
          ),
        ),
      ),
      composite(
        "mobileMargins",
        t("手机页边距", "Mobile margins"),
        t(
          "手机上书本与屏幕边缘的距离，可为负数",
          "Distance from the screen's edges to the book on phones; may be negative",
        ),
        sides.map(([side, zh, en, where]) =>
          num(
            `${side}MarginOnMobile`,
            t(`手机${zh}边距`, `Mobile ${en.toLowerCase()} margin`),
            t(`手机上书本${zh}方的距离`, `Space ${where} the book on phones`),
            8,
            { min: -200, max: 200, step: 1, ...px },
          ),
        ),
      ),
    ],
  },
];

const config: SettingGroup[] = [
  {
    id: "reading",
    tab: "config",
    title: t("阅读权限", "Reading"),
    desc: t("读者能做什么、在哪里阅读", "What readers may do and where they may read"),
    children: [
      bool(
        "disableRightClick",
        t("禁用右键菜单", "Disable right-click menu"),
        t("读者不能打开右键菜单", "Readers cannot open the context menu"),
        false,
        { aliases: ["isStopMouseMenu"] },
      ),
      bool(
        "fastLoading",
        t("快速加载", "Fast loading"),
        t("先加载低清页面再替换为高清", "Load light pages first, sharp ones after"),
        true,
      ),
      bool(
        "hdDisplay",
        t("高清显示", "High-definition display"),
        t("在高分辨率屏幕上显示高清页面", "Sharp pages on high-resolution screens"),
        true,
      ),
      composite(
        "embedOnly",
        t("仅嵌入阅读", "Embed-only reading"),
        t("只能在嵌入的网页中阅读", "The book opens only when embedded in a page"),
        [
          bool(
            "OnlyOpenInIframe",
            t("仅嵌入阅读", "Embed-only reading"),
            t("只能在嵌入的网页中阅读", "The book opens only when embedded in a page"),
            false,
          ),
          text(
            "OnlyOpenInIframeInfo",
            t("非嵌入时的提示", "Message outside a page"),
            t("直接打开时显示的文字", "What a reader opening the book directly sees"),
            "",
            { maxLength: 500 },
            { related: [when("OnlyOpenInIframe")] },
          ),
        ],
      ),
      bool(
        "OnlyOpenInWeChat",
        t("仅微信阅读", "WeChat-only reading"),
        t("只能在微信中阅读", "The book opens only inside WeChat"),
        false,
      ),
      list(
        "OpenWindow",
        t("链接打开方式", "Link target"),
        t("页面中的链接在新窗口还是当前窗口打开", "Whether links in pages open in a new window or the same one"),
        "blank",
        [
          ["blank", t("新窗口", "New window")],
          ["self", t("当前窗口", "Same window")],
        ],
      ),
    ],
  },
  {
    id: "tracking",
    tab: "config",
    title: t("统计与广告", "Analytics and ads"),
    desc: t("访问统计和广告横幅", "Visitor analytics and the ad banner"),
    children: [
      text(
        "googleAnalyticsID",
        t("统计 ID", "Analytics ID"),
        t("网站统计的跟踪 ID，如 G-XXXXXXX", "Your analytics tracking ID, e.g. G-XXXXXXX"),
        "",
        { maxLength: 24, pattern: "[A-Za-z]{1,3}-[A-Za-z0-9-]{4,20}" },
      ),
      text(
        "trackingScript",
        t("统计脚本", "Tracking script"),
        t(
          "插入阅读页的统计代码（包括 <script> 标签）",
          "Tracking code inserted in the reader page (including the <script> tag)",
        ),
        "",
        { maxLength: 10_000, multiline: true },
      ),
      text(
        "adConfig",
        t("广告横幅", "Ad banner"),
        t(
          "广告配置 {haveAd, bgOpacity, bgColor, interval, data, adPosition} 的 JSON，在广告面板中编辑",
          "JSON of the ad config {haveAd, bgOpacity, bgColor, interval, data, adPosition}, edited in the ad panel",
        ),
        "",
        { maxLength: 20_000, multiline: true },
        { visible: false },
      ),
    ],
  },
];

export const settingsSource: SettingsTree = { version: 1, groups: [...basic, ...setup, ...config] };
