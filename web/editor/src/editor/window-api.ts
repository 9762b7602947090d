/**
 * The window methods the editor exposes for the assistant (spec 000 §7): set properties, scenes, templates,
 * theme, title, description, keywords, tags, background music, undo and redo, and mode switches. Each answers
 * true when it did what was asked.
 */
export interface EditorWindowApi {
  setBookProperties(values: Record<string, unknown>): boolean;
  setBookScene(name: string): boolean;
  setBookTemplate(name: string): boolean;
  setBookTheme(name: string): boolean;
  setBookTitle(text: string): boolean;
  setBookDescription(text: string): boolean;
  setBookKeywords(text: string): boolean;
  setBookTags(text: string): boolean;
  setBackgroundMusic(url: string): boolean;
  undoBook(): boolean;
  redoBook(): boolean;
  switchPreviewMode(device: "pc" | "phone" | "pad"): boolean;
}

export const windowApiNames: (keyof EditorWindowApi)[] = [
  "setBookProperties",
  "setBookScene",
  "setBookTemplate",
  "setBookTheme",
  "setBookTitle",
  "setBookDescription",
  "setBookKeywords",
  "setBookTags",
  "setBackgroundMusic",
  "undoBook",
  "redoBook",
  "switchPreviewMode",
];

type Target = Record<string, unknown>;

/** Puts the methods on window; the returned function takes them away again. */
export function exposeWindowApi(api: EditorWindowApi, target: Target = window as unknown as Target): () => void {
  for (const name of windowApiNames) target[name] = api[name];
  return () => {
    for (const name of windowApiNames) if (target[name] === api[name]) delete target[name];
  };
}

export function windowApi(target: Target = window as unknown as Target): EditorWindowApi | undefined {
  if (windowApiNames.some((name) => typeof target[name] !== "function")) return undefined;
  return target as unknown as EditorWindowApi;
}
