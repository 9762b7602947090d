import { useScreenServices } from "../screen-services.js";
import type { ListSaveState } from "./useRevisionedList.js";

/** A list panel's saving status, worded as the look's (the preview bar's save state): the same rule everywhere. */
export function ListSaveStatus({ state, hint }: { state: ListSaveState; hint?: string }) {
  const { labels } = useScreenServices();
  const text: Record<ListSaveState, string> = {
    waiting: labels.listAutosaves,
    pending: labels.unsaved,
    working: labels.saveWorking,
    success: labels.saveSuccess,
    error: labels.saveError,
    unsaved: hint ? `${labels.unsaved}: ${hint}` : labels.unsaved,
  };
  return (
    <p className={`note save-state save-${state}`} role="status" data-testid="list-save-state" data-state={state}>
      {text[state]}
    </p>
  );
}
