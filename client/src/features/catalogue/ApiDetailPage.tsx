export default function ApiDetailPage() {
  return <h1 className="h3">API detail</h1>;
}
