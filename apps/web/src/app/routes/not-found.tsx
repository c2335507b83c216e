import { NotFoundPage } from '@/components/not-found';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
