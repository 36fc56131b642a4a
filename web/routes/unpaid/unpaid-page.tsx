/** /unpaid/:orderRef: an unpaid cart with the pre-filled apology e-mail. */
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function UnpaidPage() {
  const { orderRef } = useParams();
  return (
    <PlaceholderPage
      title={`Unpaid cart ${orderRef ?? ''}`}
      description="Notify the customer and close the cart, or just close it."
      issue={8}
    />
  );
}
