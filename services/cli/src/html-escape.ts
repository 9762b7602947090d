/** Text made safe inside HTML (an element's text or a quoted attribute value): the CLI's publish formats share it. */
const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
