import { useEffect, useId, useState } from 'react';
import { Input } from '../ui/Input.tsx';

/** A list's search field: what is typed is sent after a short pause, or at once on Enter; `/` focuses it. */
export function SearchBox({
  label,
  placeholder,
  hint,
  value,
  onSearch,
}: {
  /** Accessible name, e.g. "Search tasks". */
  label: string;
  placeholder: string;
  /** A line under the field saying what the search understands. */
  hint?: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const hintId = useId();
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1">
      <Input
        type="search"
        aria-label={label}
        aria-keyshortcuts="/"
        aria-describedby={hint ? hintId : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(text)}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
