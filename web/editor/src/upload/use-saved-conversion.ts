import { useEffect, useState } from "react";
import { call } from "../api.js";
import { type Conversion, conversionFromMeta, defaultConversion } from "./conversion.js";

/** The conversion settings, starting from the user's saved creation preferences (get-user-meta) when they come. */
export function useSavedConversion() {
  const [conversion, setConversion] = useState<Conversion>(defaultConversion);
  useEffect(() => {
    let live = true;
    call<unknown>("/api/user/get-user-meta").then(
      (meta) => {
        if (live) setConversion((current) => (current === defaultConversion ? conversionFromMeta(meta) : current));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return [conversion, setConversion] as const;
}
