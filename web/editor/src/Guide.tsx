import { useEffect, useState } from "react";
import { guideSteps } from "./guide.js";
import type { Labels } from "./labels.js";

/**
 * The onboarding guide's card: one step at a time in the spec's order, the step's part of the screen
 * outlined (elements carry `data-guide="<step id>"`). It does not block the screen.
 */
export function Guide({ labels, chinese, onClose }: { labels: Labels; chinese: boolean; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const step = guideSteps[index] ?? guideSteps[0];

  useEffect(() => {
    const target = document.querySelector(`[data-guide="${step.id}"]`);
    target?.classList.add("guide-target");
    target?.scrollIntoView?.({ block: "nearest" });
    return () => target?.classList.remove("guide-target");
  }, [step.id]);

  const last = index === guideSteps.length - 1;
  return (
    <section className="guide" role="dialog" aria-label={labels.guide} data-step={step.id}>
      <p className="guide-count">
        {index + 1} / {guideSteps.length}
      </p>
      <p className="guide-text">{chinese ? step.zh : step.en}</p>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {labels.guideSkip}
        </button>
        <button type="button" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {labels.guidePrev}
        </button>
        <button type="button" className="primary" onClick={() => (last ? onClose() : setIndex(index + 1))}>
          {last ? labels.guideDone : labels.guideNext}
        </button>
      </div>
    </section>
  );
}
