import { useCallback, useState } from "react";
import { hasBlockedEdits } from "../common/unsaved-guard.js";
import { type GuideStepId, guideStepTabs } from "../guide/guide.js";
import { useScreenServices } from "../screen-services.js";
import type { DesignSubTab, Tab } from "./tabs.js";

/** The rail's open tab and the design tab's sub-tab. */
export function useEditorTabs() {
  const { labels } = useScreenServices();
  const [tab, setTab] = useState<Tab>("design");
  const [designTab, setDesignTab] = useState<DesignSubTab>("setup");

  /** The guide's step 7 and 13 controls live inside tabs: open them as the step shows. */
  const openGuideTab = useCallback((id: GuideStepId) => {
    const place = guideStepTabs[id];
    if (!place) return;
    setTab(place.tab);
    if (place.designTab) setDesignTab(place.designTab);
  }, []);

  /** A tab switch, asking first when it would lose an edit that cannot save itself (unsaved-guard.ts). */
  const chooseTab = (next: Tab) => {
    if (next !== tab && hasBlockedEdits() && !window.confirm(labels.unsavedLeave)) return;
    setTab(next);
  };

  return { tab, setTab, chooseTab, designTab, setDesignTab, openGuideTab };
}
