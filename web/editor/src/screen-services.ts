import { createContext, useContext } from "react";
import type { ScreenServices } from "./types.js";

/** The app's screen services (labels, languages, notices, navigation), provided once by the app (main.tsx). */
export const ScreenServicesContext = createContext<ScreenServices | null>(null);

/** The labels, languages, notices and navigation every screen and panel reads, instead of taking them as props. */
export function useScreenServices(): ScreenServices {
  const services = useContext(ScreenServicesContext);
  if (!services) throw new Error("useScreenServices is called outside ScreenServicesContext");
  return services;
}
