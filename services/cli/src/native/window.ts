/**
 * The launch window of the EXE and APP (spec 001 §3 EXE settings): maximised, maximised plus full-screen, or a
 * custom width × height; as the Chromium-family browser's app-mode switches the launchers pass.
 */
import { UsageError } from "../errors.js";
import { text } from "../i18n/text.js";

export type WindowMode = "maximized" | "fullscreen" | "custom";

export interface LaunchWindow {
  mode: WindowMode;
  width?: number;
  height?: number;
}

const pixels = (value: string | undefined) => (value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : NaN);

/** Reads --window, --width and --height (custom needs both, 200–10000 pixels); the default is maximised. */
export function launchWindow(
  mode: string | undefined,
  width: string | undefined,
  height: string | undefined,
): LaunchWindow {
  const chosen = (mode ?? "maximized").toLowerCase();
  if (chosen !== "maximized" && chosen !== "fullscreen" && chosen !== "custom") {
    throw new UsageError(text("nativeWindowMode", { mode: mode ?? "" }));
  }
  if (chosen !== "custom") return { mode: chosen };
  const w = pixels(width);
  const h = pixels(height);
  if (!(w >= 200 && w <= 10000 && h >= 200 && h <= 10000)) throw new UsageError(text("nativeWindowSize"));
  return { mode: "custom", width: w, height: h };
}

/** The browser switches that open the window so. */
export function windowSwitches(window: LaunchWindow): string[] {
  if (window.mode === "maximized") return ["--start-maximized"];
  if (window.mode === "fullscreen") return ["--start-maximized", "--start-fullscreen"];
  return [`--window-size=${window.width},${window.height}`];
}
