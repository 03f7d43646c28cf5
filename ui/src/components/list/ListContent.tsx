import type { ReactNode } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { PageSpinner } from '../ui/Spinner.tsx';

/**
 * The body of a list screen: the load error, the spinner while the first rows are on their way, the empty state
 * (`empty`) once there are none, or the rows: `wide` (a table) from tablet width up, `narrow` (cards) on phones.
 * While a later fetch runs, the rows stay and are marked busy.
 */
export function ListContent({
  list,
  empty,
  wide,
  narrow,
  notice,
}: {
  list: { rows: unknown[]; loading: boolean; error: string | null };
  empty: ReactNode;
  wide: ReactNode;
  narrow: ReactNode;
  /** A line above the rows (e.g. why reordering is off). */
  notice?: ReactNode;
}) {
  const { rows, loading, error } = list;
  return (
    <>
      {error && (
        <div className="p-3">
          <Alert>{error}</Alert>
        </div>
      )}
      {loading && rows.length === 0 && <PageSpinner />}
      {!loading && rows.length === 0 && !error && empty}
      {rows.length > 0 && (
        <div aria-busy={loading || undefined}>
          {notice}
          <div className="hidden md:block">{wide}</div>
          <div className="md:hidden">{narrow}</div>
        </div>
      )}
    </>
  );
}
