import { useEffect, useState } from "react";
import { type CardField, type CardStyle, cardStyleOf, dialNumber, type ReaderCard } from "./business-card.js";

/** The card styles file, read once per page when a card is first drawn. */
let styles: Promise<unknown> | undefined;
const loadStyles = () => {
  styles ??= fetch("/resourceFiles/businessCards/businessCards.json")
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  return styles;
};

/** The card's style: the built-in one until the styles file has answered. */
function useCardStyle(id: string): CardStyle {
  const [style, setStyle] = useState<CardStyle>(() => cardStyleOf(undefined, id));
  useEffect(() => {
    let live = true;
    loadStyles().then((file) => {
      if (live) setStyle(cardStyleOf(file, id));
    });
    return () => {
      live = false;
    };
  }, [id]);
  return style;
}

/**
 * The owner's business card drawn in the style the book chose (spec 000 "business cards"; resourceFiles
 * businessCards.json: the fields in their order, the colours and the layout), with its phone, email and website as
 * links, as flipbook readers show a publisher's contact card.
 */
export function BusinessCard({ card, styleId, linkTarget }: { card: ReaderCard; styleId: string; linkTarget: string }) {
  const style = useCardStyle(styleId);
  const line = (field: CardField) => {
    switch (field) {
      case "avatar":
        return null;
      case "name":
        return card.name ? <strong className="tl-card-name">{card.name}</strong> : null;
      case "jobTitle":
        return card.title ? <span className="tl-card-job">{card.title}</span> : null;
      case "company":
        return card.company ? <span className="tl-card-company">{card.company}</span> : null;
      case "phone":
        return card.phone ? <a href={`tel:${dialNumber(card.phone)}`}>{card.phone}</a> : null;
      case "email":
        return card.email ? <a href={`mailto:${card.email}`}>{card.email}</a> : null;
      case "address":
        return card.address ? <span>{card.address}</span> : null;
      case "website":
        return card.website ? (
          <a href={card.website} target={linkTarget} rel="noopener noreferrer">
            {card.website.replace(/^https?:\/\//, "")}
          </a>
        ) : null;
    }
  };
  const isIdentity = (field: CardField) => field === "name" || field === "jobTitle" || field === "company";
  const identity = style.fields.filter(isIdentity);
  const contacts = style.fields.filter((field) => !isIdentity(field) && field !== "avatar");
  return (
    <div
      className={`tl-card tl-card-${style.layout}`}
      data-testid="business-card"
      data-style={style.id}
      style={
        {
          "--tl-card-bg": style.colors.background,
          "--tl-card-text": style.colors.text,
          "--tl-card-accent": style.colors.accent,
        } as React.CSSProperties
      }
    >
      {style.fields.includes("avatar") && card.avatar ? (
        <img className="tl-card-avatar" src={card.avatar} alt="" width={64} height={64} />
      ) : null}
      <div className="tl-card-identity">
        {identity.map((field) => (
          <span key={field}>{line(field)}</span>
        ))}
      </div>
      <div className="tl-card-contacts">
        {contacts.map((field) => {
          const shown = line(field);
          return shown ? (
            <span key={field} data-field={field}>
              {shown}
            </span>
          ) : null;
        })}
      </div>
      {card.desc ? <p className="tl-card-desc">{card.desc}</p> : null}
    </div>
  );
}
