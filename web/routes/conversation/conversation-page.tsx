/** /conversation/:id: a customer conversation to reply to, archive or transfer to an order. */
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function ConversationPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={`Conversation ${id ?? ''}`}
      description="Reply and archive, toggle archive, or transfer to an order."
      issue={8}
    />
  );
}
