import { featureOfKey } from "@turnleaf/resource-files";
import { createContext } from "react";

/**
 * Spec 000 §6: the settings the user's plan does not unlock (get-user-custom-config's `features`, allowed false)
 * show disabled in the settings tree from the start (the tree's `disabled`), instead of being refused after a
 * change; the note beside one opens the same contact-support confirm a refusal would (`explain`).
 */
export interface PlanLocks {
  locked: (key: string) => boolean;
  explain: (key: string) => void;
}

/** Which setting keys the plan locks, from the loaded custom power. */
export function lockedKeys(customPower: unknown): (key: string) => boolean {
  const features = (customPower as { features?: Record<string, { allowed?: boolean }> } | null | undefined)?.features;
  if (!features) return () => false;
  const locked = new Set(
    Object.entries(features)
      .filter(([, feature]) => feature?.allowed === false)
      .map(([code]) => code),
  );
  return (key) => {
    const code = featureOfKey(key);
    return code !== undefined && locked.has(code);
  };
}

/** The editor's plan locks, for every settings tree it renders. */
export const PlanLocksContext = createContext<PlanLocks>({ locked: () => false, explain: () => undefined });
