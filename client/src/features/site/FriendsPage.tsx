export default function FriendsPage() {
  return <h1 className="h3">Friend links</h1>;
}
