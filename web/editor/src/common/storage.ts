/** The page's localStorage, or undefined where the browser refuses it (a sandboxed frame, privacy settings). */
export const safeStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};
