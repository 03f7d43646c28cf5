import { LaterNotice } from '../features/areas/LaterNotice.tsx';
import type { PageProps } from '../lib/routing.ts';

/** Every area that is not built yet. */
export default function LaterPage({ title }: PageProps) {
  return <LaterNotice area={title} />;
}
