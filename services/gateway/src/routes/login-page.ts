import { type CodedMessage, message, plainMessage } from "@turnleaf/kit";
import { formTokenField } from "../plugins/same-origin.js";

/** The login page's words (messages catalogue, the request's interface language). */
export const loginTexts = {
  title: message("login.title"),
  email: message("login.email"),
  password: message("login.password"),
  submit: message("login.submit"),
  formExpired: message("login.formExpired"),
} as const;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character,
  );
}

export interface LoginPageInput {
  back: string;
  email?: string;
  /** The refusal shown above the form, already worded. */
  message?: string;
  formToken?: string;
  /** The page's language: its `lang` attribute, and carried by the form so the answer comes in it again. */
  lang?: string;
  text?: (coded: CodedMessage) => string;
}

/** The legacy login page: a minimal form posting to itself (no script, no external resource). */
export function loginPage(input: LoginPageInput): string {
  const text = (coded: CodedMessage) => escapeHtml((input.text ?? plainMessage)(coded));
  const lang = escapeHtml(input.lang ?? "zh-CN");
  const message = input.message ? `<p role="alert" class="error">${escapeHtml(input.message)}</p>` : "";
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(loginTexts.title)} · Turnleaf</title>
<style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}</style>
</head><body><main><h1>${text(loginTexts.title)}</h1>${message}
<form method="post" action="/login.php">
<input type="hidden" name="back" value="${escapeHtml(input.back)}">
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="${formTokenField}" value="${escapeHtml(input.formToken ?? "")}">
<label for="email">${text(loginTexts.email)}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}">
<label for="password">${text(loginTexts.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${text(loginTexts.submit)}</button>
</form></main></body></html>
`;
}
