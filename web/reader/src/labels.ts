/** Interface labels; Chinese is the default interface language (spec 001 §1), English the fallback. */
const zh = {
  reader: "翻页书阅读器",
  previous: "上一页",
  next: "下一页",
  first: "首页",
  last: "尾页",
  zoomIn: "放大",
  zoomOut: "缩小",
  contents: "目录",
  search: "搜索",
  searchPlaceholder: "输入关键词",
  noResults: "没有找到结果",
  textView: "纯文本阅读",
  bookView: "翻页阅读",
  fullscreen: "全屏",
  close: "关闭",
  pageOf: (page: string, total: number) => `第 ${page} 页，共 ${total} 页`,
  page: (page: number) => `第 ${page} 页`,
  loading: "正在加载…",
  converting: "正在转换，页面陆续出现…",
  failed: "无法打开此书",
  share: "分享",
  link: "链接",
  copyLink: "复制链接",
  copyEmbed: "复制嵌入代码",
  copied: "复制成功",
  openLink: "打开",
  qrCode: "二维码",
  embedCode: "嵌入代码",
  thumbnails: "缩略图",
  autoFlip: "自动翻页",
  locked: "此页受密码保护",
  unlock: "输入密码",
  userName: "用户名",
  password: "密码",
  hint: "提示",
  confirm: "确定",
  bookmarks: "书签",
  mute: "静音",
  print: "打印",
  printVisible: "打印当前页",
  printBook: "打印整本书",
  download: "下载",
  originalPdf: "下载原始 PDF",
  magnifier: "放大镜",
  language: "语言",
  home: "主页",
  about: "关于",
  back: "后退",
  forward: "前进",
  email: "邮件分享",
  phone: "电话",
  wechat: "微信",
  wechatScan: "用微信扫一扫，在微信中打开",
  help: "帮助",
  helpText:
    "拖动或点击页角翻页；← → 键、滚轮和滑动也可以翻页。+ / − 缩放，缩放后拖动平移。目录、缩略图和搜索在下方工具栏。",
  annotations: "页面链接与注释",
  embedOnly: "此书只能在嵌入的网页中阅读",
  wechatOnly: "请在微信中打开此书",
  advert: "广告",
  poster: "海报",
  shareVia: (channel: string) => `分享到${channel}`,
  channels: {
    wechat: "微信",
    miniCode: "小程序码",
    qrcode: "二维码",
    sinaweibo: "新浪微博",
    copy: "复制链接",
    douban: "豆瓣",
    baidutieba: "百度贴吧",
    poster: "海报",
    qzone: "QQ 空间",
    qqShare: "QQ",
    linkedin: "LinkedIn",
    facebook: "Facebook",
    twitter: "X (Twitter)",
    email: "邮件",
    reddit: "Reddit",
  } as Record<string, string>,
};

type Labels = typeof zh;

const en: Labels = {
  reader: "Flipbook reader",
  previous: "Previous page",
  next: "Next page",
  first: "First page",
  last: "Last page",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  contents: "Contents",
  search: "Search",
  searchPlaceholder: "Search this book",
  noResults: "No results",
  textView: "Text view",
  bookView: "Book view",
  fullscreen: "Full screen",
  close: "Close",
  pageOf: (page, total) => `Page ${page} of ${total}`,
  page: (page) => `Page ${page}`,
  loading: "Loading…",
  converting: "Converting: pages appear as they are ready…",
  failed: "This book cannot be opened",
  share: "Share",
  link: "Link",
  copyLink: "Copy link",
  copyEmbed: "Copy embed code",
  copied: "Copied",
  openLink: "Open",
  qrCode: "QR code",
  embedCode: "Embed code",
  thumbnails: "Thumbnails",
  autoFlip: "Auto flip",
  locked: "This page is password protected",
  unlock: "Enter password",
  userName: "User name",
  password: "Password",
  hint: "Hint",
  confirm: "OK",
  bookmarks: "Bookmarks",
  mute: "Mute sound",
  print: "Print",
  printVisible: "Print these pages",
  printBook: "Print the whole book",
  download: "Download",
  originalPdf: "Original PDF",
  magnifier: "Magnifier",
  language: "Language",
  home: "Home",
  about: "About",
  back: "Back",
  forward: "Forward",
  email: "Share by email",
  phone: "Call",
  wechat: "WeChat",
  wechatScan: "Scan with WeChat to open it there",
  help: "Help",
  helpText:
    "Drag or click a page corner to turn; the arrow keys, the wheel and swipes turn too. + / − zoom, drag to pan when zoomed. Contents, thumbnails and search are in the toolbar below.",
  annotations: "Page links and notes",
  embedOnly: "This book can only be read where it is embedded",
  wechatOnly: "Please open this book in WeChat",
  advert: "Advertisement",
  poster: "Poster",
  shareVia: (channel) => `Share on ${channel}`,
  channels: {
    wechat: "WeChat",
    miniCode: "Mini-program code",
    qrcode: "QR code",
    sinaweibo: "Sina Weibo",
    copy: "Copy link",
    douban: "Douban",
    baidutieba: "Baidu Tieba",
    poster: "Poster",
    qzone: "Qzone",
    qqShare: "QQ",
    linkedin: "LinkedIn",
    facebook: "Facebook",
    twitter: "X (Twitter)",
    email: "Email",
    reddit: "Reddit",
  },
};

export function labelsFor(lang: string): Labels {
  return lang.toLowerCase().startsWith("en") ? en : zh;
}

/**
 * Labels served by GET /api/language/labels (services/language: flat strings, `{page}` / `{total}` placeholders)
 * over the built-in ones of the nearest language: a catalogue lacking a key keeps the built-in text.
 */
export function labelsFromCatalogue(lang: string, catalogue: Record<string, unknown>): Labels {
  const base = labelsFor(lang);
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) if (typeof value === "string") strings[key] = value;
  const merged = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    const text = strings[key];
    if (text !== undefined && typeof merged[key] === "string") merged[key] = text;
  }
  const pageOf = strings.pageOf;
  const page = strings.page;
  return {
    ...(merged as Labels),
    pageOf: pageOf
      ? (current, total) => pageOf.replaceAll("{page}", current).replaceAll("{total}", String(total))
      : base.pageOf,
    page: page ? (number) => page.replaceAll("{page}", String(number)) : base.page,
  };
}

export type { Labels };
