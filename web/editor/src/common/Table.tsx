import type { ReactNode } from "react";

/** A table under one row of headings (an empty heading stands over a column of buttons); `children` are its rows. */
export function Table({
  className,
  testId,
  headings,
  children,
}: {
  className: string;
  testId?: string;
  headings: string[];
  children: ReactNode;
}) {
  return (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {headings.map((heading, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a heading is its column, known by its place
            <th key={index}>{heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
