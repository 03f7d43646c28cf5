import { cn } from './cn.ts';
import { inputClass, type InputProps } from './Input.tsx';

/**
 * A 6-digit one-time code: numeric keyboard on phones, the browser's one-time-code autofill, and only digits kept.
 * `onComplete` fires when the sixth digit arrives, so the user never has to press a button.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  className,
  ...rest
}: Omit<InputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (code: string) => void;
}) {
  return (
    <input
      {...rest}
      value={value}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
        onChange(digits);
        if (digits.length === 6 && digits !== value) onComplete?.(digits);
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      className={cn(inputClass, 'h-11 text-center font-mono text-xl tracking-[0.5em]', className)}
    />
  );
}
