/** A brand the book applies (spec 001 brand kinds), as the gateway serves it: the owner's brand itself. */
export interface ReaderBrand {
  title: string;
  logo: string;
  link: string;
  desc: string;
}

export type BrandSlot = "loading" | "toolbar" | "related";
