/** /work-queues/:ordererId: one orderer's stats, order items and FCO batches to despatch. */
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function WorkQueuePage() {
  const { ordererId } = useParams();
  return (
    <PlaceholderPage
      title="Work queue"
      description={`Orderer ${ordererId ?? ''}: stats, order items and FCO batches to despatch.`}
      issue={7}
    />
  );
}
