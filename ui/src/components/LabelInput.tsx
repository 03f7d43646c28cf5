import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { inputClass } from './ui/Input.tsx';
import { cn } from './ui/cn.ts';
import type { ControlProps } from './ui/Field.tsx';

/** Labels as removable chips; Enter or a comma adds what was typed, Backspace on an empty box removes the last. */
export function LabelInput({
  control,
  value,
  onChange,
  suggestions = [],
}: {
  control: ControlProps;
  value: string[];
  onChange: (labels: string[]) => void;
  suggestions?: string[];
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const fresh = raw
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter((s) => s && !value.includes(s));
    if (fresh.length) onChange([...value, ...fresh]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      if (text.trim()) {
        event.preventDefault();
        add(text);
      } else if (event.key === ',') event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const listId = `${control.id}-suggestions`;
  return (
    <div className={cn(inputClass, 'flex h-auto min-h-9 flex-wrap items-center gap-1.5 py-1')}>
      {value.map((label) => (
        <span
          key={label}
          className="inline-flex items-center gap-1 rounded bg-primary-soft px-1.5 py-px text-[12px] text-primary-text"
        >
          {label}
          <button
            type="button"
            aria-label={t`Remove label ${label}`}
            onClick={() => onChange(value.filter((l) => l !== label))}
            className="leading-none text-muted hover:text-primary-text"
          >
            ×
          </button>
        </span>
      ))}
      <input
        {...control}
        value={text}
        list={suggestions.length ? listId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
        placeholder={value.length ? '' : t`Type a label and press Enter`}
        className="min-w-24 flex-1 bg-transparent outline-none placeholder:text-faint"
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
