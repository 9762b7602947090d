import { telephone } from "./phone-numbers.js";

/** The phone dialog's list: each number a tel: link, with its label. */
export function PhoneList({ numbers }: { numbers: { label: string; number: string }[] }) {
  return (
    <ul className="tl-phones">
      {numbers.map((entry) => (
        <li key={`${entry.label}-${entry.number}`}>
          <a href={`tel:${telephone(entry.number)}`}>
            {entry.label ? `${entry.label}: ` : ""}
            {entry.number}
          </a>
        </li>
      ))}
    </ul>
  );
}
