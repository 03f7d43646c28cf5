/** What a list with row checkboxes gets from its page: the chosen ids and how to change them. */
export interface SelectionProps {
  selected: Set<number>;
  onSelect: (ids: number[], on: boolean) => void;
}

export function Checkbox({
  label,
  checked,
  indeterminate,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = !!indeterminate;
      }}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 cursor-pointer accent-primary align-middle"
    />
  );
}

/** The header checkbox: checked when every row shown is chosen, mixed when some are. */
export function SelectAllCheckbox({
  label,
  ids,
  selected,
  onSelect,
}: SelectionProps & {
  label: string;
  /** The rows shown. */
  ids: number[];
}) {
  const chosen = ids.filter((id) => selected.has(id)).length;
  return (
    <Checkbox
      label={label}
      checked={chosen > 0 && chosen === ids.length}
      indeterminate={chosen > 0 && chosen < ids.length}
      onChange={(on) => onSelect(ids, on)}
    />
  );
}
