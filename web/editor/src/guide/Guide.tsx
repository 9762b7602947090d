import { useEffect, useState } from "react";
import { useScreenServices } from "../screen-services.js";
import { type GuideStepId, guideStepLabel, guideSteps } from "./guide.js";

/**
 * The onboarding guide's card: one step at a time in the spec's order, the step's part of the screen
 * outlined (elements carry `data-guide="<step id>"`). It does not block the screen.
 */
export function Guide({
  onClose,
  onStep,
}: {
  onClose: () => void;
  /** Called as a step shows: the editor opens the tab its control lives in. */
  onStep?: (id: GuideStepId) => void;
}) {
  const { labels } = useScreenServices();
  const [index, setIndex] = useState(0);
  const step = guideSteps[index] ?? guideSteps[0];

  useEffect(() => {
    onStep?.(step.id);
    // The control may appear only once its tab has rendered: look for it for a moment.
    let target: Element | null = null;
    let tries = 0;
    const find = () => {
      target = document.querySelector(`[data-guide="${step.id}"]`);
      if (target) {
        target.classList.add("guide-target");
        target.scrollIntoView?.({ block: "nearest" });
      } else if (tries++ < 20) timer = setTimeout(find, 50);
    };
    let timer = setTimeout(find, 0);
    return () => {
      clearTimeout(timer);
      (target as Element | null)?.classList.remove("guide-target");
    };
  }, [step.id, onStep]);

  const last = index === guideSteps.length - 1;
  return (
    <section className="guide" role="dialog" aria-label={labels.guide} data-step={step.id}>
      <p className="guide-count">
        {index + 1} / {guideSteps.length}
      </p>
      <p className="guide-text">{labels[guideStepLabel(step.id)]}</p>
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
