/** /admin: reference content (registries, embassies, councils, parishes, courts, articles, FAQs). */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function AdminPage() {
  return (
    <PlaceholderPage
      title="Reference content"
      description="Registries, embassies, councils, parishes, courts, articles, FAQ categories and FAQs."
      issue={8}
    />
  );
}
