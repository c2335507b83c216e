import { Navigate } from 'react-router';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';

/** /new-property/ → /new-property/address (spec 001 §2). */
export default function NewPropertyIndexRoute() {
  return <Navigate to={WIZARD_PATHS.address} replace />;
}
