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
};

export function labelsFor(lang: string): Labels {
  return lang.toLowerCase().startsWith("en") ? en : zh;
}

export type { Labels };
