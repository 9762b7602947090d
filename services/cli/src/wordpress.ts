/**
 * turnleaf publish --format wordpress: an installable WordPress plug-in embedding the book. The package is a folder
 * (and its zip) `turnleaf-<slug>/` holding the plug-in file with its header, the offline flipbook under `flipbook/`
 * and a readme.txt. The shortcode `[turnleaf_<slug> width="100%" height="600" title="…"]` renders the book in an
 * iframe; published with --seo-text, the shortcode also writes the book's text in a <noscript> element, the HTML
 * text version search engines read.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest } from "@turnleaf/conversion/manifest";
import type { Context } from "./context.js";
import { CliError, exitCodes } from "./errors.js";
import type { Project } from "./project.js";
import { escapeHtml, type PublishOptions, writeFlipBook } from "./publish.js";
import { zipFolder } from "./zip.js";

export const wordpressMessages = {
  failed: (detail: string) => `Publish WordPress plug-in failed: ${detail}`,
} as const;

/** The plug-in's slug: lowercase letters, digits and dashes, from the title (a fallback when nothing is left). */
export function pluginSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug || "flipbook";
}

/** A PHP single-quoted string literal. */
const php = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** The header lines WordPress reads, without the comment delimiters that would end the comment. */
const headerValue = (text: string) => text.replace(/\*\//g, "").replace(/\s+/g, " ").trim();

export function pluginFile(input: {
  slug: string;
  title: string;
  description: string;
  keywords: string;
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
        'width' => '100%',
        'height' => '600',
        'title' => ${php(input.title)},
    ), $atts, ${php(shortcode)});
    $src = plugins_url('flipbook/index.html', __FILE__);
    $html = '<div class="turnleaf-flipbook">'
        . '<iframe src="' . esc_url($src) . '" width="' . esc_attr($atts['width']) . '" height="' . esc_attr($atts['height'])
        . '" title="' . esc_attr($atts['title']) . '" style="border:0;max-width:100%" allowfullscreen loading="lazy"></iframe>';
    $text = ${php(input.seoText)};
    if ($text !== '') {
        $html .= '<noscript><article class="turnleaf-text" data-keywords="' . esc_attr(${php(input.keywords)}) . '">' . $text . '</article></noscript>';
    }
    return $html . '</div>';
}
add_shortcode(${php(shortcode)}, '${fn}');
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

export async function publishWordPress(
  context: Context,
  input: {
    projectDir: string;
    outDir: string;
    project: Project;
    manifest: Manifest;
    readerDir: string;
    options: PublishOptions;
  },
): Promise<void> {
  const { outDir, project, options } = input;
  const title = options.title ?? project.title;
  const slug = pluginSlug(title);
  const folder = `turnleaf-${slug}`;
  const pluginDir = join(outDir, folder);
  const shortcode = `turnleaf_${slug.replace(/-/g, "_")}`;
  try {
    await rm(pluginDir, { recursive: true, force: true });
    await mkdir(pluginDir, { recursive: true });
    const book = await writeFlipBook({ ...input, flipBook: join(pluginDir, "flipbook") });
    const description = options.description ?? "";
    const keywords = options.keywords ?? "";
    const seoText = options.seoText ? textVersion(book.searchUrl) : "";
    await writeFile(join(pluginDir, `${folder}.php`), pluginFile({ slug, title, description, keywords, seoText }));
    await writeFile(join(pluginDir, "readme.txt"), readme({ title, description, keywords, shortcode }));
    await zipFolder(pluginDir, folder, join(outDir, `${folder}.zip`));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(wordpressMessages.failed((error as Error).message), exitCodes.cannotCreate);
  }
  const zip = join(outDir, `${folder}.zip`);
  if (options.json) {
    context.print(JSON.stringify({ plugin: join(pluginDir, `${folder}.php`), zip, shortcode: `[${shortcode}]` }));
    return;
  }
  context.print(`published: ${join(pluginDir, `${folder}.php`)}`);
  context.print(`zip: ${zip}`);
  context.print(`shortcode: [${shortcode} width="100%" height="600"]`);
}
