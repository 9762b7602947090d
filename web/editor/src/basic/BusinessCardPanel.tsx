import { useEffect, useState } from "react";
import { call } from "../api.js";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";

interface Card {
  cardId: string;
  name: string;
  title: string;
  company: string;
  phone: string;
  email: string;
}

const emptyCard = { name: "", title: "", company: "", phone: "", email: "" };

/**
 * Business cards (spec 000 §7): the owner's cards (get-business-card-list, add-business-card, update-Business-Card,
 * delete-business-card) and the one this book shows (get/update-Book-Business-Card with its visibility). After
 * every write the panel shows what the server answered.
 */
export function BusinessCardPanel({
  bookId,
  onShownChanged,
}: {
  bookId: string;
  /** The card readers get changed (chosen, shown, hidden, edited or deleted): the preview loads it again. */
  onShownChanged?: () => void;
}) {
  const { labels, notify, report } = useScreenServices();
  const [cards, setCards] = useState<Card[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [visible, setVisible] = useState(true);
  const [draft, setDraft] = useState(emptyCard);
  /** The card being edited (its id) and its fields as typed. */
  const [editing, setEditing] = useState<Card | null>(null);

  useEffect(() => {
    Promise.all([
      call<{ list: Card[] }>("/api/book/get-business-card-list"),
      call<{ card: Card | null; visible: boolean }>("/api/book/get-book-business-card", { bookId }),
    ]).then(([list, shown]) => {
      setCards(list.list);
      setChosen(shown.card?.cardId ?? "");
      // A book without a card shows the next one it gets (update-Book-Business-Card's default).
      setVisible(shown.card ? shown.visible !== false : true);
    }, report);
  }, [bookId, report]);

  const save = async (cardId: string, show: boolean) => {
    try {
      const reply = await call<{ card: Card | null; visible: boolean }>("/api/book/update-Book-Business-Card", {
        bookId,
        cardId,
        visible: show ? "1" : "0",
      });
      setChosen(reply.card?.cardId ?? "");
      setVisible(reply.visible !== false);
      notify(labels.cardSaved);
      onShownChanged?.();
    } catch (error) {
      report(error);
    }
  };

  const add = async () => {
    if (!draft.name.trim()) return notify(labels.cardNameRequired, "error");
    try {
      const card = await call<Card>("/api/book/add-business-card", draft);
      setCards([...(cards ?? []), card]);
      setDraft(emptyCard);
      await save(card.cardId, visible);
    } catch (error) {
      report(error);
    }
  };

  const update = async () => {
    if (!editing) return;
    if (!editing.name.trim()) return notify(labels.cardNameRequired, "error");
    try {
      // update-Business-Card takes every field (an omitted one is cleared): the whole card is sent.
      const { cardId, name, title, company, phone, email } = editing;
      const card = await call<Card>("/api/book/update-Business-Card", { cardId, name, title, company, phone, email });
      setCards((cards ?? []).map((known) => (known.cardId === card.cardId ? card : known)));
      setEditing(null);
      notify(labels.cardUpdated);
      if (card.cardId === chosen) onShownChanged?.();
    } catch (error) {
      report(error);
    }
  };

  const remove = async (cardId: string) => {
    if (!window.confirm(labels.cardDeleteConfirm)) return;
    try {
      await call("/api/book/delete-business-card", { cardId });
      const [list, shown] = await Promise.all([
        call<{ list: Card[] }>("/api/book/get-business-card-list"),
        call<{ card: Card | null; visible: boolean }>("/api/book/get-book-business-card", { bookId }),
      ]);
      setCards(list.list);
      setChosen(shown.card?.cardId ?? "");
      setEditing(null);
      notify(labels.cardDeleted);
      if (cardId === chosen) onShownChanged?.();
    } catch (error) {
      report(error);
    }
  };

  if (!cards) return null;
  const editField = (key: keyof typeof emptyCard, label: string) =>
    editing ? (
      <label className="field">
        <span>{label}</span>
        <input
          value={editing[key]}
          maxLength={500}
          onChange={(event) => setEditing({ ...editing, [key]: event.target.value })}
        />
      </label>
    ) : null;
  const field = (key: keyof typeof emptyCard, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={draft[key]}
        maxLength={500}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </label>
  );
  return (
    <section className="panel-section" aria-label={labels.businessCard}>
      <h2 className="panel-title">{labels.businessCard}</h2>
      <label className="field">
        <span>{labels.cardShown}</span>
        {/* Choosing a card shows it; 不显示 hides it: the tick below can never contradict the choice. */}
        <select
          value={chosen}
          data-testid="card-shown"
          onChange={(event) => void save(event.target.value, event.target.value !== "")}
        >
          <option value="">{labels.cardNone}</option>
          {cards.map((card) => (
            <option key={card.cardId} value={card.cardId}>
              {[card.name, card.company].filter(Boolean).join(" · ")}
            </option>
          ))}
        </select>
      </label>
      <Check
        label={labels.cardVisible}
        testId="card-visible"
        checked={chosen !== "" && visible}
        disabled={chosen === ""}
        onChange={(on) => void save(chosen, on)}
      />
      {cards.length > 0 ? (
        <ul className="card-list" aria-label={labels.businessCard}>
          {cards.map((card) => {
            const name = [card.name, card.company].filter(Boolean).join(" · ");
            return (
              <li key={card.cardId} data-card={card.cardId}>
                <span>{name}</span>
                <button type="button" aria-label={`${labels.cardEdit} ${card.name}`} onClick={() => setEditing(card)}>
                  {labels.cardEdit}
                </button>
                <button
                  type="button"
                  aria-label={`${labels.cardDelete} ${card.name}`}
                  onClick={() => void remove(card.cardId)}
                >
                  {labels.cardDelete}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing ? (
        <fieldset className="card-edit" aria-label={labels.cardEdit}>
          <legend>{labels.cardEdit}</legend>
          {editField("name", labels.cardName)}
          {editField("title", labels.cardTitle)}
          {editField("company", labels.cardCompany)}
          {editField("phone", labels.phoneNumber)}
          {editField("email", labels.cardEmail)}
          <div className="actions">
            <button type="button" className="primary" onClick={() => void update()}>
              {labels.cardUpdate}
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              {labels.cancel}
            </button>
          </div>
        </fieldset>
      ) : null}
      <details>
        <summary>{labels.cardNew}</summary>
        {field("name", labels.cardName)}
        {field("title", labels.cardTitle)}
        {field("company", labels.cardCompany)}
        {field("phone", labels.phoneNumber)}
        {field("email", labels.cardEmail)}
        <div className="actions">
          <button type="button" className="primary" onClick={() => void add()}>
            {labels.cardAdd}
          </button>
        </div>
      </details>
    </section>
  );
}
