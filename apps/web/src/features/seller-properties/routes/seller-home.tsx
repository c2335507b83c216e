/**
 * Seller home at / (spec 001 'Seller home'). Placeholder until the seller-properties feature lands:
 * it keeps the title so home routing can be exercised end to end.
 */
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SellerHome() {
  useDocumentTitle('My Properties');
  return <PageHeader title="My Properties" />;
}
