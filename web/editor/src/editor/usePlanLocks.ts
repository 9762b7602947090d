import { type RefObject, useMemo } from "react";
import { lockedKeys, type PlanLocks } from "../settings/plan-locks.js";
import type { Report } from "../types.js";
import { gateError, gateRefusal } from "./server-truth.js";

/** The settings the user's plan does not unlock; a locked setting's note explains it as a refusal would. */
export function usePlanLocks(
  customPower: unknown,
  messages: RefObject<Record<string, string> | null>,
  report: Report,
): PlanLocks {
  const locked = useMemo(() => lockedKeys(customPower), [customPower]);
  return {
    locked,
    explain: (key) => {
      const texts = messages.current;
      const refusal = gateRefusal({ bookConfig: { [key]: true } }, customPower);
      if (refusal && texts) report(gateError(refusal, texts));
    },
  };
}
