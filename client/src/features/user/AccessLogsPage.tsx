export default function AccessLogsPage() {
  return <h1 className="h3">Call records</h1>;
}
