import { cn } from '../ui/cn.ts';

/** The account picture, or the name's first letter on a tinted disc when there is none. */
export function Avatar({
  src,
  name,
  size = 'sm',
}: {
  src: string | null | undefined;
  name: string;
  size?: 'sm' | 'lg';
}) {
  const box = size === 'lg' ? 'size-16 text-2xl' : 'size-7 text-[13px]';
  if (src) return <img src={src} alt="" className={cn(box, 'shrink-0 rounded-full object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'flex shrink-0 items-center justify-center rounded-full bg-primary-fill font-semibold text-on-primary uppercase',
      )}
    >
      {name.slice(0, 1) || '?'}
    </span>
  );
}
