export interface Toast {
  id: number;
  text: string;
  kind: "info" | "error";
}

/** Shows a message for 5 seconds (spec 000 §9). */
export type Notify = (text: string, kind?: "info" | "error") => void;

/** Goes to a client route (a path under /book_edit2), keeping the language. */
export type Navigate = (path: string, query?: Record<string, string>) => void;
