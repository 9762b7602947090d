import type { ReactNode } from "react";
import { TabList } from "../common/TabList.js";
import { useScreenServices } from "../screen-services.js";
import type { BookLock } from "./editing-lock.js";
import { railTabs, type Tab } from "./tabs.js";

/**
 * The left rail: the book's title and number, the guide button, the tabs, the lock warning, and the chosen tab's
 * panels in one fieldset (disabled while another session holds the lock).
 */
export function EditorRail({
  title,
  number,
  tab,
  onTab,
  onGuide,
  lock,
  readOnly,
  onTakeBack,
  children,
}: {
  title: string;
  number: string;
  tab: Tab;
  onTab: (tab: Tab) => void;
  onGuide: () => void;
  lock: BookLock | null;
  readOnly: boolean;
  /** Takes the lock back from the other session (the same user's other tab). */
  onTakeBack: () => void;
  children: ReactNode;
}) {
  const { labels, lang } = useScreenServices();
  return (
    <aside className="rail">
      <div className="book-heading">
        <h1 title={title}>{title}</h1>
        <span className="book-number">{number}</span>
        <button type="button" className="link-button" onClick={onGuide}>
          {labels.guide}
        </button>
      </div>
      <TabList
        className="tabs"
        tabs={railTabs(labels)}
        chosen={tab}
        // The preview hidden behind the multimedia editor got every item change as a message: no reload.
        onChoose={onTab}
      />
      {lock && readOnly ? (
        <p className="lock-warning" role="alert" data-testid="lock-warning">
          {labels.lockHeld} ({labels.lockUser} {lock.holderUserId}, {labels.lockSince}{" "}
          {new Date(lock.since).toLocaleString(lang)}){" "}
          <button type="button" className="link-button" onClick={onTakeBack}>
            {labels.lockTakeBack}
          </button>
        </p>
      ) : null}
      <fieldset className="rail-body" role="tabpanel" disabled={readOnly}>
        {children}
      </fieldset>
    </aside>
  );
}
