export default function RegisterPage() {
  return <h1 className="h3">Register</h1>;
}
