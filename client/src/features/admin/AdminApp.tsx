export default function AdminApp() {
  return <h1 className="h3">管理后台</h1>;
}
