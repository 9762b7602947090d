import { languageHeaders } from "./language/request-language.js";

/** A form's fields as a URL-encoded body. */
export function formFields(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [key, value] of new FormData(form)) fields.set(key, String(value));
  return fields;
}

/**
 * Posts URL-encoded fields to one of the reader's own paths (unlock, post-comment), with this origin's cookies and the
 * interface language, and answers the gateway's envelope.
 */
export async function postForm(url: string, fields: URLSearchParams): Promise<{ code: string; msg: string }> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: languageHeaders({ "content-type": "application/x-www-form-urlencoded" }),
    body: fields.toString(),
  });
  return (await response.json()) as { code: string; msg: string };
}
