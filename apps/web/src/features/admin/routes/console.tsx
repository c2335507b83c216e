/** The operators' console at /admin (PRODUCT.md). Placeholder until the admin feature lands. */
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AdminConsole() {
  useDocumentTitle('Operator console');
  return <PageHeader title="Operator console" />;
}
