import { data } from "react-router";

// Any path no other route matches: the root error boundary renders the 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
