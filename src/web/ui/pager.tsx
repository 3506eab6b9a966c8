import { Button } from './button';

type PagerProps = { page: number; pageSize: number; total: number; onPage: (page: number) => void };

/** Previous and next for a list the server pages by number, saying which rows are shown of how many. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const upTo = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite">
        {first}–{upTo} of {total}
      </p>
      {last > 1 ? (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous page
          </Button>
          <Button size="sm" variant="outline" disabled={page >= last} onClick={() => onPage(page + 1)}>
            Next page
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
