/** /outbox: e-mails to customers and their delivery state. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function OutboxPage() {
  return (
    <PlaceholderPage
      title="Outbox"
      description="E-mails to customers and whether they were delivered."
      issue={8}
    />
  );
}
