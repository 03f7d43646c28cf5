import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cn } from './cn.ts';
import { inputClass, type InputProps } from './Input.tsx';

/** A password field with a show/hide toggle. The toggle's name avoids the word "password" so labels stay unique. */
export function PasswordInput({ className, ...rest }: Omit<InputProps, 'type'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input type={visible ? 'text' : 'password'} className={cn(inputClass, 'pr-10', className)} {...rest} />
      <button
        type="button"
        aria-label={visible ? t`Hide characters` : t`Show characters`}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-faint hover:text-fg"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible && <path d="M4 4l16 16" />}
        </svg>
      </button>
    </div>
  );
}
