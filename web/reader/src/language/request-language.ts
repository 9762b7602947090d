/**
 * The reader's interface language, named in Accept-Language on the reader's own calls (unlock, messages, lead
 * form): the gateway words its answers (wrong password, refusals) in it. Chinese until the reader knows better.
 */
let language = "zh-CN";

export function setRequestLanguage(lang: string): void {
  if (/^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/.test(lang)) language = lang;
}

export function languageHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, "accept-language": language };
}
