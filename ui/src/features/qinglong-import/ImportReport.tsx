import type { ImportPreview, ImportResult } from '@contract/import-schemas.ts';
import { formatImportReason, ImportKinds, importKindLabels, type ImportReason } from '@contract/import.ts';
import { toLanguage, type Language } from '@contract/i18n.ts';
import { useLingui } from '@lingui/react/macro';

/**
 * What the import brings (the dry run), or brought (the real run): per kind how many were found, will come (or
 * came, and were already there), and every item left out or brought with a caveat, with its reason.
 */
export function ImportReport({ report }: { report: ImportPreview | ImportResult }) {
  const { t, i18n } = useLingui();
  const lang = toLanguage(i18n.locale);
  const result = 'written' in report ? report : null;
  const kinds = ImportKinds.filter((kind) => report.counts[kind].found > 0 || (result?.written[kind] ?? 0) > 0);
  return (
    <div className="flex flex-col gap-4 text-[13px]" data-testid="import-report">
      <p className="text-muted">
        {report.source.dir}
        {report.account ? ` · ${t`Account`}: ${report.account.username}` : ''}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <thead className="text-muted">
            <tr>
              <th className="py-1 pe-3 font-medium">{t`Kind`}</th>
              <th className="py-1 pe-3 font-medium">{t`Found`}</th>
              <th className="py-1 pe-3 font-medium">{result ? t`Imported` : t`Will import`}</th>
              {result && <th className="py-1 pe-3 font-medium">{t`Already there`}</th>}
              <th className="py-1 font-medium">{t`Skipped`}</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind} className="border-t border-border">
                <td className="py-1 pe-3">{importKindLabels[kind][lang]}</td>
                <td className="py-1 pe-3 tabular-nums">{report.counts[kind].found}</td>
                <td className="py-1 pe-3 tabular-nums">
                  {result ? result.written[kind] : report.counts[kind].importable}
                </td>
                {result && <td className="py-1 pe-3 tabular-nums">{result.present[kind]}</td>}
                <td className="py-1 tabular-nums">{report.counts[kind].skipped}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ItemList title={t`Left out`} items={report.skipped} lang={lang} />
      <ItemList title={t`Worth knowing`} items={report.notices} lang={lang} />
    </div>
  );
}

type ReportItem = ImportPreview['skipped'][number];

/** One titled list of report items, each with its kind and reason; nothing when empty. */
function ItemList({ title, items, lang }: { title: string; items: ReportItem[]; lang: Language }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h3 className="mb-1 font-medium">{title}</h3>
      <ul className="flex list-disc flex-col gap-0.5 ps-5">
        {items.map((item, index) => (
          <li key={index}>
            <span className="text-muted">{importKindLabels[item.kind][lang]}</span> {item.item}:{' '}
            {formatImportReason(item.reason as ImportReason, lang)}
          </li>
        ))}
      </ul>
    </section>
  );
}
