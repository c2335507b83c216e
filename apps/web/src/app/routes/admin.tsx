import { RouteGuard } from '@/app/route-guard';
import AdminConsole from '@/features/admin/routes/console';

export default function AdminRoute() {
  return (
    <RouteGuard role="ADMIN">
      <AdminConsole />
    </RouteGuard>
  );
}
