import AppLayout from '@/app/layouts/app-layout';
import HomeRoute from '@/app/routes/home';

/** Home routing at / inside the signed-in shell (see app/routes/index.tsx). */
export default function SignedInHome() {
  return (
    <AppLayout>
      <HomeRoute />
    </AppLayout>
  );
}
