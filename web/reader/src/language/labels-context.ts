import { createContext, useContext } from "react";
import type { Labels } from "./labels.js";

/** The reader's labels in the interface language, provided once by the reader's screen (Reader.tsx). */
export const LabelsContext = createContext<Labels | null>(null);

/** The labels every part of the reader draws its texts from, instead of taking them as a prop. */
export function useLabels(): Labels {
  const labels = useContext(LabelsContext);
  if (!labels) throw new Error("useLabels is called outside LabelsContext");
  return labels;
}
