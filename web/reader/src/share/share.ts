/**
 * The share channels of spec 000 §3, each with its region (0 China, 1 global, 2 all), and where each one sends the
 * reader: a share-intent URL, or an action the dialog performs itself (QR codes, copy, poster). Pure: no DOM.
 */
export type ShareChannel =
  | "wechat"
  | "miniCode"
  | "qrcode"
  | "sinaweibo"
  | "copy"
  | "douban"
  | "baidutieba"
  | "poster"
  | "qzone"
  | "qqShare"
  | "linkedin"
  | "facebook"
  | "twitter"
  | "email"
  | "reddit";

export type Region = 0 | 1 | 2;

/** In the spec's order. */
export const shareChannels: readonly { channel: ShareChannel; region: Region }[] = [
  { channel: "wechat", region: 0 },
  { channel: "miniCode", region: 0 },
  { channel: "qrcode", region: 2 },
  { channel: "sinaweibo", region: 0 },
  { channel: "copy", region: 2 },
  { channel: "douban", region: 0 },
  { channel: "baidutieba", region: 0 },
  { channel: "poster", region: 2 },
  { channel: "qzone", region: 0 },
  { channel: "qqShare", region: 0 },
  { channel: "linkedin", region: 1 },
  { channel: "facebook", region: 1 },
  { channel: "twitter", region: 1 },
  { channel: "email", region: 2 },
  { channel: "reddit", region: 1 },
];

/**
 * The channels a book offers: those of its region (region 2 "all" offers every channel; 0 and 1 offer their own and
 * the channels for all), narrowed to the book's chosen list when it has one, in the spec's order.
 */
export function channelsFor(region: Region, chosen: readonly string[] = []): ShareChannel[] {
  const wanted = new Set(chosen.map((name) => name.toLowerCase()));
  return shareChannels
    .filter((entry) => region === 2 || entry.region === 2 || entry.region === region)
    .filter((entry) => wanted.size === 0 || wanted.has(entry.channel.toLowerCase()))
    .map((entry) => entry.channel);
}

export interface ShareSubject {
  url: string;
  title: string;
  description?: string;
  /** The cover picture (absolute URL) for channels that show one. */
  image?: string;
}

export type ShareTarget =
  | { kind: "open"; href: string }
  /** Show the link's QR code: WeChat and QQ users scan it; miniCode shows it until a mini-program code exists. */
  | { kind: "qr" }
  | { kind: "copy" }
  /** A picture with the cover, the title and the QR code to save and post. */
  | { kind: "poster" };

const query = (parameters: Record<string, string | undefined>) =>
  Object.entries(parameters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");

/** Where a channel sends the reader (share-intent URLs as each network documents them). */
export function shareTarget(channel: ShareChannel, subject: ShareSubject): ShareTarget {
  const { url, title, description, image } = subject;
  switch (channel) {
    case "wechat":
    case "miniCode":
    case "qrcode":
      return { kind: "qr" };
    case "copy":
      return { kind: "copy" };
    case "poster":
      return { kind: "poster" };
    case "sinaweibo":
      return { kind: "open", href: `https://service.weibo.com/share/share.php?${query({ url, title, pic: image })}` };
    case "douban":
      return { kind: "open", href: `https://www.douban.com/share/service?${query({ href: url, name: title, image })}` };
    case "baidutieba":
      return {
        kind: "open",
        href: `https://tieba.baidu.com/f/commit/share/openShareApi?${query({ url, title, pic: image })}`,
      };
    case "qzone":
      return {
        kind: "open",
        href: `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?${query({ url, title, summary: description, pics: image })}`,
      };
    case "qqShare":
      return {
        kind: "open",
        href: `https://connect.qq.com/widget/shareqq/index.html?${query({ url, title, summary: description, pics: image })}`,
      };
    case "linkedin":
      return { kind: "open", href: `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}` };
    case "facebook":
      return { kind: "open", href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` };
    case "twitter":
      return { kind: "open", href: `https://twitter.com/intent/tweet?${query({ url, text: title })}` };
    case "reddit":
      return { kind: "open", href: `https://www.reddit.com/submit?${query({ url, title })}` };
    case "email":
      return { kind: "open", href: `mailto:?${query({ subject: title, body: url })}` };
  }
}

/** The email button's text: `{title}`, `{link}` and `{thumb}` (the cover picture's URL) replaced. */
export function fillEmailMacros(template: string, subject: ShareSubject): string {
  return template
    .replaceAll("{title}", subject.title)
    .replaceAll("{link}", subject.url)
    .replaceAll("{thumb}", subject.image ?? "");
}

/** A mailto: URL for the email button. */
export function emailHref(email: { subject: string; body: string }, subject: ShareSubject): string {
  return `mailto:?${query({ subject: fillEmailMacros(email.subject, subject), body: fillEmailMacros(email.body, subject) })}`;
}
