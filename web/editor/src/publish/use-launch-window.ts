import { useState } from "react";
import type { WindowMode } from "./publish-request.js";

/** A desktop package's launch window as chosen in the dialog: maximised by default, 1280 × 800 when custom. */
export function useLaunchWindow() {
  const [mode, setMode] = useState<WindowMode>("maximized");
  const [width, setWidth] = useState("1280");
  const [height, setHeight] = useState("800");
  return { mode, width, height, setMode, setWidth, setHeight };
}

export type LaunchWindow = ReturnType<typeof useLaunchWindow>;
