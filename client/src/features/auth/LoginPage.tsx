export default function LoginPage() {
  return <h1 className="h3">Login</h1>;
}
