/** The business card a book shows, as the book service serves it in htmlConfig (`businessCard`). */
export interface ReaderCard {
  name: string;
  title: string;
  company: string;
  phone: string;
  email: string;
  website: string;
  address: string;
  avatar: string;
  desc: string;
}

/** The card fields a style lists (resourceFiles/businessCards/businessCards.json). */
export type CardField = "avatar" | "name" | "jobTitle" | "company" | "phone" | "email" | "address" | "website";

/** A card style: which fields in which order, three colours and a layout. */
export interface CardStyle {
  id: string;
  fields: CardField[];
  colors: { background: string; text: string; accent: string };
  layout: "left" | "center" | "split";
}
