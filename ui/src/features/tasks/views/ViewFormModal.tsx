import { CronStatus, ViewFilterOperation, ViewFilterProperty, ViewSortProperty } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { SegmentedControl } from '../../../components/ui/SegmentedControl.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { api } from '../../../lib/api.ts';
import type { ModalProps } from '../../../lib/routing.ts';
import { required, type Errors } from '../../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../../lib/useSubmit.ts';
import { useFieldErrors } from '../../../lib/useFieldErrors.ts';
import { listViews, type CronView } from '../api.ts';

interface FilterRow {
  property: string;
  operation: string;
  value: string;
}
interface SortRow {
  property: string;
  type: 'ASC' | 'DESC';
}

const listOps: string[] = [ViewFilterOperation.In, ViewFilterOperation.Nin];

function toRow(filter: CronView['filters'][number]): FilterRow {
  return { ...filter, value: Array.isArray(filter.value) ? filter.value.join(',') : filter.value };
}
function fromRow(row: FilterRow): CronView['filters'][number] {
  if (!listOps.includes(row.operation)) return { ...row };
  const parts = row.value
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { ...row, value: row.property === 'status' || row.property === 'sub_id' ? parts.map(Number) : parts };
}

/** crontab/viewCreateModal: a new view, or `?id=` to edit one: name, filters joined by and/or, sorts. */
export default function ViewFormModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [name, setName] = useState('');
  const [filters, setFilters] = useState<FilterRow[]>([{ property: 'name', operation: 'Reg', value: '' }]);
  const [relation, setRelation] = useState<'and' | 'or'>('and');
  const [sorts, setSorts] = useState<SortRow[]>([]);
  const { busy, formError, onSubmit } = useSubmit();

  useEffect(() => {
    if (!id) return;
    listViews().then((views) => {
      const view = views.find((v) => v.id === id);
      if (!view) return;
      setName(view.name);
      setFilters(view.filters.map(toRow));
      setRelation(view.filterRelation === 'or' ? 'or' : 'and');
      setSorts(view.sorts);
    });
  }, [id]);

  const properties: Record<string, string> = {
    name: t`Name`,
    command: t`Command`,
    schedule: t`Schedule`,
    status: t`Status`,
    labels: t`Labels`,
    sub_id: t`Subscription`,
    last_execution_time: t`Last run`,
    last_running_time: t`Last duration`,
    createdAt: t`Created`,
  };
  const operations = [
    { value: ViewFilterOperation.Reg, label: t`contains` },
    { value: ViewFilterOperation.NotReg, label: t`does not contain` },
    { value: ViewFilterOperation.In, label: t`is one of` },
    { value: ViewFilterOperation.Nin, label: t`is none of` },
  ];
  const statuses = [
    { value: String(CronStatus.idle), label: t`Idle` },
    { value: String(CronStatus.running), label: t`Running` },
    { value: String(CronStatus.queued), label: t`Queued` },
    { value: String(CronStatus.disabled), label: t`Disabled` },
  ];
  const setFilter = (index: number, patch: Partial<FilterRow>) =>
    setFilters((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const setSort = (index: number, patch: Partial<SortRow>) =>
    setSorts((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const { errors, check, fail } = useFieldErrors({ name, filters, sorts }, (v): Errors => ({
    name: required(v.name, t`view name`),
  }));

  const submit = onSubmit({
    check,
    send: async () => {
      const body = {
        name: name.trim(),
        filters: filters.filter((f) => f.value.trim() !== '').map(fromRow),
        filterRelation: relation,
        sorts,
      };
      if (id) await api.put('crons/views', { id, ...body });
      else await api.post('crons/views', body);
      toast(t`View saved`);
      onClose();
    },
    failed: showAtFields(fail),
  });

  return (
    <FormDialog
      formId="view-form"
      title={id ? t`Edit view` : t`New view`}
      className="max-w-2xl!"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t`Save`}
      busy={busy}
      formError={formError}
    >
      <Field label={t`View name`} error={errors.name}>
        {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-[13px] font-medium">{t`Filters`}</legend>
        <SegmentedControl
          label={t`Match`}
          value={relation}
          onChange={setRelation}
          options={[
            { value: 'and', label: t`All filters (and)` },
            { value: 'or', label: t`Any filter (or)` },
          ]}
        />
        {filters.map((row, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr] gap-2 sm:grid-cols-[9rem_10rem_1fr_auto]">
            <Select
              aria-label={t`Filter ${index + 1} property`}
              value={row.property}
              onChange={(e) => setFilter(index, { property: e.target.value, value: '' })}
              options={ViewFilterProperty.map((p) => ({ value: p, label: properties[p] ?? p }))}
            />
            <Select
              aria-label={t`Filter ${index + 1} operator`}
              value={row.operation}
              onChange={(e) => setFilter(index, { operation: e.target.value })}
              options={operations}
            />
            {row.property === 'status' && listOps.includes(row.operation) ? (
              <Select
                aria-label={t`Filter ${index + 1} value`}
                value={row.value}
                onChange={(e) => setFilter(index, { value: e.target.value })}
                options={[{ value: '', label: '—' }, ...statuses]}
              />
            ) : (
              <Input
                aria-label={t`Filter ${index + 1} value`}
                value={row.value}
                placeholder={listOps.includes(row.operation) ? t`a, b, c` : t`text or pattern`}
                onChange={(e) => setFilter(index, { value: e.target.value })}
              />
            )}
            <Button onClick={() => setFilters((rows) => rows.filter((_, i) => i !== index))}>{t`Remove`}</Button>
          </div>
        ))}
        {errors.filters && <p className="text-xs text-danger-text">{errors.filters}</p>}
        <div>
          <Button
            size="sm"
            onClick={() => setFilters((rows) => [...rows, { property: 'name', operation: 'Reg', value: '' }])}
          >
            {t`Add a filter`}
          </Button>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-[13px] font-medium">{t`Sort`}</legend>
        {sorts.map((row, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] gap-2">
            <Select
              aria-label={t`Sort ${index + 1} field`}
              value={row.property}
              onChange={(e) => setSort(index, { property: e.target.value })}
              options={ViewSortProperty.map((p) => ({ value: p, label: properties[p] ?? p }))}
            />
            <Select
              aria-label={t`Sort ${index + 1} direction`}
              value={row.type}
              onChange={(e) => setSort(index, { type: e.target.value as SortRow['type'] })}
              options={[
                { value: 'ASC', label: t`Ascending` },
                { value: 'DESC', label: t`Descending` },
              ]}
            />
            <Button onClick={() => setSorts((rows) => rows.filter((_, i) => i !== index))}>{t`Remove`}</Button>
          </div>
        ))}
        {errors.sorts && <p className="text-xs text-danger-text">{errors.sorts}</p>}
        <div>
          <Button size="sm" onClick={() => setSorts((rows) => [...rows, { property: 'name', type: 'ASC' }])}>
            {t`Add a sort`}
          </Button>
        </div>
      </fieldset>
    </FormDialog>
  );
}
