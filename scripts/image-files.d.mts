// Types of image-files.mjs (the tests import it).
export declare const imageServices: string[];
export declare function imageFileList(service: string, cache?: object): Promise<string[]>;
export declare function writeImageFiles(
  service: string,
  outdir: string,
  options?: { link?: boolean; cache?: object },
): Promise<{ files: number; bytes: number }>;
