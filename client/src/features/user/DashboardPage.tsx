export default function DashboardPage() {
  return <h1 className="h3">User centre</h1>;
}
