/** Toolbar icons as inline SVG: no icon font to load, and every glyph exists whatever fonts the reader has. */
const paths = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  previous: "M16 5v14L5 12z",
  next: "M8 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
  zoomIn:
    "M11 4a7 7 0 1 0 4.2 12.6l4.1 4.1 1.4-1.4-4.1-4.1A7 7 0 0 0 11 4zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm-1 2v2H8v2h2v2h2v-2h2v-2h-2V8z",
  zoomOut:
    "M11 4a7 7 0 1 0 4.2 12.6l4.1 4.1 1.4-1.4-4.1-4.1A7 7 0 0 0 11 4zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM8 10h6v2H8z",
  contents: "M4 6h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0h12v2H8zm-4 5h2v2H4zm4 0h12v2H8z",
  search: "M10 4a6 6 0 1 0 3.6 10.8l5.3 5.3 1.4-1.4-5.3-5.3A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z",
  text: "M5 5h14v2H5zm0 4h14v2H5zm0 4h14v2H5zm0 4h9v2H5z",
  fullscreen: "M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z",
  share:
    "M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2l6.7 3.4A3 3 0 1 0 18 16z",
  thumbnails: "M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z",
  // Auto flip: a play sign in a ring (the bare triangle is "next page").
  play: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-2 4v8l6-4z",
  pause: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM9 8h2v8H9zm4 0h2v8h-2z",
  print:
    "M7 3h10v4H7zM5 8h14a2 2 0 0 1 2 2v6h-4v4H7v-4H3v-6a2 2 0 0 1 2-2zm4 7v3h6v-3zm8-5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  download: "M11 4h2v8.2l3.3-3.3 1.4 1.4-5.7 5.7-5.7-5.7 1.4-1.4 3.3 3.3zM5 18h14v2H5z",
  // A loupe over a page's corner: not the search's magnifying glass.
  magnifier:
    "M3 3h9v2H5v7H3zM15 9a5 5 0 1 0 2.9 9.1l2.7 2.7 1.4-1.4-2.7-2.7A5 5 0 0 0 15 9zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6z",
  more: "M5 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  sound:
    "M4 9h4l5-4v14l-5-4H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  muted:
    "M4 9h4l5-4v14l-5-4H4zm11.6.4 1.4-1.4 2.5 2.5L22 8l1.4 1.4-2.5 2.6 2.5 2.5L22 16l-2.5-2.5L17 16l-1.4-1.4 2.5-2.5z",
  home: "M12 3 2 12h3v8h6v-5h2v5h6v-8h3z",
  about: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v2h-2zm0 4h2v6h-2z",
  back: "M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z",
  forward: "M4 11h12.2l-5.6-5.6L12 4l8 8-8 8-1.4-1.4 5.6-5.6H4z",
  email: "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z",
  phone:
    "M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z",
  wechat:
    "M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 16.5l2.6-1.3c.8.2 1.6.4 2.4.4h.5A5.4 5.4 0 0 1 9.3 14c0-3 2.9-5.4 6.5-5.4h.5C15.6 6 12.6 4 9 4zm6.8 5.6c-3 0-5.5 2-5.5 4.5s2.5 4.5 5.5 4.5c.6 0 1.3-.1 1.9-.3l2.1 1.1-.5-1.8c1.3-.9 2.1-2.1 2.1-3.5 0-2.5-2.5-4.5-5.6-4.5z",
  help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 15h2v2h-2zm1-12a4 4 0 0 0-4 4h2a2 2 0 1 1 3 1.7c-1 .6-2 1.4-2 3.3h2c0-1 .5-1.4 1.3-1.9A4 4 0 0 0 12 5z",
  annotation: "M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 4v2h5v-2z",
  message: "M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2zm3 5v2h10V8zm0 4v2h7v-2z",
  card: "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm5 3a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm-4 8h8c0-1.7-1.8-2.5-4-2.5S4 14.3 4 16zm10-7v2h6V9zm0 4v2h4v-2z",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
