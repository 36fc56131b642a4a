/** /dashboard: waiting FCO batches, unassigned items to assign, orderer stats, unpaid carts, conversations. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Waiting FCO batches, items to assign, orderer stats, unpaid carts and conversations."
      issue={7}
    />
  );
}
