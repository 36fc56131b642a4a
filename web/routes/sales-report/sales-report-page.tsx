/** /sales-report: the monthly sales report with a chart and CSV. */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function SalesReportPage() {
  return (
    <PlaceholderPage
      title="Sales report"
      description="Monthly totals, breakdowns by product and region, and comparisons."
      issue={8}
    />
  );
}
