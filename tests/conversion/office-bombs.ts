/**
 * The crafted Office documents of issue #33, built on demand (nothing binary is committed): an ODT or DOCX whose
 * picture is read from the conversion host's disk, an ODT holding a 30000×30000 PNG (under 1 MB), a DOCX whose
 * markup inflates to 70 MB, an ODT holding an EPS picture, and a harmless ODT with a small embedded picture.
 * Shared by tests/conversion/office-reach.test.ts and scripts/bench/office-bombs.ts.
 */
import { crc32, deflateSync } from "node:zlib";
import { zipSync } from "fflate";

const odfNamespaces =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** A file on every Debian conversion host that LibreOffice decodes as a picture. */
export const hostPicture = "/usr/share/pixmaps/debian-logo.png";

/** An ODT with one paragraph and one picture whose href is `href` (inside the package or not). */
export function odtWithPicture(href: string, pictures: Record<string, Uint8Array> = {}): Buffer {
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${odfNamespaces} office:version="1.3">` +
    "<office:body><office:text><text:p>Picture below</text:p><text:p>" +
    '<draw:frame draw:name="p1" text:anchor-type="as-char" svg:width="8cm" svg:height="8cm">' +
    `<draw:image xlink:href="${href}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>` +
    "</draw:frame></text:p></office:text></office:body></office:document-content>";
  const files = Object.keys(pictures)
    .map((name) => `<manifest:file-entry manifest:full-path="${name}" manifest:media-type="image/png"/>`)
    .join("");
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
    `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>${files}</manifest:manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [Buffer.from("application/vnd.oasis.opendocument.text"), { level: 0 }],
      "content.xml": Buffer.from(content),
      ...Object.fromEntries(Object.entries(pictures).map(([name, bytes]) => [name, [bytes, { level: 0 }]])),
      "META-INF/manifest.xml": Buffer.from(manifest),
    }),
  );
}

const contentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const packageRels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const wordNamespaces =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

function docx(body: string, documentRels: string, level: 0 | 9 = 9): Buffer {
  return Buffer.from(
    zipSync(
      {
        "[Content_Types].xml": Buffer.from(contentTypes),
        "_rels/.rels": Buffer.from(packageRels),
        "word/document.xml": Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><w:document ${wordNamespaces}><w:body>${body}</w:body></w:document>`,
        ),
        "word/_rels/document.xml.rels": Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${documentRels}</Relationships>`,
        ),
      },
      { level },
    ),
  );
}

/** A DOCX whose picture is `<a:blip r:link>` to an external relationship naming `target`. */
export function docxWithLinkedPicture(target: string): Buffer {
  const size = 'cx="3000000" cy="3000000"';
  const drawing =
    `<w:p><w:r><w:t>Picture below</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent ${size}/><wp:docPr id="1" name="p"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:link="rIdPicture"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${size}/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>` +
    "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>";
  const rels = `<Relationship Id="rIdPicture" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}" TargetMode="External"/>`;
  return docx(drawing, rels);
}

/** A DOCX whose document.xml inflates to about `megabytes` MB of paragraphs (deflated: a few hundred KB). */
export function docxMarkupBomb(megabytes: number): Buffer {
  const paragraph = "<w:p><w:r><w:t>Inflated paragraph of the markup bomb.</w:t></w:r></w:p>";
  return docx(paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length)), "");
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black-and-white PNG of `width`×`height` (1 bit a pixel, all white, deflated: small on disk). */
export function flatPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1;
  const pixels = Buffer.alloc(row * height, 0xff);
  for (let y = 0; y < height; y++) pixels[y * row] = 0; // filter byte of every row: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A small Encapsulated PostScript picture (a filled square). */
export const epsPicture = Buffer.from(
  "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\nnewpath 10 10 moveto 90 10 lineto 90 90 lineto 10 90 lineto closepath fill\nshowpage\n%%EOF\n",
);
