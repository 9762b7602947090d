import { useState } from "react";
import { call } from "../api.js";
import { useScreenServices } from "../screen-services.js";
import type { Catalogue } from "../settings/catalogue.js";
import { FileSetting } from "../settings/FileSetting.js";

const pictures = ["jpg", "jpeg", "png", "gif"];

/**
 * Two pictures the server keeps outside htmlConfig (spec 000 §7): the account's book logo (update-user-book-logo,
 * gated by LOGO) and this book's WeChat share icon (set-book-sare-icon, gated by WECHAT_SHARE_ICON). Each field
 * shows what the server answered; a refusal leaves the stored picture and shows the server's text.
 */
export function ShareIconPanel({
  bookId,
  bookLogo,
  shareIcon,
  logo,
}: {
  bookId: string;
  /** The ready config's bookLogo and get-book's shareIcon, as loaded. */
  bookLogo: string;
  shareIcon: string;
  logo: Catalogue["logo"];
}) {
  const { labels, notify, report } = useScreenServices();
  const [stored, setStored] = useState({ bookLogo, shareIcon });
  // Bumped by a refusal: the field is drawn anew from the stored picture (the server's truth).
  const [refusals, setRefusals] = useState(0);
  const refused = (error: unknown) => {
    setRefusals((count) => count + 1);
    report(error);
  };

  const saveLogo = async (url: string) => {
    try {
      const reply = await call<{ bookLogo: string }>("/api/user/update-user-book-logo", { logo: url });
      setStored((now) => ({ ...now, bookLogo: reply.bookLogo }));
      notify(labels.bookLogoSaved);
    } catch (error) {
      refused(error);
    }
  };
  const saveIcon = async (url: string) => {
    try {
      const reply = await call<{ icon: string }>("/api/book/set-book-sare-icon", { bookId, icon: url });
      setStored((now) => ({ ...now, shareIcon: reply.icon }));
      notify(labels.shareIconSaved);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <section className="panel-section" aria-label={labels.shareIconPanel}>
      <h2 className="panel-title">{labels.shareIconPanel}</h2>
      <div className="field" data-testid="book-logo">
        <span>
          <label htmlFor="account-book-logo">{labels.bookLogo}</label>
        </span>
        <FileSetting
          key={`logo-${refusals}`}
          id="account-book-logo"
          value={stored.bookLogo}
          extensions={pictures}
          purpose="logo"
          imageLimits={logo ? { limitWidth: logo.maxWidth, limitHeight: logo.maxHeight } : {}}
          logo={logo}
          onChange={(url) => void saveLogo(url)}
        />
      </div>
      <div className="field" data-testid="share-icon">
        <span>
          <label htmlFor="wechat-share-icon">{labels.shareIcon}</label>
        </span>
        <FileSetting
          key={`icon-${refusals}`}
          id="wechat-share-icon"
          value={stored.shareIcon}
          extensions={pictures}
          purpose="image"
          onChange={(url) => void saveIcon(url)}
        />
      </div>
    </section>
  );
}
