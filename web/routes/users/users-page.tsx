/** /users: staff accounts, roles and orderer flags. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function UsersPage() {
  return <PlaceholderPage title="Users" description="Staff accounts, roles and who has a queue." issue={8} />;
}
