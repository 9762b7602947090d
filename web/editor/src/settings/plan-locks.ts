import { featureOfKey } from "@turnleaf/resource-files";
import { createContext } from "react";

/**
 * Spec 000 §6: the settings the user's plan does not unlock (get-user-custom-config's `features`, allowed false)
 * show disabled in the settings tree from the start (the tree's `disabled`), instead of being refused after a
 * change. Answers whether a setting key is locked.
 */
export type PlanLocks = (key: string) => boolean;

export function planLocks(customPower: unknown): PlanLocks {
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
export const PlanLocksContext = createContext<PlanLocks>(() => false);
