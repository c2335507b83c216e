import PublicLayout from '@/app/layouts/public-layout';
import HomeRoute from '@/features/public/routes/home';

/** The visitors' homepage inside the public shell (see app/routes/index.tsx). */
export default function VisitorHome() {
  return (
    <PublicLayout>
      <HomeRoute />
    </PublicLayout>
  );
}
