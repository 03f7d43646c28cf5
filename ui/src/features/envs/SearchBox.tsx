import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Input } from '../../components/ui/Input.tsx';

/** The variable search (name, value, remarks), sent after a short pause. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1">
      <Input
        type="search"
        aria-label={t`Search variables`}
        placeholder={t`Search name, value or remarks`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(text)}
      />
    </div>
  );
}
