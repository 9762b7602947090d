/**
 * The pixel cap of every picture the platform takes in (#33 finding 3): an uploaded picture (book service), an
 * image source of a book and every picture inside an Office document (conversion service). Measured from the
 * picture's header, so a decompression bomb costs nothing to measure.
 */
export const pictureLimits = { maxPixels: 50_000_000 } as const;
