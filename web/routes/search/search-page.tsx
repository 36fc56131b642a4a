/** /search: quick text search or advanced search by names. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function SearchPage() {
  return (
    <PlaceholderPage
      title="Search"
      description="Quick search by ref, name or e-mail, or advanced search by names on the certificate."
      issue={8}
    />
  );
}
