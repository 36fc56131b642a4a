/** /orders/:orderId: an order item with its action panels, comments, attachments and timeline. */
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function OrderPage() {
  const { orderId } = useParams();
  return (
    <PlaceholderPage
      title={`Order item ${orderId ?? ''}`}
      description="Action panels, comments, attachments, cover letter and the event timeline."
      issue={7}
    />
  );
}
