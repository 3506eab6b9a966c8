import { ROLE_LABELS } from '../../../shared/vocabulary/roles';
import { formatterFor } from '../../lib/format';
import { PagedList } from '../../ui/paged-list';
import { useAccessLog } from './api';

const headClass = 'px-3 py-2 font-medium';
const momentOf = (iso: string) => formatterFor().dateTime(iso);

/**
 * Who opened a patient's record: who (name and role, or 'You'), what, and when, newest first, with
 * 'Load more'. Without a patient id it is the signed-in patient's own log.
 */
export function AccessLog({ patientId }: { patientId?: string }) {
  const log = useAccessLog(patientId ?? 'me');
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const whose = patientId ? 'this record' : 'your record';
  return (
    <PagedList
      query={log}
      count={entries.length}
      loadingLabel="Loading who opened the record…"
      errorText="Could not load who opened the record."
      emptyText={`Nobody has opened ${whose} yet.`}
      loadMoreErrorText="Could not load more entries. Please try again."
    >
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Who opened ${whose}: ${entries.length} shown, newest first`}</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className={headClass}>
                When
              </th>
              <th scope="col" className={headClass}>
                Who
              </th>
              <th scope="col" className={headClass}>
                What
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-border border-t">
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={entry.at}>{momentOf(entry.at)}</time>
                </td>
                <th scope="row" className="px-3 py-2 font-normal">
                  {entry.actor.isYou ? (
                    <span className="font-medium">You</span>
                  ) : (
                    <>
                      <span className="font-medium">{entry.actor.name}</span>
                      {entry.actor.role ? (
                        <span className="text-muted-foreground"> ({ROLE_LABELS[entry.actor.role]})</span>
                      ) : null}
                    </>
                  )}
                </th>
                <td className="px-3 py-2">{entry.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PagedList>
  );
}
