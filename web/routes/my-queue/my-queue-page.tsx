/** /my-queue: the signed-in user's order items, FCO orders and batches ready for despatch. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function MyQueuePage() {
  return (
    <PlaceholderPage
      title="My queue"
      description="Your order items, FCO orders to place and batches ready for despatch."
      issue={7}
    />
  );
}
