import { useLingui } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';

export const pageSizes = [20, 50, 100, 200] as const;

/** Page navigation and the page size; says which rows are shown out of how many. */
export function Pager({
  page,
  size,
  total,
  sizeLabel,
  onChange,
}: {
  page: number;
  size: number;
  total: number;
  /** Accessible name of the page-size choice, e.g. "Tasks per page". */
  sizeLabel: string;
  onChange: (patch: { page?: number; size?: number }) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-end gap-2 px-3 py-2 text-[13px]">
      <span className="mr-auto text-muted">{t`${from}–${to} of ${total}`}</span>
      <Button size="sm" onClick={() => onChange({ page: page - 1 })} disabled={page <= 1}>
        {t`Previous page`}
      </Button>
      <span className="tabular-nums" aria-current="page">
        {t`Page ${page} of ${pages}`}
      </span>
      <Button size="sm" onClick={() => onChange({ page: page + 1 })} disabled={page >= pages}>
        {t`Next page`}
      </Button>
      <Select
        aria-label={sizeLabel}
        value={String(size)}
        onChange={(e) => onChange({ size: Number(e.target.value) })}
        options={pageSizes.map((n) => ({ value: String(n), label: t`${n} / page` }))}
        className="h-7! w-auto! py-0 text-[13px]"
      />
    </nav>
  );
}
