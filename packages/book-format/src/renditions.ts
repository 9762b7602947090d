/** The thumbnail every page has (thumbs/<n>.jpg): its width in pixels (the page's when narrower) and JPEG quality. */
export const thumbWidthPx = 200;
/** The thumbnail's JPEG quality (the conversion's when it writes one, the gateway's when it derives one). */
export const thumbQuality = 70;
