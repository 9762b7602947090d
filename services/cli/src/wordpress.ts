/**
 * turnleaf publish --format wordpress: an installable WordPress plug-in embedding the book. The package is a folder
 * (and its zip) `turnleaf-<slug>/` holding the plug-in file with its header, the offline flipbook under `flipbook/`
 * and a readme.txt. The shortcode `[turnleaf_<slug> width="100%" height="600" title="…"]` renders the book in an
 * iframe; published with --seo-text, the shortcode also writes the book's text in a <noscript> element, the HTML
 * text version search engines read.
 */
import { join } from "node:path";
import type { Context } from "./context.js";
import { escapeHtml } from "./html-escape.js";
import { embedSettings, machineName, type PackageInput, phpString, writePluginPackage } from "./plugin-package.js";

/** The plug-in's slug: lowercase letters, digits and dashes, from the title (a fallback when nothing is left). */
export const pluginSlug = (title: string) => machineName(title, "-");

/** The header lines WordPress reads, without the comment delimiters that would end the comment. */
const headerValue = (text: string) => text.replace(/\*\//g, "").replace(/\s+/g, " ").trim();

export function pluginFile(input: {
  slug: string;
  title: string;
  description: string;
  keywords: string;
  width: string;
  height: string;
  seoText: string;
}): string {
  const shortcode = `turnleaf_${input.slug.replace(/-/g, "_")}`;
  const fn = `${shortcode}_shortcode`;
  return `<?php
/**
 * Plugin Name: ${headerValue(`Turnleaf flipbook: ${input.title}`)}
 * Description: ${headerValue(input.description || `The flipbook "${input.title}", embedded with the [${shortcode}] shortcode.`)}
 * Version: 1.0.0
 * Requires at least: 5.0
 * Requires PHP: 7.4
 * Author: Turnleaf
 * License: GPL-2.0-or-later
 * Text Domain: ${input.slug}
 */

if (!defined('ABSPATH')) {
    exit;
}

/**
 * [${shortcode} width="100%" height="600" title="…"]: the flipbook in an iframe.
 */
function ${fn}($atts) {
    $atts = shortcode_atts(array(
        'width' => ${phpString(input.width)},
        'height' => ${phpString(input.height)},
        'title' => ${phpString(input.title)},
    ), $atts, ${phpString(shortcode)});
    $src = plugins_url('flipbook/index.html', __FILE__);
    $html = '<div class="turnleaf-flipbook">'
        . '<iframe src="' . esc_url($src) . '" width="' . esc_attr($atts['width']) . '" height="' . esc_attr($atts['height'])
        . '" title="' . esc_attr($atts['title']) . '" style="border:0;max-width:100%" allowfullscreen loading="lazy"></iframe>';
    $text = ${phpString(input.seoText)};
    if ($text !== '') {
        $html .= '<noscript><article class="turnleaf-text" data-keywords="' . esc_attr(${phpString(input.keywords)}) . '">' . $text . '</article></noscript>';
    }
    return $html . '</div>';
}
add_shortcode(${phpString(shortcode)}, '${fn}');
`;
}

function readme(input: { title: string; description: string; keywords: string; shortcode: string }): string {
  return `=== ${input.title} ===
Tags: ${input.keywords || "flipbook"}
Requires at least: 5.0
Requires PHP: 7.4
Stable tag: 1.0.0
License: GPL-2.0-or-later

${input.description || `The flipbook "${input.title}".`}

== Installation ==

Upload the zip in Plugins > Add New > Upload Plugin, activate it, and put [${input.shortcode}] in a post or page
(attributes: width, height, title).
`;
}

/** The book's text as sections per page, from the search index the reader book inlines (a data: URL). */
function textVersion(searchUrl: string | null): string {
  const data = searchUrl?.startsWith("data:application/json;base64,")
    ? Buffer.from(searchUrl.slice("data:application/json;base64,".length), "base64").toString("utf8")
    : null;
  if (!data) return "";
  const index = JSON.parse(data) as { pages: { page: number; text: string }[] };
  return index.pages
    .filter((entry) => entry.text.trim() !== "")
    .map((entry) => `<section><h2>${entry.page}</h2><p>${escapeHtml(entry.text)}</p></section>`)
    .join("");
}

export async function publishWordPress(context: Context, input: PackageInput): Promise<void> {
  const { title, description, keywords, width, height } = embedSettings(input);
  const slug = pluginSlug(title);
  const folder = `turnleaf-${slug}`;
  const shortcode = `turnleaf_${slug.replace(/-/g, "_")}`;
  const { dir, zip } = await writePluginPackage(input, folder, "publishWordPressFailed", (book) => ({
    [`${folder}.php`]: pluginFile({
      slug,
      title,
      description,
      keywords,
      width,
      height,
      seoText: input.options.seoText ? textVersion(book.searchUrl) : "",
    }),
    "readme.txt": readme({ title, description, keywords, shortcode }),
  }));
  if (input.options.json) {
    context.print(JSON.stringify({ plugin: join(dir, `${folder}.php`), zip, shortcode: `[${shortcode}]` }));
    return;
  }
  context.print(context.t("published", { file: join(dir, `${folder}.php`) }));
  context.print(context.t("zipLine", { zip }));
  context.print(context.t("shortcodeLine", { shortcode: `[${shortcode} width="${width}" height="${height}"]` }));
}
