import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Input } from '../../../components/ui/Input.tsx';

/** The task search: free text or a prefix (name:, command:, schedule:, label:), sent after a short pause. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
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
        aria-label={t`Search tasks`}
        aria-describedby={hintId}
        placeholder={t`Search tasks`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(text)}
      />
      <p id={hintId} className="mt-1 text-xs text-muted">
        {t`Any text, or name:, command:, schedule:, label: to search one field`}
      </p>
    </div>
  );
}
