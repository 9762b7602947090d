/**
 * The fields of a business card as the book service stores them and the gateway passes them on (its REST form
 * names `description` "desc"): one list on both sides of gRPC. Each is text, "" when not given.
 */
export const businessCardFields = [
  "name",
  "title",
  "company",
  "phone",
  "email",
  "website",
  "address",
  "avatar",
  "description",
] as const;
export type BusinessCardField = (typeof businessCardFields)[number];
export type BusinessCardTexts = Record<BusinessCardField, string>;

/** Every field of a card, in the list's order: the value `read` answers for it when that is a string, else "". */
export function businessCardTexts(read: (field: BusinessCardField) => unknown): BusinessCardTexts {
  return Object.fromEntries(
    businessCardFields.map((field) => {
      const value = read(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as BusinessCardTexts;
}
