// Reached only through the proxy's check (proxy.js).
export const dynamic = 'force-dynamic';

export default function Admin() {
  return <main id="admin">Admin area</main>;
}
