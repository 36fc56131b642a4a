/** /work-queues/:ordererId: one orderer's stats, order items and FCO batches to despatch. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { orderersQuery } from '../../api/queries';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function WorkQueuePage() {
  const { ordererId } = useParams();
  const { data } = useQuery(orderersQuery);
  const orderer = data?.orderers.find((o) => String(o.id) === ordererId);
  return (
    <PlaceholderPage
      title={orderer ? `${orderer.name}'s queue` : 'Work queue'}
      description="Stats, order items and FCO batches to despatch for one orderer."
      issue={7}
    />
  );
}
