/** /fco_batch/:fcoBatchId: despatch an FCO batch or mark it received. */
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function FcoBatchPage() {
  const { fcoBatchId } = useParams();
  return (
    <PlaceholderPage
      title={`FCO batch ${fcoBatchId ?? ''}`}
      description="Despatch the batch to the FCO or mark it received."
      issue={7}
    />
  );
}
