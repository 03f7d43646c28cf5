import { ErrorView } from '../features/errors/ErrorView.tsx';

export default function ErrorPage() {
  return <ErrorView standalone />;
}
