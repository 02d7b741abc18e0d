export default function Home() {
  return <main id="home">Public page</main>;
}
