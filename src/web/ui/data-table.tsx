import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

type DataTableProps = {
  /** Read by screen readers as the table's name. */
  caption: string;
  /** Column headings, left to right; leave a column out by leaving out its heading and its cells. */
  columns: readonly string[];
  /** The rows: `<tr>`s whose first cell is a `<th scope="row">`. */
  children: ReactNode;
  /**
   * A long table kept to a fixed height that scrolls both ways; the scrolling area is then a named region that
   * keyboards can reach, as a scroll area without focusable content must be.
   */
  scrolls?: boolean;
};

/**
 * A list shown as a table, named by a caption, headed by its columns. On a screen narrower than its columns it
 * scrolls sideways inside its own region (ScrollRegion), never the page.
 */
export function DataTable({ caption, columns, children, scrolls = false }: DataTableProps) {
  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-muted text-muted-foreground">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scrolls ? (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="relative max-h-80 overflow-auto rounded-lg border border-border"
    >
      {table}
    </section>
  ) : (
    <ScrollRegion label={caption}>{table}</ScrollRegion>
  );
}

/** The heading cells of a table whose columns depend on who is looking: the false ones drop out. */
export const columnsOf = (...columns: (string | false)[]) =>
  columns.filter((column): column is string => column !== false);
