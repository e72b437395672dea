export default function RechargePage() {
  return <h1 className="h3">Recharge centre</h1>;
}
