import { data } from 'react-router';

/** Any unknown path answers HTTP 404 with the spec's error page (rendered by the layout's boundary). */
export function loader() {
  throw data('', { status: 404 });
}

export default function NotFound() {
  return null;
}
