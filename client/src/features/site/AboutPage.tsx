export default function AboutPage() {
  return <h1 className="h3">About</h1>;
}
