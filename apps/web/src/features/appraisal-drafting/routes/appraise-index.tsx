/** /agent/appraisal-request/{id}/appraise: the drafting starts at the selling range. */
import { Navigate, useParams } from 'react-router';
import { stepPath } from '@/features/appraisal-drafting/components/draft-page';

export default function AppraiseIndexRoute() {
  const { id = '' } = useParams();
  return <Navigate to={stepPath(id, 'selling-range')} replace />;
}
