import { LaterNotice } from '../features/areas/LaterNotice.tsx';
import type { PageProps } from '../routes.ts';

/** Every area that is not built yet. */
export default function LaterPage({ title }: PageProps) {
  return <LaterNotice area={title} />;
}
