import { useEffect, useState } from "react";
import { type DesignResources, loadDesignResources } from "./resources.js";

const empty: DesignResources = {
  mobileTemplates: { version: 1, defaultId: "", items: [] },
  backgrounds: { version: 1, defaultId: "", items: [] },
  brandDefault: null,
  businessCards: null,
};

/** The design resources, loaded once when the editor opens (empty until they arrive). */
export function useDesignResources(): DesignResources {
  const [resources, setResources] = useState(empty);
  useEffect(() => {
    let live = true;
    loadDesignResources().then((loaded) => {
      if (live) setResources(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return resources;
}

/** Brands changed (one was added): the lists that offer them ask again. */
export const brandsChangedEvent = "turnleaf:brands-changed";
